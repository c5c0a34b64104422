import fs from 'node:fs';
import path from 'node:path';

/** SQLite's words for a file that is not (or no longer) a database it can read. */
const UNREADABLE = /^SQLITE_(?:NOTADB|CORRUPT)/;

/** Whether `err` says the database file itself is damaged (not a full disk, not a lock, not a newer schema). */
export function isUnreadableDatabase(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && UNREADABLE.test(code);
}

/** What happened when a damaged database was replaced by an empty one. */
export interface SetAside {
  /** the file's new name, in the same folder */
  movedTo: string;
  /** SQLite's code and message for the damage */
  error: string;
}

/**
 * Opens a local SQLite database with `open`; when the file is damaged (garbage written over
 * it, a disk that lost sectors), renames it, with its WAL and shared-memory files when SQLite's
 * failed open left them, to `<name>.corrupt-<time>` and opens an empty one in its place. The damaged file is kept, not
 * deleted: `sqlite3 <file> .recover` may still get rows out of it. Any other failure (a newer
 * schema, a full disk, no permission) is thrown as it is: a fresh file would not cure it.
 */
export function openOrSetAside<T>(file: string, open: (file: string) => T, now: () => number = Date.now): { store: T; setAside: SetAside | null } {
  try {
    return { store: open(file), setAside: null };
  } catch (err) {
    if (!isUnreadableDatabase(err)) throw err;
    const stamp = new Date(now()).toISOString().replace(/[:.]/g, '-');
    const movedTo = `${file}.corrupt-${stamp}`;
    fs.renameSync(file, movedTo);
    for (const side of ['-wal', '-shm']) if (fs.existsSync(file + side)) fs.renameSync(file + side, movedTo + side);
    const e = err as { code: string; message?: string };
    return { store: open(file), setAside: { movedTo: path.basename(movedTo), error: `${e.code}: ${e.message ?? ''}` } };
  }
}
