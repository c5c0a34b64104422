import type { EventBus } from '../events';

/**
 * Tells the packages which items the journal handed on (docs/offline-day.md, "Workstation: the
 * annotator's side"). The journal says so only through its `journal.sync` reports: an item with
 * a step action queued, then, once the server took it, synced with none (the journal forgot it).
 * A refusal or a conflict ends the watch (opening the item again drops the refused action; a
 * new hand-off starts it again). Hand-offs queued before a restart are watched from the start.
 */
export function watchHandOffs(events: EventBus, queuedAtStart: Promise<number[]>, handedOn: (taskSubjectId: number) => void): () => void {
  const watched = new Set<number>();
  void queuedAtStart.then((ids) => ids.forEach((id) => watched.add(id)), () => undefined);
  return events.on('journal.sync', (s) => {
    if (s.state === 'refused' || s.state === 'conflict') return void watched.delete(s.taskSubjectId);
    if (s.handoff) return void watched.add(s.taskSubjectId);
    if (s.state !== 'synced' || !watched.delete(s.taskSubjectId)) return;
    handedOn(s.taskSubjectId);
  });
}
