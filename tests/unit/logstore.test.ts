import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { LogRecordInput } from '../../src-shared/ipc';
import { LogStore } from '../../src-main/services/logstore/logStore';
import { LOG_DB_VERSION, migrateLogDb } from '../../src-main/services/logstore/migrations';
import { acceptRecords } from '../../src-main/services/logstore/recordInput';
import { toWriteBatch } from '../../src-main/services/logstore/writeQueue';

const dirs: string[] = [];
const tmpFile = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-logs-'));
  dirs.push(d);
  return path.join(d, 'logs.db');
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** Records as the worker receives them: checked and stamped in the main process, then one batch. */
const batch = (records: LogRecordInput[], now = 1) => toWriteBatch(acceptRecords({ records }, now, {}));

describe('log store (the SQL the log worker runs)', () => {
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
    const db = new BetterSqlite3(file);
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    db.close();
  });

  it('refuses to open a store written by a newer app, and leaves it as it was', () => {
    const file = tmpFile();
    const db = new BetterSqlite3(file);
    db.pragma('user_version = 9');
    db.close();
    expect(() => new LogStore(file)).toThrow(/newer than this app/);
    const again = new BetterSqlite3(file);
    expect(again.pragma('user_version', { simple: true })).toBe(9);
    again.close();
  });

  it('filters by level, time range and literal text, newest first', () => {
    const store = new LogStore(tmpFile());
    store.append([
      batch([
        { level: 0, message: 'debug 100%', at: 10 },
        { level: 1, message: 'info a_b', at: 20 },
        { level: 3, message: 'error 100% sure', at: 30, extra: { taskId: 4, remark: '备注' } },
      ]),
    ]);
    expect(store.query({ minLevel: 1 }).map((r) => r.at)).toEqual([30, 20]);
    expect(store.query({ from: 15, to: 25 }).map((r) => r.message)).toEqual(['info a_b']);
    expect(store.query({ search: '100%' }).map((r) => r.at)).toEqual([30, 10]);
    expect(store.query({ search: 'a_b' }).map((r) => r.at)).toEqual([20]);
    expect(store.query({ search: '_' }).map((r) => r.at)).toEqual([20]);
    expect(store.query({ limit: 1 })[0]!.extra).toEqual({ taskId: 4, remark: '备注' });
    store.close();
  });

  it('stores several batches in one transaction: a batch that fails takes the others with it', () => {
    const store = new LogStore(tmpFile());
    const broken = batch([{ level: 1, message: 'x' }]);
    broken.messages[0] = null as unknown as string; // message is NOT NULL
    expect(() => store.append([batch([{ level: 1, message: 'fine' }]), broken])).toThrow(/NOT NULL/);
    expect(store.count()).toBe(0);
    expect(store.append([batch([{ level: 1, message: 'a' }]), batch([{ level: 2, message: 'b' }])])).toBe(2);
    expect(store.count()).toBe(2);
    store.close();
  });

  it('keeps the order of a large batch: ids follow the order records were sent in', () => {
    const store = new LogStore(tmpFile());
    const n = 257; // more than two 100-row inserts and a remainder
    const records = Array.from({ length: n }, (_, i) => ({ level: 1 as const, message: `m${i}`, at: 5000 }));
    expect(store.append([batch(records.slice(0, 150)), batch(records.slice(150))])).toBe(n);
    const rows = store.query({ limit: 1000 }).reverse();
    expect(rows.map((r) => r.message)).toEqual(records.map((r) => r.message));
    expect(rows.map((r) => r.id)).toEqual(records.map((_, i) => i + 1));
    store.close();
  });

  it('deletes by age and never gives an id out twice, even after deleting everything', () => {
    const store = new LogStore(tmpFile());
    store.append([batch([{ level: 1, message: 'old', at: 100 }, { level: 1, message: 'new', at: 300 }])]);
    expect(store.deleteBefore(200)).toBe(1);
    expect(store.query({}).map((r) => r.message)).toEqual(['new']);
    expect(store.deleteBefore(1000)).toBe(1);
    store.append([batch([{ level: 1, message: 'after', at: 400 }])]);
    expect(store.query({})[0]!.id).toBe(3);
    expect(store.maxEverId()).toBe(3);
    store.close();
  });
});
