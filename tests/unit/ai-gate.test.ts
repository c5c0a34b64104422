/**
 * The fair gate in front of image fetching and decoding (src-ai/gate.ts, issue 30): priorities,
 * parties in turn, the slots kept for interactive calls, the pixel budget, bounded warm-ups and
 * promotion. Deterministic: tickets are let in synchronously as slots free.
 */
import { describe, expect, it } from 'vitest';
import { Dropped, FairGate, type Ticket } from '../../src-ai/gate';

const settled = async (t: Ticket) => {
  let state = 'waiting';
  t.admitted.then(
    () => (state = 'in'),
    (e: unknown) => (state = e instanceof Dropped ? 'dropped' : 'refused'),
  );
  await Promise.resolve();
  await Promise.resolve();
  return state;
};

describe('the fair gate', () => {
  it('lets parties in turn: one that arrives after another party queued ten waits for one holder, not ten', async () => {
    const gate = new FairGate({ slots: 2 });
    const a = Array.from({ length: 10 }, () => gate.enter({ priority: 'interactive', tenant: 'A' }));
    expect(gate.stats.held).toBe(2);
    const b = gate.enter({ priority: 'interactive', tenant: 'B' });
    expect(await settled(b)).toBe('waiting');
    a[0]!.release();
    expect(await settled(b)).toBe('in');
    expect(gate.log.slice(0, 3)).toEqual(['interactive:A', 'interactive:A', 'interactive:B']);
  });

  it('goes by priority, keeps a slot for interactive calls, and lets warm-ups in one at a time', async () => {
    const gate = new FairGate({ slots: 2, classSlots: { batch: 1, warm: 1 } });
    const warm = [gate.enter({ priority: 'warm' }), gate.enter({ priority: 'warm' })];
    const batch = gate.enter({ priority: 'batch' });
    expect([await settled(warm[0]!), await settled(warm[1]!), await settled(batch)]).toEqual(['in', 'waiting', 'waiting']);
    // batch and warm together hold at most one slot: the other stays for an interactive call
    const click = gate.enter({ priority: 'interactive' });
    expect(await settled(click)).toBe('in');
    warm[0]!.release();
    // batch before the second warm-up
    expect([await settled(batch), await settled(warm[1]!)]).toEqual(['in', 'waiting']);
    expect(gate.stats.peakByPriority.warm).toBe(1);
  });

  it('keeps the held cost within the budget, lets one larger than the whole budget in alone, and does not starve it behind small ones', async () => {
    const gate = new FairGate({ slots: 4, budget: 100 });
    const small = gate.enter({ priority: 'interactive', cost: 60 });
    const big = gate.enter({ priority: 'interactive', cost: 150 });
    const later = gate.enter({ priority: 'interactive', cost: 10 });
    expect([await settled(small), await settled(big), await settled(later)]).toEqual(['in', 'waiting', 'waiting']);
    small.release();
    expect([await settled(big), await settled(later)]).toEqual(['in', 'waiting']);
    big.release();
    expect(await settled(later)).toBe('in');
    expect(gate.stats.peakCost).toBe(150);
  });

  it('bounds waiting warm-ups per party and in all, dropping the oldest, and drops those that waited too long', async () => {
    const gate = new FairGate({ slots: 1, warmQueue: 2, warmQueueTotal: 3, warmMaxWaitMs: 0 });
    const hold = gate.enter({ priority: 'interactive' });
    const a = [1, 2, 3].map(() => gate.enter({ priority: 'warm', tenant: 'A' }));
    expect(await Promise.all(a.map(settled))).toEqual(['dropped', 'waiting', 'waiting']);
    const b = [1, 2].map(() => gate.enter({ priority: 'warm', tenant: 'B' }));
    // four wait, three may: A's oldest goes
    expect(await Promise.all([...a, ...b].map(settled))).toEqual(['dropped', 'dropped', 'waiting', 'waiting', 'waiting']);
    expect(gate.stats.waiting).toBe(3);
    // they waited longer than warmMaxWaitMs (0): dropped when a slot frees, not decoded
    await new Promise((r) => setTimeout(r, 2));
    hold.release();
    expect(await Promise.all([...a, ...b].map(settled))).toEqual(['dropped', 'dropped', 'dropped', 'dropped', 'dropped']);
    expect(gate.stats.dropped).toBe(5);
    expect(gate.stats.held).toBe(0);
  });

  it('promotes a waiting warm-up an interactive call needs, ahead of other warm-ups', async () => {
    const gate = new FairGate({ slots: 1, classSlots: { warm: 1 } });
    const hold = gate.enter({ priority: 'interactive', tenant: 'X' });
    const w1 = gate.enter({ priority: 'warm', tenant: 'A' });
    const w2 = gate.enter({ priority: 'warm', tenant: 'A' });
    w2.promote('interactive', 'B');
    hold.release();
    expect([await settled(w1), await settled(w2)]).toEqual(['waiting', 'in']);
    expect(w2.priority).toBe('interactive');
    // never lowered
    w2.promote('warm');
    expect(w2.priority).toBe('interactive');
  });

  it('takes an aborted waiter out of the queue', async () => {
    const gate = new FairGate({ slots: 1 });
    gate.enter({ priority: 'interactive' });
    const ac = new AbortController();
    const t = gate.enter({ priority: 'interactive', signal: ac.signal });
    ac.abort(new Error('gone'));
    expect(await settled(t)).toBe('refused');
    expect(gate.stats.waiting).toBe(0);
  });
});
