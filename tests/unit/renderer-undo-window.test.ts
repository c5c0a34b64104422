import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openUndoWindow } from '../../src-renderer/src/app/undoWindow';

/** Undo is offered only while it can still undo (issue 17): one clock decides both. */
describe('undo window', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = (commit: () => Promise<unknown> = () => Promise.resolve()) => {
    const log: string[] = [];
    const w = openUndoWindow({
      ms: 5000,
      commit: () => {
        log.push('commit');
        return commit();
      },
      onClose: () => log.push('close'),
      onUndo: () => log.push('undo'),
      onFailure: (e) => log.push(`failed:${String(e)}`),
    });
    return { w, log };
  };

  it('undone in time: nothing is sent, ever', async () => {
    const { w, log } = setup();
    vi.advanceTimersByTime(4999);
    expect(w.undo()).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(log).toEqual(['close', 'undo']);
    expect(w.state()).toBe('undone');
  });

  it('once the window ends the offer is withdrawn before the call, and a late Undo changes nothing', async () => {
    let finish!: () => void;
    const { w, log } = setup(() => new Promise<void>((r) => (finish = r)));
    await vi.advanceTimersByTimeAsync(5000);
    expect(log).toEqual(['close', 'commit']);
    // A click that arrives while the call is on its way (a notice still fading out).
    expect(w.undo()).toBe(false);
    finish();
    // (a bounded advance, not "run every timer": unit files share a worker, and another file's log
    // queue may have a retry timer that reschedules itself for ever under the fake clock)
    await vi.advanceTimersByTimeAsync(60_000);
    expect(w.state()).toBe('sent');
    expect(log).toEqual(['close', 'commit']);
    expect(w.undo()).toBe(false);
  });

  it('a failed call puts the change back once, and Undo is not offered after it', async () => {
    const { w, log } = setup(() => Promise.reject(new Error('refused')));
    await vi.advanceTimersByTimeAsync(5000);
    expect(w.state()).toBe('failed');
    expect(log).toEqual(['close', 'commit', 'failed:Error: refused']);
    expect(w.undo()).toBe(false);
  });

  it('a call that throws at once is a failure, not an uncaught error', async () => {
    const { w } = setup(() => {
      throw new Error('boom');
    });
    await vi.advanceTimersByTimeAsync(5000);
    expect(w.state()).toBe('failed');
  });
});
