import crypto from 'node:crypto';
import fs from 'node:fs';
import type { RememberedSession, SessionTeam, WorkstationSession } from '../../../src-shared/ipc';
import { writeFileWhole } from '../atomicFile';

/** The file in the data folder (readable by the user only). */
export const REMEMBERED_SESSIONS_FILE = 'sessions.json';
/** As long as the renderer keeps its token cookies (TOKEN_MAX_AGE_SECONDS): a token older than that is gone from the page anyway. */
export const REMEMBER_FOR_MS = 30 * 24 * 60 * 60 * 1000;
/** A session set again within this keeps its entry as it is (no write on every reload); later, its time moves on. */
const RENEW_AFTER_MS = 24 * 60 * 60 * 1000;
/** Enough for the browsers of a small team on one browser host; the oldest goes first. */
const MAX_REMEMBERED = 20;

interface Entry extends RememberedSession {
  /** sha256 of the token, hex: finds the entry by the token the page holds, without keeping the token */
  tokenHash: string;
}

const hashOf = (tokenValue: string) => crypto.createHash('sha256').update(tokenValue).digest('hex');

const isTeam = (t: unknown): t is SessionTeam => typeof (t as SessionTeam | null)?.id === 'number' && typeof (t as SessionTeam).name === 'string';

const isEntry = (e: unknown): e is Entry => {
  const v = e as Partial<Entry> | null;
  return (
    typeof v?.tokenHash === 'string' &&
    typeof v.savedAt === 'number' &&
    typeof v.user?.id === 'number' &&
    typeof v.user.name === 'string' &&
    typeof v.user.mobile === 'string' &&
    (v.team === undefined || isTeam(v.team))
  );
};

/**
 * Who each session token belongs to, as the renderer last told it (`session.set`), kept on disk
 * so a workstation started with the team server away still knows who the page's kept token is
 * (docs/offline-day.md, "Workstation: page reads"). The token itself stays only where it already
 * is (the page's cookies, the main process's memory): the file holds its sha256, by which the
 * page's token finds its user again; it cannot be turned back into the token. A sign-out forgets
 * the entry.
 */
export class RememberedSessions {
  private entries: Entry[];

  constructor(private readonly file: string) {
    this.entries = read(file);
  }

  /** The user the token was last set with, unless it is older than REMEMBER_FOR_MS. */
  find(tokenValue: string, now = Date.now()): RememberedSession | null {
    const hash = hashOf(tokenValue);
    const e = this.entries.find((x) => x.tokenHash === hash && now - x.savedAt < REMEMBER_FOR_MS);
    return e ? { user: e.user, ...(e.team ? { team: e.team } : {}), savedAt: e.savedAt } : null;
  }

  /**
   * Notes the session's user, and its team when it names one (a session set without a team keeps
   * the team known), under its token; written only when something changed (`session.set` comes
   * with every page reload).
   */
  remember(s: WorkstationSession, now = Date.now()): void {
    const hash = hashOf(s.tokenValue);
    const known = this.entries.find((x) => x.tokenHash === hash);
    const user = { id: s.user.id, name: s.user.name, mobile: s.user.mobile };
    // The team is the same user's: another user under the token (never, in practice) starts without one.
    const sameUser = known?.user.id === user.id;
    const team = s.team && isTeam(s.team) ? { id: s.team.id, name: s.team.name } : sameUser ? known?.team : undefined;
    if (known && JSON.stringify([known.user, known.team]) === JSON.stringify([user, team]) && now - known.savedAt < RENEW_AFTER_MS) return;
    const entry: Entry = { tokenHash: hash, user, ...(team ? { team } : {}), savedAt: now };
    this.entries = [entry, ...this.entries.filter((x) => x.tokenHash !== hash && now - x.savedAt < REMEMBER_FOR_MS)].slice(0, MAX_REMEMBERED);
    this.write();
  }

  forget(tokenValue: string): void {
    const hash = hashOf(tokenValue);
    if (!this.entries.some((x) => x.tokenHash === hash)) return;
    this.entries = this.entries.filter((x) => x.tokenHash !== hash);
    this.write();
  }

  private write(): void {
    writeFileWhole(this.file, JSON.stringify({ version: 1, sessions: this.entries }), 0o600);
  }
}

function read(file: string): Entry[] {
  try {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { sessions?: unknown };
    return Array.isArray(stored.sessions) ? stored.sessions.filter(isEntry) : [];
  } catch {
    // none yet, or a damaged file: nobody is remembered until the next sign-in
    return [];
  }
}
