/** Who is signed in, as the renderer tells the main process after login (and null after logout). */
export interface WorkstationSession {
  /** the header name and value of the server's token convention (spec section 7) */
  tokenName: string;
  tokenValue: string;
  user: { id: number; name: string; mobile: string };
  /**
   * The team the user works in, as the server last said (their current team): remembered with
   * the token, so a page started with the server away still names it. Absent: unchanged.
   */
  team?: SessionTeam;
  /** the project and task in front of the user, for the logger's extra-info record */
  projectId?: number;
  taskId?: number;
}

/** A team as a session names it. */
export interface SessionTeam {
  id: number;
  name: string;
}

/** Who a session token belonged to when the renderer last set it on this workstation. */
export interface RememberedSession {
  user: WorkstationSession['user'];
  /** their current team when the server last said; absent when it never did on this workstation */
  team?: SessionTeam;
  /** when it was noted (epoch ms) */
  savedAt: number;
}

export interface SessionHandlers {
  /** The renderer signed in (or switched project): main-process calls to the server use this token. */
  'session.set': (args: WorkstationSession) => Promise<{ ok: true }>;
  /**
   * The page holds a token and cannot ask the team server who it is (a start with the server
   * away): when this workstation remembers the token from an earlier `session.set`, the session
   * is set again with it (packages, journal and transfers run as that user, as after
   * `session.set`) and its user is answered; null when the token is not remembered (signed out
   * since, older than 30 days, or never set here).
   */
  'session.restore': (args: { tokenName: string; tokenValue: string }) => Promise<RememberedSession | null>;
  /**
   * Signed out: transfers and log shipping stop using the old token, and this workstation
   * forgets whose it was. `tokenValue` names whose session (the page's token, read before it was dropped);
   * without it, the caller the request names, else the last session set. Another browser's
   * session on the browser host stays.
   */
  'session.clear': (args?: { tokenValue?: string }) => Promise<{ ok: true }>;
}
