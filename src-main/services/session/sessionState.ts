import type { WorkstationSession } from '../../../src-shared/ipc';

/**
 * The signed-in session as the main process knows it. Services read it at the moment they call
 * the server, so a logout or a new login takes effect for the next call, not the next restart.
 */
export class SessionState {
  private session: WorkstationSession | null = null;
  private readonly listeners = new Set<(s: WorkstationSession | null) => void>();

  current(): WorkstationSession | null {
    return this.session;
  }

  set(next: WorkstationSession | null): void {
    const userChanged = this.session?.user.id !== next?.user.id || this.session?.tokenValue !== next?.tokenValue;
    this.session = next;
    if (userChanged) this.listeners.forEach((l) => l(next));
  }

  /** Called when the signed-in user or token changes (caches keyed to the old one must go). */
  onChange(listener: (s: WorkstationSession | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
