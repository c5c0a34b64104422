import type BetterSqlite3 from 'better-sqlite3';
import { openSqliteFile } from '../sqliteFile';
import type { LogQuery, LogRecord } from '../../../src-shared/ipc';
import { LOG_LIMITS } from './constants';
import { migrateLogDb } from './migrations';
import type { RawLogRow, WriteBatch } from './writeBatch';

const ROWS_PER_INSERT = 100;

/**
 * The SQLite log store. Only the log worker (worker.ts) opens one in the app, so there is one
 * writer and the main thread never waits on SQLite; tests use it directly. Input is validated
 * before it gets here (recordInput.ts).
 */
export class LogStore {
  private readonly db: BetterSqlite3.Database;
  private readonly insertOne: BetterSqlite3.Statement;
  private readonly insertMany: BetterSqlite3.Statement;
  private readonly appendAll: (batches: WriteBatch[]) => number;

  constructor(file: string) {
    // NORMAL in WAL mode loses at most the last commits on power loss, never the file.
    this.db = openSqliteFile(file, { synchronous: 'NORMAL', migrate: migrateLogDb });
    const insert = 'INSERT INTO logs (level, message, at, extra) VALUES ';
    this.insertOne = this.db.prepare(insert + '(?, ?, ?, ?)');
    this.insertMany = this.db.prepare(insert + Array<string>(ROWS_PER_INSERT).fill('(?, ?, ?, ?)').join(', '));
    this.appendAll = this.db.transaction((batches: WriteBatch[]) => this.insertBatches(batches));
  }

  /**
   * Rows go in ROWS_PER_INSERT at a time: one statement per row costs a call into SQLite per
   * row, and at hundreds of thousands of rows a second that call is a fifth of the time.
   */
  private insertBatches(batches: WriteBatch[]): number {
    const params: (string | number)[] = new Array(ROWS_PER_INSERT * 4);
    let filled = 0;
    let n = 0;
    for (const b of batches) {
      for (let i = 0; i < b.levels.length; i++) {
        const p = filled * 4;
        params[p] = b.levels[i]!;
        params[p + 1] = b.messages[i]!;
        params[p + 2] = b.ats[i]!;
        params[p + 3] = b.extras[i]!;
        if (++filled === ROWS_PER_INSERT) {
          this.insertMany.run(params);
          filled = 0;
        }
      }
      n += b.levels.length;
    }
    for (let r = 0; r < filled; r++) this.insertOne.run(params[r * 4], params[r * 4 + 1], params[r * 4 + 2], params[r * 4 + 3]);
    return n;
  }

  /** Appends every batch in one transaction: all of them are stored or none. */
  append(batches: WriteBatch[]): number {
    return this.appendAll(batches);
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
    const limit = Math.min(Math.max(1, q.limit ?? 200), LOG_LIMITS.maxQueryLimit);
    const sql = `SELECT id, level, message, at, extra FROM logs ${where.length ? 'WHERE ' + where.join(' AND ') : ''} ORDER BY at DESC, id DESC LIMIT ?`;
    const rows = this.db.prepare(sql).all(...params, limit) as RawLogRow[];
    return rows.map((r) => ({ ...r, level: r.level as LogRecord['level'], extra: JSON.parse(r.extra) as LogRecord['extra'] }));
  }

  /** Deletes records stamped before `cutoff` (epoch ms); answers how many. */
  deleteBefore(cutoff: number): number {
    return this.db.prepare('DELETE FROM logs WHERE at < ?').run(cutoff).changes;
  }

  count(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM logs').get() as { n: number }).n;
  }

  countIdsBetween(fromId: number, toId: number): number {
    return (this.db.prepare('SELECT count(*) AS n FROM logs WHERE id BETWEEN ? AND ?').get(fromId, toId) as { n: number }).n;
  }

  /** The largest id ever given out: AUTOINCREMENT never reuses ids, even after deletes. */
  maxEverId(): number {
    const row = this.db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'logs'").get() as { seq: number } | undefined;
    return row?.seq ?? 0;
  }

  /** Rows with fromId <= id <= toId in id order, read lazily. */
  rowsByIds(fromId: number, toId: number): IterableIterator<RawLogRow> {
    return this.db.prepare('SELECT id, level, message, at, extra FROM logs WHERE id BETWEEN ? AND ? ORDER BY id').iterate(fromId, toId) as IterableIterator<RawLogRow>;
  }

  /** Rows with from <= at <= to and level >= minLevel, oldest first, read lazily. */
  rowsByTime(from: number, to: number, minLevel = 0): IterableIterator<RawLogRow> {
    return this.db
      .prepare('SELECT id, level, message, at, extra FROM logs WHERE at BETWEEN ? AND ? AND level >= ? ORDER BY at, id')
      .iterate(from, to, minLevel) as IterableIterator<RawLogRow>;
  }

  close(): void {
    this.db.close();
  }
}
