import type { LogExtraInfo, LogLevel, LogRecordInput } from '../../src-shared/ipc';

/**
 * What the main process's services log with (issue 18; the table of what they log is in
 * docs/logging.md, "What the workstation logs"). Records go to the logs service in-process, the
 * same way a `logs.write` of the renderer does (checked, redacted, stamped with the signed-in
 * user, queued and written in batches by the log worker), without crossing IPC.
 *
 * Logging never breaks what is being logged: nothing here throws or rejects, whatever the log
 * store's state (closed, dead worker, backlog full). A call costs an object and a queue push.
 */
export interface ProductLog {
  debug(message: string, extra?: LogExtraInfo): void;
  info(message: string, extra?: LogExtraInfo): void;
  warn(message: string, extra?: LogExtraInfo): void;
  error(message: string, extra?: LogExtraInfo): void;
}

/** The logs service's write, as the facade needs it (`logs.write`'s handler). */
export type LogWrite = (args: { records: LogRecordInput[] }) => Promise<unknown>;

const ignore = () => undefined;

/** `minLevel`: records below it are not made (the workstation's log level, read at each record: it can change; 4 makes none). */
export function createProductLog(write: LogWrite, minLevel: () => number = () => 0): ProductLog {
  const put = (level: LogLevel, message: string, extra?: LogExtraInfo) => {
    if (level < minLevel()) return;
    try {
      const record: LogRecordInput = extra ? { level, message, extra: defined(extra) } : { level, message };
      write({ records: [record] }).catch(ignore);
    } catch {
      // a store not built yet or closed: the record is lost, the caller goes on
    }
  };
  return {
    debug: (m, e) => put(0, m, e),
    info: (m, e) => put(1, m, e),
    warn: (m, e) => put(2, m, e),
    error: (m, e) => put(3, m, e),
  };
}

/** For services built without a logger (tests, tools). */
export const silentLog: ProductLog = { debug: ignore, info: ignore, warn: ignore, error: ignore };

/** The record without its undefined fields (a caller may pass ids it does not have). */
function defined(extra: LogExtraInfo): LogExtraInfo {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(extra)) if (v !== undefined && v !== null) out[k] = v;
  return out as LogExtraInfo;
}

/**
 * An error as one line for a log message: its message, code or name, and what caused it (the
 * object store's error name and HTTP status). Those words are what the alert rules look for
 * (QuotaExceeded, HTTP 403: logship/alertRules.ts), so a refused upload pages ops.
 */
export function errorText(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as { code?: unknown }).code;
  const tag = typeof code === 'string' || typeof code === 'number' ? String(code) : err.name;
  const cause = (err as { cause?: unknown }).cause as (Error & { Code?: unknown; $metadata?: { httpStatusCode?: unknown } }) | undefined;
  const causeName = cause instanceof Error ? String(cause.Code ?? cause.name) : null;
  const status = cause instanceof Error && typeof cause.$metadata?.httpStatusCode === 'number' ? cause.$metadata.httpStatusCode : null;
  const why = [causeName && causeName !== tag && causeName !== 'Error' ? causeName : null, status ? `HTTP ${status}` : null].filter(Boolean);
  return `${err.message} [${tag}]${why.length ? ` (${why.join(', ')})` : ''}`;
}
