import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The lock file in the data folder: who holds the folder. */
export const DATA_DIR_LOCK_FILE = 'workstation.lock';

interface LockOwner {
  pid: number;
  hostname: string;
  host: string;
  startedAt: string;
}

/** Another workstation process uses the data folder; `message` says which and what to do. */
export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
  readonly code = 'DATA_DIR_LOCKED';
}

/** Folders this process holds (a second host started in the same process is refused too). */
const heldHere = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, it is someone else's
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): LockOwner | null {
  try {
    const o = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockOwner>;
    return typeof o.pid === 'number' ? { pid: o.pid, hostname: String(o.hostname ?? ''), host: String(o.host ?? ''), startedAt: String(o.startedAt ?? '') } : null;
  } catch {
    return null;
  }
}

/** Whether the owner still runs; a lock from another computer (a shared folder) is taken as held: we cannot tell. */
function held(owner: LockOwner | null, file: string, dir: string): boolean {
  if (!owner) {
    // Unreadable: being written this very moment, or garbage. Young: someone is writing it.
    try {
      return Date.now() - fs.statSync(file).mtimeMs < 2000;
    } catch {
      return false;
    }
  }
  if (owner.hostname !== os.hostname()) return true;
  if (owner.pid === process.pid) return heldHere.has(dir);
  return alive(owner.pid);
}

/**
 * One workstation per data folder (issue 18): two processes must never write the same journal
 * and log databases. Takes `<dataDir>/workstation.lock` (created exclusively, holding the
 * owner's pid) or throws DataDirLockedError. A lock whose process is gone (a crash, a kill) is
 * stale and taken over. Answers the release, which removes the file; the file also goes when
 * the process exits without releasing.
 */
export function lockDataDir(dataDir: string, host: string): () => void {
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, DATA_DIR_LOCK_FILE);
  const me: LockOwner = { pid: process.pid, hostname: os.hostname(), host, startedAt: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(me), { flag: 'wx', mode: 0o600 });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = readOwner(file);
      if (attempt > 0 || held(owner, file, dir)) throw lockedError(dir, owner, file);
      // stale: its process is gone; remove it and try once more (a racing starter wins or loses cleanly)
      fs.rmSync(file, { force: true });
    }
  }
  heldHere.add(dir);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    heldHere.delete(dir);
    // only our own lock: never one a later owner took over
    if (readOwner(file)?.pid === me.pid && readOwner(file)?.startedAt === me.startedAt) fs.rmSync(file, { force: true });
  };
  process.on('exit', release);
  return release;
}

function lockedError(dir: string, owner: LockOwner | null, file: string): DataDirLockedError {
  const who = owner ? `process ${owner.pid}${owner.hostname !== os.hostname() ? ` on ${owner.hostname}` : ''} (${owner.host || 'workstation'}, started ${owner.startedAt})` : 'another process';
  return new DataDirLockedError(
    `another workstation is already running on the data folder ${dir}: ${who}. ` +
      `Use that one, stop it first, or start this one with another WORKSTATION_DATA_DIR. ` +
      `If no such process runs, delete ${file}.`,
  );
}
