import fs from 'node:fs';
import path from 'node:path';

/** A multipart upload in progress, as remembered across restarts. */
export interface JournalEntry {
  transferId: string;
  file: string;
  /** the file as it was when the upload began: a changed file starts over */
  size: number;
  mtimeMs: number;
  bucket: string;
  key: string;
  uploadId: string;
  partSize: number;
  contentType: string;
  startedAt: number;
}

/**
 * The local journal of multipart uploads not yet completed: written when an upload starts,
 * removed when it completes or is cancelled. After a crash, a restart or a failure, an entry
 * says which upload id to continue; which parts are already stored is asked of the object store
 * itself (ListParts), so the journal never has to be written per part. One JSON file, replaced
 * atomically (write to a temporary file, then rename), so a kill mid-write leaves the old one.
 */
export class UploadJournal {
  private entries = new Map<string, JournalEntry>();
  private readonly file: string;

  constructor(dir: string) {
    fs.mkdirSync(dir, { recursive: true });
    this.file = path.join(dir, 'uploads.json');
    try {
      const list = JSON.parse(fs.readFileSync(this.file, 'utf8')) as JournalEntry[];
      if (Array.isArray(list)) for (const e of list) if (e && typeof e.transferId === 'string') this.entries.set(e.transferId, e);
    } catch {
      // no journal yet (or an unreadable one: nothing to resume, uploads start over)
    }
  }

  list(): JournalEntry[] {
    return [...this.entries.values()];
  }

  get(transferId: string): JournalEntry | undefined {
    return this.entries.get(transferId);
  }

  /** The entry of an earlier upload of the same file to the same place, if the file is unchanged. */
  findFor(file: string, bucket: string, key: string, stat: { size: number; mtimeMs: number }): JournalEntry | undefined {
    return this.list().find((e) => e.file === file && e.bucket === bucket && e.key === key && e.size === stat.size && e.mtimeMs === stat.mtimeMs);
  }

  put(entry: JournalEntry): void {
    this.entries.set(entry.transferId, entry);
    this.save();
  }

  remove(transferId: string): void {
    if (this.entries.delete(transferId)) this.save();
  }

  private save(): void {
    const tmp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(this.list()));
    fs.renameSync(tmp, this.file);
  }
}
