import { useCallback, useEffect, useRef, useState } from 'react';
import type { TaskSubjectOpen } from '../../../../../src-shared/api/task';
import type { TaskSubjectCard } from '../../../../../src-shared/api/taskSubject';
import type { AnnotationObject, FrameData } from '../../../../../src-shared/model/annotation';
import { workstation } from '../../../host';
import { ActiveTime } from './activeTime';
import { applyEdit, type ObjectEdit } from './applyEdit';
import { FrameImages } from './frameImages';
import {
  useClaimNextMutation,
  useLazyItemAnnotationsQuery,
  useLazyQueuePeekQuery,
  useLazyWorkItemQuery,
  usePassItemMutation,
  useRejectItemMutation,
  useSkipItemMutation,
  useSubmitItemMutation,
} from './workspaceApi';

export interface WorkTarget {
  projectId: number;
  taskId: number;
  workflowId: number;
}

/** The item open in the workspace: its subject, its frames' annotations as edited, and the version the server had. */
export interface OpenItem {
  open: TaskSubjectOpen;
  taskSubjectId: number;
  /** annotations by frame id, with every local edit applied */
  frames: Map<number, FrameData>;
  /** the server's version when the item was opened */
  serverVersion: number;
  /** the first frame, decoded before the item is shown, so it appears with the item in one render */
  firstImage: { key: string; bitmap: ImageBitmap } | null;
}

export type SessionPhase =
  | { kind: 'claiming' }
  | { kind: 'loading' }
  | { kind: 'ready' }
  /** nothing waits at this step for the caller */
  | { kind: 'empty' }
  | { kind: 'failed'; error: unknown };

/** The edits of an item and the reasons or notes of a rejection, as the step's actions take them. */
export interface RejectInput {
  reasonIds: number[];
  reason?: string;
  notes?: { content: string; objectId?: string; frameId?: number }[];
}

/**
 * One annotator's pass through a step's queue: claims the next item (or opens the one asked
 * for), loads its subject and annotations, lays the journal's unsynced edits over them (so
 * nothing typed before a crash is lost), records every edit in the journal at once, and moves
 * the item on (submit, skip, pass, reject) once the journal has synced it.
 */
