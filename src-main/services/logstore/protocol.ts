import type { LogExportArgs, LogExportResult, LogQuery, LogRecord } from '../../../src-shared/ipc';
import type { ShipRound } from '../logship/shipper';
import type { WriteBatch } from './writeBatch';

/** What the log worker answers besides writes: one entry per operation, its argument and result. */
export interface StoreOps {
  query: { args: LogQuery; result: LogRecord[] };
  deleteBefore: { args: { cutoff: number }; result: { deleted: number } };
  counts: { args: Record<string, never>; result: { stored: number; unshipped: number; lastShippedAt: number | null } };
  export: { args: Required<Omit<LogExportArgs, 'minLevel'>> & { minLevel: number }; result: LogExportResult };
  shipPrepare: { args: { upToId: number | null; maxZips: number; maxRecords: number; maxChars: number }; result: ShipRound };
  shipMark: { args: { fromId: number; toId: number; at: number }; result: Record<string, never> };
  /** commits what is pending and closes the database; the worker then exits */
  close: { args: Record<string, never>; result: Record<string, never> };
}
export type StoreOp = keyof StoreOps;

/** Where the worker keeps its files. */
export interface LogWorkerData {
  role: 'log-store';
  dbFile: string;
  ledgerFile: string;
}

export interface ErrorInfo {
  message: string;
  /** SQLite's code (SQLITE_FULL ...) or Node's (EACCES ...) when there is one */
  code: string | null;
}

export type ToWorker = { kind: 'write'; batch: WriteBatch } | { kind: 'call'; id: number; op: StoreOp; args: unknown };

export type FromWorker =
  /** the store could not open (e.g. a newer schema): the worker exits after this */
  | { kind: 'fatal'; error: ErrorInfo }
  /** the file was damaged: it was renamed to `movedTo` and the store runs on an empty one */
  | { kind: 'setAside'; movedTo: string; error: string }
  | { kind: 'committed'; count: number }
  | { kind: 'writeFailed'; count: number; error: ErrorInfo }
  | { kind: 'reply'; id: number; ok: true; result: unknown }
  | { kind: 'reply'; id: number; ok: false; error: ErrorInfo };

export function errorInfo(err: unknown): ErrorInfo {
  const e = err as { message?: unknown; code?: unknown } | null;
  return {
    message: typeof e?.message === 'string' ? e.message : String(err),
    code: typeof e?.code === 'string' ? e.code : null,
  };
}
