import fs from 'node:fs';
import type { ZipSummary } from './logZip';

/** What the team server is told of an uploaded zip (POST /core/log/upload), less the device. */
export interface ZipRegistration extends ZipSummary {
  /** who uploaded it: only they can register it */
  userId: number;
  key: string;
  sizeBytes: number;
}

/**
 * Tells the team server about an uploaded zip. Resolves when it is registered, or when the
 * server refused it for good (the object is gone, the key is not the caller's): there is
 * nothing to retry. Rejects when it may work later (offline, server down): it is kept.
 */
export type LogZipRegistrar = (z: ZipRegistration) => Promise<void>;

/** Registrations kept at most; past it the oldest are forgotten (their zips stay in the store). */
export const MAX_PENDING_REGISTRATIONS = 1000;

/**
 * Uploaded zips the server has not been told of yet, kept in a JSON file so a restart does
 * not forget them (written as a temp file and renamed). The zips themselves are never
 * uploaded again: their records are marked shipped once the upload succeeded.
 */
export class PendingRegistrations {
  private list: ZipRegistration[];

  constructor(private readonly file: string | null) {
    this.list = file ? read(file) : [];
  }

  get size(): number {
    return this.list.length;
  }

  /** The ones `userId` may register now, oldest first. */
  of(userId: number): ZipRegistration[] {
    return this.list.filter((z) => z.userId === userId);
  }

  add(z: ZipRegistration): void {
    this.list.push(z);
    if (this.list.length > MAX_PENDING_REGISTRATIONS) this.list.splice(0, this.list.length - MAX_PENDING_REGISTRATIONS);
    this.save();
  }

  remove(keys: Set<string>): void {
    if (keys.size === 0) return;
    this.list = this.list.filter((z) => !keys.has(z.key));
    this.save();
  }

  private save(): void {
    if (!this.file) return;
    try {
      const tmp = `${this.file}.tmp`;
      fs.writeFileSync(tmp, JSON.stringify(this.list));
      fs.renameSync(tmp, this.file);
    } catch {
      // a disk that cannot take the file: they are still kept in memory until the app closes
    }
  }
}

function read(file: string): ZipRegistration[] {
  try {
    const v = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
    return Array.isArray(v) ? (v.filter((z) => z && typeof z.key === 'string' && typeof z.userId === 'number') as ZipRegistration[]) : [];
  } catch {
    return [];
  }
}
