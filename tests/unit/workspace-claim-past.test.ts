import { describe, expect, it } from 'vitest';
import { CLAIM_AHEAD_MAX, type TaskSubjectCard } from '../../src-shared/api/taskSubject';
import { claimPast } from '../../src-renderer/src/features/work/workspace/claimPast';

/**
 * The server's claim as the workspace meets it: the caller's own unfinished items first (those
 * whose hand-off is still on its way included), then the queue; at most CLAIM_AHEAD_MAX
 * exclusions. `held` and `queue` are item ids.
 */
function step(held: number[], queue: number[]) {
  const calls: number[][] = [];
  const claim = async (exclude: number[]): Promise<TaskSubjectCard | null> => {
    if (exclude.length > CLAIM_AHEAD_MAX) throw new Error('taskSubject.tooManyExcluded');
    calls.push(exclude);
    const id = held.find((h) => !exclude.includes(h)) ?? queue.shift();
    if (id === undefined) return null;
    if (!held.includes(id)) held.push(id);
    return { taskSubjectId: id } as TaskSubjectCard;
  };
  return { claim, calls };
}

/** Hand-offs waiting to be sent; `send` lands one (the server then no longer counts it held). */
function handoffs(waiting: number[], held: number[]) {
  const leaving = new Map<number, () => void>();
  return {
    ids: async () => [...waiting],
    gone: (id: number) => (waiting.includes(id) ? new Promise<void>((r) => leaving.set(id, r)) : Promise.resolve()),
    send(id: number) {
      waiting.splice(waiting.indexOf(id), 1);
      held.splice(held.indexOf(id), 1);
      leaving.get(id)?.();
    },
    isWaitedFor: (id: number) => leaving.has(id),
  };
}

describe('claiming past the open item and the hand-offs on their way', () => {
  it('names the open item and the waiting hand-offs, and opens a fresh item', async () => {
    const held = [10, 11];
    const server = step(held, [20, 21]);
    const card = await claimPast(server.claim, 11, handoffs([10], held));
    expect(card?.taskSubjectId).toBe(20);
    expect(server.calls).toEqual([[11, 10]]);
  });

  it('with more hand-offs waiting than the server excludes, waits for the one it answered instead of opening it again', async () => {
    const held = [1, 2, 3, 4];
    const server = step(held, [30]);
    const waiting = handoffs([1, 2, 3], held);
    const claimed = claimPast(server.claim, 4, waiting);
    // The server could only be told of the open item and two hand-offs: it answers the third.
    await expect.poll(() => waiting.isWaitedFor(3)).toBe(true);
    waiting.send(3);
    expect((await claimed)?.taskSubjectId).toBe(30);
    expect(server.calls).toEqual([[4, 1, 2], [4, 1, 2]]);
  });

  it('answers nothing when the step has nothing left but what is on its way', async () => {
    const held = [5];
    const server = step(held, []);
    expect(await claimPast(server.claim, undefined, handoffs([5], held))).toBeNull();
    expect(server.calls).toEqual([[5]]);
  });
});
