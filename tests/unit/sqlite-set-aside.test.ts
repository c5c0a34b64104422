import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { JournalStore } from '../../src-main/services/journal';
import { LogStore } from '../../src-main/services/logstore/logStore';
import { openOrSetAside } from '../../src-main/services/sqliteSetAside';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-setaside-'));
  dirs.push(d);
  return d;
};
const AT = Date.UTC(2026, 10, 26, 9, 30);

describe('a damaged local database is set aside, anything else is not', () => {
  it('renames a file of garbage and opens an empty journal in its place', () => {
    const dir = tmp();
    const file = path.join(dir, 'journal.db');
    fs.writeFileSync(file, Buffer.alloc(8192, 'garbage '));
    const { store, setAside } = openOrSetAside(file, (f) => new JournalStore(f), () => AT);
    expect(setAside).toEqual({ movedTo: 'journal.db.corrupt-2026-11-26T09-30-00-000Z', error: 'SQLITE_NOTADB: file is not a database' });
    expect(fs.readFileSync(path.join(dir, setAside!.movedTo), 'utf8').startsWith('garbage ')).toBe(true);
    // nothing of the old file is left under the journal's name
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('journal.db')).sort()).toEqual(expect.arrayContaining(['journal.db', setAside!.movedTo]));
    // the new journal works
    store.open(1, 0, 7);
    store.append({ taskSubjectId: 1, frameId: 1, upsert: [], remove: [] }, 7);
    expect(store.pendingCount(1)).toBe(1);
    store.close();
  });

  it('opens a sound file as it is', () => {
    const dir = tmp();
    const file = path.join(dir, 'logs.db');
    new LogStore(file).close();
    const { store, setAside } = openOrSetAside(file, (f) => new LogStore(f));
    expect(setAside).toBeNull();
    store.close();
    expect(fs.readdirSync(dir).filter((f) => f.includes('corrupt'))).toEqual([]);
  });

  it('throws a newer schema as it is: a fresh file would not cure it, and the file stays', () => {
    const dir = tmp();
    const file = path.join(dir, 'logs.db');
    const db = new BetterSqlite3(file);
    db.pragma('user_version = 9');
    db.close();
    expect(() => openOrSetAside(file, (f) => new LogStore(f))).toThrow(/newer than this app/);
    expect(fs.readdirSync(dir)).toEqual(['logs.db']);
  });
});
