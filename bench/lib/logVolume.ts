/**
 * What the workstation's logger holds, read the way ops would: through the browser host's
 * `logs.*` calls (the records, an export zip), and the size of logs.db as SQLite counts it.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { NODE_HOST_INVOKE_PATH, NODE_HOST_SECRET_HEADER } from '../../src-shared/ipc/nodeHost';
import type { LogRecord } from '../../src-shared/ipc/logs';
import type { ProductHost } from './productHost';

export async function invoke<T>(host: ProductHost, method: string, args: unknown): Promise<T> {
  const res = await fetch(host.base + NODE_HOST_INVOKE_PATH, { method: 'POST', headers: { 'content-type': 'application/json', [NODE_HOST_SECRET_HEADER]: host.secret }, body: JSON.stringify({ method, args }) });
  const body = (await res.json()) as { ok: boolean; result: T; error?: { message: string } };
  if (!body.ok) throw new Error(`${method}: ${body.error?.message}`);
  return body.result;
}

/** Every record from `from` on (a query flushes what is queued first). */
export const recordsSince = (host: ProductHost, from: number) => invoke<LogRecord[]>(host, 'logs.query', { from, limit: 1_000_000 });

/** Bytes of logs.db as SQLite sees it (pages in use, the WAL's newer pages included), read beside the log worker. */
export function logsDbBytes(host: ProductHost): number {
  const db = new Database(path.join(host.dataDir, 'ws', 'logs.db'), { readonly: true, fileMustExist: true });
  try {
    const pages = db.pragma('page_count', { simple: true }) as number;
    const size = db.pragma('page_size', { simple: true }) as number;
    const free = db.pragma('freelist_count', { simple: true }) as number;
    return (pages - free) * size;
  } finally {
    db.close();
  }
}

/** The zip ops get for a time range (`logs.export`: the shipper's format, one JSONL file per day). */
export async function zippedBytes(host: ProductHost, from: number, to: number): Promise<{ bytes: number; records: number }> {
  // the workstation writes only into folders chosen for it; its downloads folder always is one
  const file = path.join(host.dataDir, 'ws', 'downloads', `logs-${from}-${to}.zip`);
  const r = await invoke<{ bytes: number; records: number }>(host, 'logs.export', { from, to, file });
  fs.rmSync(file, { force: true });
  return r;
}
