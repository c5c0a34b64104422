import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { LogQuery, LogRecord, LogRecordInput } from '../../../src-shared/ipc';
import { LOG_LEVELS } from '../../../src-shared/ipc';
import { migrateLogDb } from './migrations';

const MAX_QUERY_LIMIT = 5000;
const MAX_MESSAGE_CHARS = 64 * 1024;

/** The local SQLite log store: appends in one transaction per call, queries newest first. */
export class LogStore {
  private readonly db: BetterSqlite3.Database;
  private readonly insert: BetterSqlite3.Statement;

  constructor(file: string) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    this.db = new BetterSqlite3(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    migrateLogDb(this.db);
    this.insert = this.db.prepare('INSERT INTO logs (level, message, at, extra) VALUES (?, ?, ?, ?)');
  }

  write(records: LogRecordInput[], now = Date.now()): number {
    const levels = new Set<number>(Object.values(LOG_LEVELS));
    for (const r of records) {
      if (!levels.has(r.level)) throw new RangeError(`log level must be 0 to 3, got ${String(r.level)}`);
      if (typeof r.message !== 'string') throw new TypeError('log message must be a string');
    }
    this.db.transaction(() => {
      for (const r of records) {
        this.insert.run(r.level, r.message.slice(0, MAX_MESSAGE_CHARS), r.at ?? now, JSON.stringify(r.extra ?? {}));
      }
    })();
    return records.length;
  }

  query(q: LogQuery = {}): LogRecord[] {
    const where: string[] = [];
    const params: (string | number)[] = [];
    const add = (clause: string, value: string | number) => {
      where.push(clause);
      params.push(value);
    };
    if (q.minLevel !== undefined) add('level >= ?', q.minLevel);
    if (q.from !== undefined) add('at >= ?', q.from);
    if (q.to !== undefined) add('at <= ?', q.to);
    if (q.search) add("message LIKE ? ESCAPE '\\'", `%${q.search.replace(/[\\%_]/g, (c) => '\\' + c)}%`);
    const limit = Math.min(Math.max(1, q.limit ?? 200), MAX_QUERY_LIMIT);
    const sql = `SELECT id, level, message, at, extra FROM logs ${where.length ? 'WHERE ' + where.join(' AND ') : ''} ORDER BY at DESC, id DESC LIMIT ?`;
    const rows = this.db.prepare(sql).all(...params, limit) as { id: number; level: LogRecord['level']; message: string; at: number; extra: string }[];
    return rows.map((r) => ({ ...r, extra: JSON.parse(r.extra) as LogRecord['extra'] }));
  }

  close(): void {
    this.db.close();
  }
}
