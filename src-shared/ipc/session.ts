/** Who is signed in, as the renderer tells the main process after login (and null after logout). */
export interface WorkstationSession {
  /** the header name and value of the server's token convention (spec section 7) */
  tokenName: string;
  tokenValue: string;
  user: { id: number; name: string; mobile: string };
  /** the project and task in front of the user, for the logger's extra-info record */
  projectId?: number;
  taskId?: number;
}

export interface SessionHandlers {
  /** The renderer signed in (or switched project): main-process calls to the server use this token. */
  'session.set': (args: WorkstationSession) => Promise<{ ok: true }>;
  /** Signed out: transfers and log shipping stop using the old token. */
  'session.clear': (args?: Record<string, never>) => Promise<{ ok: true }>;
}
