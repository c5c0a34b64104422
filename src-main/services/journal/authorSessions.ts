import type { WorkstationSession } from '../../../src-shared/ipc';
import { ServerClient, SessionState } from '../session';

/**
 * The sessions of everyone who signed in on this workstation since it started, by user id, so
 * each author's edits go to the server with their own token. One desktop has one user at a
 * time, but the browser host serves several browsers at once, and the last one to sign in
 * must not strand the others' edits. Kept in memory only: after a restart an author's edits
 * wait until that author signs in again.
 */
export class AuthorSessions {
  private readonly known = new Map<number, WorkstationSession>();
  private readonly clients = new Map<string, ServerClient>();

  constructor(
    private readonly current: SessionState,
    private readonly baseUrl: string,
  ) {
    current.onChange((s) => {
      if (s) this.known.set(s.user.id, s);
    });
  }

  /** The session to send an author's edits with: the signed-in one when it is theirs (or the edit has no author), else theirs from earlier. */
  sessionFor(userId: number | null): WorkstationSession | null {
    const now = this.current.current();
    if (now && (userId === null || now.user.id === userId)) {
      this.known.set(now.user.id, now);
      return now;
    }
    return userId === null ? null : (this.known.get(userId) ?? null);
  }

  /** A server client that always uses this session's token. */
  clientFor(session: WorkstationSession): ServerClient {
    const key = `${session.user.id}:${session.tokenValue}`;
    let client = this.clients.get(key);
    if (!client) {
      const fixed = new SessionState();
      fixed.set(session);
      client = new ServerClient(this.baseUrl, fixed);
      this.clients.set(key, client);
    }
    return client;
  }

  /** The server refused the token (401): forget it, the author's edits wait for a new sign-in. */
  expired(session: WorkstationSession): void {
    if (this.known.get(session.user.id)?.tokenValue === session.tokenValue) this.known.delete(session.user.id);
    this.clients.delete(`${session.user.id}:${session.tokenValue}`);
  }
}
