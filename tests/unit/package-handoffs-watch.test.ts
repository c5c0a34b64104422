import { describe, expect, it } from 'vitest';
import type { JournalStatus } from '../../src-shared/ipc/journal';
import { EventBus } from '../../src-main/services/events';
import { watchHandOffs } from '../../src-main/services/packages/handedOn';

const status = (taskSubjectId: number, state: JournalStatus['state'], handoff?: JournalStatus['handoff']): JournalStatus => ({
  taskSubjectId,
  state,
  pending: 0,
  version: 3,
  ...(handoff ? { handoff } : {}),
});

/** A bus, the watch on it, and the items it said were handed on. */
async function watching(queuedAtStart: number[] = []) {
  const events = new EventBus();
  const handedOn: number[] = [];
  watchHandOffs(events, Promise.resolve(queuedAtStart), (id) => handedOn.push(id));
  await Promise.resolve();
  return { sync: (s: JournalStatus) => events.emit('journal.sync', s), handedOn };
}

describe('items handed on leave their package', () => {
  it('an item whose queued hand-off the journal then reports synced was handed on, once', async () => {
    const w = await watching();
    w.sync(status(7, 'offline', 'submit'));
    w.sync(status(7, 'pending', 'submit'));
    expect(w.handedOn).toEqual([]);
    w.sync(status(7, 'synced'));
    w.sync(status(7, 'synced'));
    expect(w.handedOn).toEqual([7]);
  });

  it('an edit saved without a hand-off leaves the item in its package', async () => {
    const w = await watching();
    w.sync(status(8, 'pending'));
    w.sync(status(8, 'synced'));
    expect(w.handedOn).toEqual([]);
  });

  it('a refused hand-off ends the watch: saving the item again later does not count as handed on', async () => {
    const w = await watching();
    w.sync(status(9, 'offline', 'skip'));
    w.sync(status(9, 'refused', 'skip'));
    w.sync(status(9, 'synced'));
    expect(w.handedOn).toEqual([]);
    w.sync(status(9, 'pending', 'submit'));
    w.sync(status(9, 'synced'));
    expect(w.handedOn).toEqual([9]);
  });

  it('a hand-off queued before a restart is watched from the start', async () => {
    const w = await watching([11]);
    w.sync(status(11, 'synced'));
    expect(w.handedOn).toEqual([11]);
  });
});
