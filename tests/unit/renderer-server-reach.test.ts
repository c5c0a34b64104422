import { afterEach, describe, expect, it } from 'vitest';
import { ServerReach, type Reach } from '../../src-renderer/src/app/serverReach';

/** A reach with a clock the test moves and a server whose answers the test gives, counting the questions. */
function world() {
  let now = 1_000;
  let there = false;
  let asked = 0;
  let release: (() => void) | null = null;
  const reach = new ServerReach(
    () => {
      asked++;
      return new Promise<boolean>((resolve) => {
        release = () => resolve(there);
      });
    },
    () => now,
    5_000,
  );
  const changes: [Reach, Reach][] = [];
  reach.subscribe((to, from) => changes.push([to, from]));
  made.push(reach);
  return {
    reach,
    changes,
    asked: () => asked,
    later: (ms: number) => (now += ms),
    answer: (isThere: boolean) => {
      there = isThere;
      release?.();
      release = null;
    },
  };
}
const made: ServerReach[] = [];
afterEach(() => made.splice(0).forEach((r) => r.stop()));

describe('what the page knows of the team server', () => {
  it('lets every read go while the server is not known to be away, asking nothing of its own', async () => {
    const w = world();
    expect(await w.reach.mayRead()).toBe(true);
    w.reach.set('reachable');
    expect(await w.reach.mayRead()).toBe(true);
    expect(w.asked()).toBe(0);
  });

  it('while away, fails reads at once, asks at most once per interval for all of them, and lets them go once it answers', async () => {
    const w = world();
    w.reach.set('away');
    // Just found away: nothing is asked again yet.
    expect(await w.reach.mayRead()).toBe(false);
    expect(w.asked()).toBe(0);

    // An interval later: one question for every read waiting together; no answer keeps them away.
    w.later(5_000);
    const reads = [w.reach.mayRead(), w.reach.mayRead(), w.reach.mayRead()];
    expect(w.asked()).toBe(1);
    w.answer(false);
    expect(await Promise.all(reads)).toEqual([false, false, false]);
    expect(await w.reach.mayRead()).toBe(false);
    expect(w.asked()).toBe(1);

    // Back: the next question finds it, and reads go again without asking.
    w.later(5_000);
    const read = w.reach.mayRead();
    w.answer(true);
    expect(await read).toBe(true);
    expect(w.reach.current).toBe('reachable');
    expect(await w.reach.mayRead()).toBe(true);
    expect(w.asked()).toBe(2);
    expect(w.changes).toEqual([
      ['away', 'unknown'],
      ['reachable', 'away'],
    ]);
  });

  it('asks at once when told to (the "Try the server again" button), whatever the interval', async () => {
    const w = world();
    w.reach.set('away');
    const probe = w.reach.probe();
    w.answer(true);
    expect(await probe).toBe(true);
    expect(w.reach.current).toBe('reachable');
  });
});
