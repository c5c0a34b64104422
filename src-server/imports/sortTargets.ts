/**
 * The matched frames sorted by their subject's task subject in the import's task: writable,
 * held by a worker (left alone: the import must not change what someone is editing), or not in
 * the task at all (the subject matched, but the caller chose another task).
 */
import type { MatchedFrame } from './matchFiles';
import { isHeld, type TaskSubjectRef } from './taskSubjectsOf';
import { Listed } from './tally';

export interface TaskSubjectTarget {
  taskSubjectId: number;
  frames: MatchedFrame[];
}

export interface SortedTargets {
  writable: TaskSubjectTarget[];
  held: Listed<number>;
  /** subject ids (dataIds) */
  notInTask: Listed<number>;
}

export function sortTargets(matched: Iterable<MatchedFrame>, taskSubjects: ReadonlyMap<number, TaskSubjectRef>): SortedTargets {
  const bySubject = new Map<number, MatchedFrame[]>();
  for (const m of matched) bySubject.set(m.frame.subjectId, [...(bySubject.get(m.frame.subjectId) ?? []), m]);
  const out: SortedTargets = { writable: [], held: new Listed(), notInTask: new Listed() };
  for (const [subjectId, frames] of bySubject) {
    const t = taskSubjects.get(subjectId);
    if (!t) out.notInTask.add(subjectId);
    else if (isHeld(t)) out.held.add(t.id);
    else out.writable.push({ taskSubjectId: t.id, frames });
  }
  return out;
}
