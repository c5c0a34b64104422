import { AsyncLocalStorage } from 'node:async_hooks';
import type { WorkstationSession } from '../../../src-shared/ipc';

/**
 * The signed-in session as the main process knows it. Services read it at the moment they call
 * the server, so a logout or a new login takes effect for the next call, not the next restart.
 *
 * The browser host can serve several browsers at once, each signed in as someone else. A call
 * that names its caller (the host reads the caller's token from the request) runs with that
 * caller's session for everything it starts, however long it runs (an import keeps uploading
 * as the user who started it); calls that name nobody use the last session set.
 */
export class SessionState {
  private session: WorkstationSession | null = null;
  private readonly listeners = new Set<(s: WorkstationSession | null) => void>();
  private readonly scoped = new AsyncLocalStorage<WorkstationSession>();
  /** every session set since start, by token: who a call's caller is */
  private readonly byToken = new Map<string, WorkstationSession>();

  current(): WorkstationSession | null {
    return this.scoped.getStore() ?? this.session;
  }

  /** Whether the current call runs as someone other than the last session set (another browser on the browser host). */
  isOtherCaller(): boolean {
    const caller = this.scoped.getStore();
    return caller !== undefined && caller.tokenValue !== this.session?.tokenValue;
  }

  set(next: WorkstationSession | null): void {
    const userChanged = this.session?.user.id !== next?.user.id || this.session?.tokenValue !== next?.tokenValue;
    if (next) this.byToken.set(next.tokenValue, next);
    else if (this.session) this.byToken.delete(this.session.tokenValue);
    this.session = next;
    if (userChanged) this.listeners.forEach((l) => l(next));
  }

  /**
   * Signs out the session of `tokenValue`, else of whoever the current call runs as, else the
   * last session set; answers that session when it was known. Another browser's session is only
   * forgotten: the last session set (the desktop's user, or the browser that signed in last)
   * goes on sending its journal and downloads as before.
   */
  clearCaller(tokenValue?: string): WorkstationSession | null {
    const target = tokenValue ?? this.scoped.getStore()?.tokenValue ?? this.session?.tokenValue;
    if (target === undefined) return null;
    if (target === this.session?.tokenValue) {
      const before = this.session;
      this.set(null);
      return before;
    }
    const caller = this.byToken.get(target) ?? null;
    this.byToken.delete(target);
    return caller;
  }

  /** Runs `fn` (and whatever it starts) as the caller holding this token, when a session was set with it; else as usual. */
  runAsCaller<T>(token: string | undefined, fn: () => T): T {
    const caller = token ? this.byToken.get(token) : undefined;
    return caller ? this.scoped.run(caller, fn) : fn();
  }

  /** Called when the signed-in user or token changes (caches keyed to the old one must go). */
  onChange(listener: (s: WorkstationSession | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
