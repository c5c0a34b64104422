import { describe, expect, it } from 'vitest';
import { SessionState } from '../../src-main/services/session';

const as = (id: number) => ({ tokenName: 'satoken', tokenValue: `token-${id}`, user: { id, name: `user ${id}`, mobile: `1380000000${id}` } });

describe('the workstation session with several browsers on one browser host', () => {
  it('runs a call named by its caller as that caller, even after someone else signed in, for all the work it starts', async () => {
    const state = new SessionState();
    state.set(as(1));
    state.set(as(2));
    expect(state.current()?.user.id).toBe(2);
    const seen = await state.runAsCaller('token-1', async () => {
      const first = state.current()?.user.id;
      // Work the call started carries on as its caller after awaits and timers.
      await new Promise((r) => setTimeout(r, 5));
      return [first, state.current()?.user.id];
    });
    expect(seen).toEqual([1, 1]);
    expect(state.current()?.user.id).toBe(2);
  });

  it('uses the last session for a caller it does not know, and forgets a session once it is cleared', () => {
    const state = new SessionState();
    state.set(as(1));
    expect(state.runAsCaller('token-9', () => state.current()?.user.id)).toBe(1);
    state.set(null);
    expect(state.runAsCaller('token-1', () => state.current())).toBeNull();
  });

  it('signs out only the browser that asks: the others, and the last session set, go on', () => {
    const state = new SessionState();
    state.set(as(1));
    state.set(as(2));
    // Browser 1 signs out while browser 2 was the last to sign in.
    expect(state.runAsCaller('token-1', () => state.clearCaller())?.user.id).toBe(1);
    expect(state.current()?.user.id).toBe(2);
    expect(state.runAsCaller('token-1', () => state.current()?.user.id)).toBe(2); // no longer known as a caller
    // A page that dropped its token before saying so names it: only that session ends.
    state.set(as(3));
    state.set(as(2));
    expect(state.clearCaller('token-3')?.user.id).toBe(3);
    expect(state.current()?.user.id).toBe(2);
    expect(state.clearCaller('token-never-set')).toBeNull();
    expect(state.current()?.user.id).toBe(2);
    // Browser 2 (the last session) signs out: nobody is signed in.
    expect(state.runAsCaller('token-2', () => state.clearCaller())?.user.id).toBe(2);
    expect(state.current()).toBeNull();
  });
});