export function useWorkSession(target: WorkTarget, firstItem: number | undefined, userId: number | undefined) {
  const [phase, setPhase] = useState<SessionPhase>({ kind: 'claiming' });
  const [item, setItem] = useState<OpenItem | null>(null);
  const images = useRef(new FrameImages()).current;
  const active = useRef(new ActiveTime());
  const [claimNext] = useClaimNextMutation();
  const [loadWorkItem] = useLazyWorkItemQuery();
  const [loadAnnotations] = useLazyItemAnnotationsQuery();
  const [peekQueue] = useLazyQueuePeekQuery();
  const [submitItem] = useSubmitItemMutation();
  const [skipItem] = useSkipItemMutation();
  const [passItem] = usePassItemMutation();
  const [rejectItem] = useRejectItemMutation();
  const itemRef = useRef<OpenItem | null>(null);
  itemRef.current = item;
  const userIdRef = useRef(userId);
  userIdRef.current = userId;

  /**
   * While the annotator works, the items the next claim will probably give (the oldest waiting)
   * are loaded ahead: their subject and the first frame's decoded image, so submit to the next
   * item drawn is a claim and an annotations read, not a download. Best effort: a miss only
   * costs the wait it would have cost anyway.
   */
  const prefetchNext = useCallback(
    async (currentId: number) => {
      const { projectId, taskId, workflowId } = target;
      const waiting = await peekQueue({ projectId, taskId, workflowId }).unwrap();
      for (const candidate of waiting.list.filter((c) => c.taskSubjectId !== currentId)) {
        const open = await loadWorkItem({ projectId, taskId, taskSubjectId: candidate.taskSubjectId }, true).unwrap();
        images.prefetch(open.subject.frames.slice(0, 1).map((f) => f.key));
      }
    },
    // target's fields are fixed for the page's life
    [images, loadWorkItem, peekQueue, target.projectId, target.taskId, target.workflowId],
  );

  /**
   * Opens one task subject: subject, annotations, then the journal's pending edits on top. With
   * the version the claim answered, the journal is opened while the annotations load (the
   * version they carry is almost always the same; when someone saved in between, it is asked
   * again with theirs).
   */
  const openItem = useCallback(
    async (taskSubjectId: number, claimed?: TaskSubjectCard) => {
      // Moving on from a shown item keeps it on screen (held still by the page) rather than
      // re-rendering the workspace twice for spinners that would show for a few milliseconds.
      if (!itemRef.current) setPhase({ kind: 'loading' });
      const claimedVersion = claimed?.version;
      const openJournal = (serverVersion: number) => workstation.invoke('journal.open', { taskSubjectId, serverVersion, ...(userId ? { userId } : {}) });
      const [open, annotations, early] = await Promise.all([
        // Just claimed: the prefetched subject is taken from the cache (preferCacheValue) and its
        // place in the flow from the claim; otherwise (a rework opened from My work) read afresh.
        loadWorkItem({ projectId: target.projectId, taskId: target.taskId, taskSubjectId }, claimed !== undefined)
          .unwrap()
          .then((o): TaskSubjectOpen => (claimed ? { ...o, taskSubject: { ...o.taskSubject, ...claimed } } : o)),
        loadAnnotations(taskSubjectId).unwrap(),
        claimedVersion !== undefined ? openJournal(claimedVersion) : Promise.resolve(null),
      ]);
      const journal = early && claimedVersion === annotations.version ? early : await openJournal(annotations.version);
      const frames = new Map<number, FrameData>(annotations.frames.map((f) => [f.frameId, f.data]));
      for (const edit of journal.edits) frames.set(edit.frameId, applyEdit(frames.get(edit.frameId), edit));
      const first = open.subject.frames[0];
      // An image that cannot be loaded does not keep the item closed: its objects can still be
      // reviewed and saved, and the page says why the picture is missing when it tries again.
      const bitmap = first ? await images.get(first.key).catch(() => null) : null;
      const firstImage = first && bitmap ? { key: first.key, bitmap } : null;
      images.prefetch(open.subject.frames.slice(1, 4).map((f) => f.key));
      active.current = new ActiveTime();
      setItem({ open, taskSubjectId, frames, serverVersion: annotations.version, firstImage });
      setPhase({ kind: 'ready' });
      prefetchNext(taskSubjectId).catch(() => undefined);
    },
    [images, loadAnnotations, loadWorkItem, prefetchNext, target.projectId, target.taskId, userId],
  );

  /** Claims the next item of the step (the caller's own unsubmitted ones first) and opens it. */
  const next = useCallback(async () => {
    if (!itemRef.current) setPhase({ kind: 'claiming' });
    try {
      const card = await claimNext({ projectId: target.projectId, taskId: target.taskId, workflowId: target.workflowId }).unwrap();
      if (!card) {
        setItem(null);
        setPhase({ kind: 'empty' });
        return;
      }
      await openItem(card.taskSubjectId, card);
    } catch (error) {
      setPhase({ kind: 'failed', error });
    }
  }, [claimNext, openItem, target.projectId, target.taskId, target.workflowId]);

  useEffect(() => {
    if (firstItem) openItem(firstItem).catch((error: unknown) => setPhase({ kind: 'failed', error }));
    else void next();
    // Only on entering the workspace: later items come from next().
  }, []);

  /** Records an edit of one frame: in the open item at once, in the journal durably. */
  const recordEdit = useCallback(async (frameId: number, edit: ObjectEdit) => {
    const current = itemRef.current;
    if (!current) return;
    current.frames.set(frameId, applyEdit(current.frames.get(frameId), edit));
    active.current.touch();
    await workstation.invoke('journal.append', {
      taskSubjectId: current.taskSubjectId,
      frameId,
      upsert: [...(edit.upsert ?? [])],
      remove: [...(edit.remove ?? [])],
      ...(edit.classifications ? { classifications: [...edit.classifications] } : {}),
      ...(userIdRef.current ? { userId: userIdRef.current } : {}),
    });
  }, []);

  /** Waits for the journal to put every edit on the server; the version to move the item on with. */
  const flushed = useCallback(async (taskSubjectId: number) => {
    const { version } = await workstation.invoke('journal.flush', { taskSubjectId });
    return version;
  }, []);

  /** Runs one of the step's actions on the open item, then goes on to the next. */
  const moveOn = useCallback(
    async (run: (taskSubjectId: number, version: number, activeMs: number) => Promise<unknown>) => {
      const current = itemRef.current;
      if (!current) return;
      const version = await flushed(current.taskSubjectId);
      await run(current.taskSubjectId, version, active.current.take());
      // The journal of a moved-on item is only housekeeping: the annotator does not wait for it.
      workstation.invoke('journal.forget', { taskSubjectId: current.taskSubjectId }).catch(() => undefined);
      await next();
    },
    [flushed, next],
  );

  const { taskId } = target;
  const actions = {
    submit: () => moveOn((taskSubjectId, version, activeMs) => submitItem({ taskId, taskSubjectId, version, activeMs }).unwrap()),
    skip: (reason?: string) => moveOn((taskSubjectId, version, activeMs) => skipItem({ taskId, taskSubjectId, version, activeMs, ...(reason ? { reason } : {}) }).unwrap()),
    pass: () => moveOn((taskSubjectId, version, activeMs) => passItem({ taskId, taskSubjectId, version, activeMs }).unwrap()),
    reject: (input: RejectInput) =>
      moveOn((taskSubjectId, version, activeMs) =>
        rejectItem({
          taskId,
          taskSubjectId,
          version,
          activeMs,
          reasonIds: input.reasonIds,
          ...(input.reason ? { reason: input.reason } : {}),
          ...(input.notes && input.notes.length > 0 ? { notes: input.notes } : {}),
        }).unwrap(),
      ),
  };

  /**
   * Copies objects to another frame of the item keeping their ids ("copy to the next frame"):
   * one id across frames is one track, which interpolation then follows. One journal entry.
   */
  const copyToFrame = useCallback(
    (frameId: number, objects: readonly AnnotationObject[]) => {
      if (objects.length === 0) return;
      void recordEdit(frameId, { upsert: objects.map((o) => ({ ...o })) });
    },
    [recordEdit],
  );

  /**
   * Someone else changed the item after our edits: keep ours (sent again over their version)
   * or take theirs (ours dropped). Either way the item reopens as the server then has it, with
   * whatever is still pending laid over it.
   */
  const resolveConflict = useCallback(
    async (keep: 'mine' | 'theirs') => {
      const current = itemRef.current;
      if (!current) return;
      const { version } = await loadAnnotations(current.taskSubjectId).unwrap();
      await workstation.invoke('journal.resolve', { taskSubjectId: current.taskSubjectId, keep, serverVersion: version });
      await openItem(current.taskSubjectId);
    },
    [loadAnnotations, openItem],
  );

  return { phase, item, images, next, recordEdit, copyToFrame, resolveConflict, flush: flushed, actions, touch: () => active.current.touch() };
}
