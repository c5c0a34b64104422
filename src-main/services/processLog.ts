import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LogRecordInput } from '../../src-shared/ipc';
import type { WorkstationConfig } from '../config';
import { errorText, type LogWrite, type ProductLog } from './productLog';

/** Records of a crash, written synchronously while the process dies; the next start stores them. */
export const CRASH_FILE = 'logs.crash.jsonl';

/** The start-up record: what runs where, for ops reading a user's logs (issue 18). */
export function logStartup(log: ProductLog, config: WorkstationConfig): void {
  const v = process.versions as NodeJS.ProcessVersions & { electron?: string; chrome?: string };
  const parts = [
    `app ${config.version}`,
    `host ${config.host}`,
    v.electron ? `electron ${v.electron}` : null,
    v.chrome ? `chromium ${v.chrome}` : null,
    `node ${v.node}`,
    `${process.platform} ${os.release()} ${process.arch}`,
    `log level ${config.logLevel}`,
  ].filter(Boolean);
  log.info(`workstation started: ${parts.join(', ')}`, { remark: `pid ${process.pid}` });
}

/**
 * Uncaught exceptions and unhandled rejections of the main process, at error. It listens with
 * `uncaughtExceptionMonitor`, which leaves the crash behaviour as it was (Node still exits;
 * Electron still shows its dialog); an unhandled rejection reaches it in Node's default mode,
 * where it is thrown. A process about to exit cannot wait for the log worker, so where nothing
 * else handles the error (the browser host) the record also goes to CRASH_FILE synchronously.
 */
export function watchProcess(log: ProductLog, dataDir: string): () => void {
  const monitor = (err: unknown, origin: string) => {
    const what = origin === 'unhandledRejection' ? 'unhandled rejection' : 'uncaught exception';
    const stack = err instanceof Error && err.stack ? err.stack.split('\n').slice(1, 6).join(' | ').replace(/\s+/g, ' ') : '';
    const message = `main process ${what}: ${errorText(err)}${stack ? ` at ${stack}` : ''}`;
    const dies = process.listenerCount('uncaughtException') === 0 && !process.versions.electron;
    if (!dies) return log.error(message);
    try {
      const record: LogRecordInput = { level: 3, message, at: Date.now() };
      fs.appendFileSync(path.join(dataDir, CRASH_FILE), `${JSON.stringify(record)}\n`);
    } catch {
      // nowhere to write: the crash itself still shows on the terminal
    }
  };
  process.on('uncaughtExceptionMonitor', monitor);
  return () => process.off('uncaughtExceptionMonitor', monitor);
}

/** Stores the records a crash left behind, then removes the file. */
export async function recoverCrashRecords(write: LogWrite, dataDir: string): Promise<number> {
  const file = path.join(dataDir, CRASH_FILE);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return 0;
  }
  const records: LogRecordInput[] = [];
  for (const line of text.split('\n')) {
    try {
      const r = JSON.parse(line) as LogRecordInput;
      if (typeof r.message === 'string') records.push({ level: 3, message: r.message, ...(typeof r.at === 'number' ? { at: r.at } : {}) });
    } catch {
      // a line cut short by the crash
    }
  }
  fs.rmSync(file, { force: true });
  if (records.length) await write({ records }).catch(() => undefined);
  return records.length;
}
