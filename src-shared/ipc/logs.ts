/** Log levels, debug 0 to error 3 (spec section 9). */
export const LOG_LEVELS = { debug: 0, info: 1, warn: 2, error: 3 } as const;
export type LogLevelName = keyof typeof LOG_LEVELS;
export type LogLevel = (typeof LOG_LEVELS)[LogLevelName];

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

export interface LogRecordInput {
  level: LogLevel;
  message: string;
  /** epoch ms; the store stamps it when missing */
  at?: number;
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

export interface LogsHandlers {
  /** Append records; answers how many were stored. */
  'logs.write': (args: { records: LogRecordInput[] }) => Promise<{ written: number }>;
  /** Newest first. */
  'logs.query': (args: LogQuery) => Promise<LogRecord[]>;
}
