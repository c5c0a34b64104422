import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { LogStore } from '../../src-main/services/logstore/logStore';
import { LOG_DB_VERSION, migrateLogDb } from '../../src-main/services/logstore/migrations';

const dirs: string[] = [];
const tmpFile = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-logs-'));
  dirs.push(d);
  return path.join(d, 'logs.db');
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('log store', () => {
  it('creates a new store at schema version 2', () => {
    const file = tmpFile();
    new LogStore(file).close();
    const db = new BetterSqlite3(file);
    expect(LOG_DB_VERSION).toBe(2);
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    db.close();
  });

  it('upgrades a version-1 store and keeps its records', () => {
    const file = tmpFile();
    const v1 = new BetterSqlite3(file);
    migrateLogDb(v1, 1);
    v1.prepare('INSERT INTO logs (level, message, at) VALUES (?, ?, ?)').run(2, 'from version one', 5);
    v1.close();

    const store = new LogStore(file);
    expect(store.query({})).toEqual([{ id: 1, level: 2, message: 'from version one', at: 5, extra: {} }]);
    store.close();
  });

  it('refuses to open a store written by a newer app', () => {
    const file = tmpFile();
    const db = new BetterSqlite3(file);
    db.pragma('user_version = 9');
    db.close();
    expect(() => new LogStore(file)).toThrow(/newer than this app/);
  });

  it('filters by level, time range and literal text, newest first', () => {
    const store = new LogStore(tmpFile());
    store.write([
      { level: 0, message: 'debug 100%', at: 10 },
      { level: 1, message: 'info a_b', at: 20 },
      { level: 3, message: 'error 100% sure', at: 30, extra: { taskId: 4, remark: '备注' } },
    ]);
    expect(store.query({ minLevel: 1 }).map((r) => r.at)).toEqual([30, 20]);
    expect(store.query({ from: 15, to: 25 }).map((r) => r.message)).toEqual(['info a_b']);
    expect(store.query({ search: '100%' }).map((r) => r.at)).toEqual([30, 10]);
    expect(store.query({ search: 'a_b' }).map((r) => r.at)).toEqual([20]);
    expect(store.query({ search: '_' }).map((r) => r.at)).toEqual([20]);
    expect(store.query({ limit: 1 })[0]!.extra).toEqual({ taskId: 4, remark: '备注' });
    store.close();
  });

  it('rejects a bad level without storing any record of the batch', () => {
    const store = new LogStore(tmpFile());
    expect(() => store.write([{ level: 1, message: 'ok' }, { level: 7 as 1, message: 'bad' }])).toThrow(RangeError);
    expect(store.query({})).toEqual([]);
    store.close();
  });
});
