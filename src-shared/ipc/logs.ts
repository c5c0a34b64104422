import type { BrowserDownload } from './app';
/** Log levels, debug 0 to error 3 (spec section 9). */
export const LOG_LEVELS = { debug: 0, info: 1, warn: 2, error: 3 } as const;
export type LogLevelName = keyof typeof LOG_LEVELS;
export type LogLevel = (typeof LOG_LEVELS)[LogLevelName];

/**
 * The workstation's log level (WORKSTATION_LOG_LEVEL, docs/logging.md): records below it are not
 * made at all, in the main process or the renderer; `off` makes none. Default `debug`: everything.
 */
export const LOG_THRESHOLDS = ['debug', 'info', 'warn', 'error', 'off'] as const;
export type LogThreshold = (typeof LOG_THRESHOLDS)[number];

/** The lowest level recorded at a threshold (4 for `off`: above every level). */
export function thresholdLevel(threshold: LogThreshold): number {
  return threshold === 'off' ? 4 : LOG_LEVELS[threshold];
}

/** A `logs.clear` without `olderThanDays` deletes records older than this (spec section 9). */
export const LOG_CLEAR_DEFAULT_DAYS = 3;

/** The logger's extra-info record (spec section 3); every field optional. */
export interface LogExtraInfo {
  userId?: string | number;
  userName?: string;
  phone?: string;
  projectId?: string | number;
  taskId?: string | number;
  workflowId?: string | number;
  workflowType?: string;
  subjectId?: string | number;
  subjectDataId?: string | number;
  remark?: string;
}

/** The field names of the extra-info record, for code that checks or copies them. */
export const LOG_EXTRA_FIELDS = [
  'userId',
  'userName',
  'phone',
  'projectId',
  'taskId',
  'workflowId',
  'workflowType',
  'subjectId',
  'subjectDataId',
  'remark',
] as const satisfies readonly (keyof LogExtraInfo)[];

export interface LogRecordInput {
  level: LogLevel;
  message: string;
  /** epoch ms; the store stamps it when missing */
  at?: number;
  /** the signed-in user's id, name and phone are filled in when missing */
  extra?: LogExtraInfo;
}

export interface LogRecord extends Required<Omit<LogRecordInput, 'extra'>> {
  id: number;
  extra: LogExtraInfo;
}

export interface LogQuery {
  minLevel?: LogLevel;
  from?: number;
  to?: number;
  /** substring of the message */
  search?: string;
  limit?: number;
}

export interface LogClearArgs {
  /** records older than this many days are deleted; default LOG_CLEAR_DEFAULT_DAYS (3) */
  olderThanDays?: number;
}

export interface LogExportArgs {
  /** epoch ms, inclusive */
  from: number;
  /** epoch ms, inclusive */
  to: number;
  minLevel?: LogLevel;
  /** absolute path of the zip to write; an existing file is replaced */
  file: string;
}

export interface LogExportResult {
  file: string;
  /** records written into the zip */
  records: number;
  /** size of the zip file */
  bytes: number;
}

export interface LogShipResult {
  /** records uploaded by this call */
  records: number;
  /** zips uploaded by this call */
  zips: number;
  /** why nothing was tried: nobody is signed in, or no uploader is configured */
  skipped: 'NO_USER' | 'NO_UPLOADER' | null;
  /** the first upload failure of this call; its records stay for the next attempt */
  error: string | null;
}

export interface LogStatus {
  /** accepted records not yet in the store (waiting in the main process or being written) */
  queued: number;
  /** records in the store */
  stored: number;
  /** stored records not yet shipped */
  unshipped: number;
  /** epoch ms of the last successful upload, null if none yet */
  lastShippedAt: number | null;
  /** the last ship attempt's failure, null once a ship succeeds */
  lastShipError: string | null;
  /** records lost since start: refused because the write backlog was full, or failed to store */
  dropped: number;
  /**
   * uploaded zips the team server has not been told of yet (kept in `logs.unregistered.json`,
   * retried at the start of every ship); 0 when zips are not registered
   */
  unregistered: number;
  /**
   * this workstation's id in the team server's index of log zips (kept in the data folder), so
   * an "upload now" request for one device reaches that one; null when zips are not registered
   */
  deviceId: string | null;
}

export interface LogsHandlers {
  /**
   * Accept records for the store; answers how many were accepted. They are written in batches
   * (see docs/logging.md): `logs.appended` fires once they are stored, and `logs.query` sees them.
   */
  'logs.write': (args: { records: LogRecordInput[] }) => Promise<{ written: number }>;
  /** Newest first. */
  'logs.query': (args: LogQuery) => Promise<LogRecord[]>;
  /** Delete records older than `olderThanDays` (default 3); answers how many went. */
  'logs.clear': (args?: LogClearArgs) => Promise<{ deleted: number }>;
  /** Write a zip of the records in [from, to] (one JSONL file per UTC day) to `file`. */
  'logs.export': (args: LogExportArgs) => Promise<LogExportResult>;
  /** The same zip for a page on another computer, fetched once from the answer's `url` into the browser's downloads. */
  'logs.exportToBrowser': (args: Omit<LogExportArgs, 'file'>) => Promise<BrowserDownload & { records: number }>;
  /** Upload the records not yet shipped now instead of at the next hourly run. */
  'logs.shipNow': (args?: Record<string, never>) => Promise<LogShipResult>;
  'logs.status': (args?: Record<string, never>) => Promise<LogStatus>;
  /**
   * Sets the workstation's log level while it runs (every writer, from the next record; the
   * pages hear `logs.level`); a restart goes back to WORKSTATION_LOG_LEVEL. Refused with
   * LOG_LEVEL_REMOTE for a page on another computer.
   */
  'logs.setLevel': (args: { level: LogThreshold }) => Promise<{ level: LogThreshold }>;
  /** The workstation's log level now. */
  'logs.level': (args?: Record<string, never>) => Promise<{ level: LogThreshold }>;
}
