import fs from 'node:fs';
import path from 'node:path';
import type { DatasetImportArgs, DatasetJob, ScannedRecordType } from '../../../src-shared/ipc/datasets';

/** One file of an import: where it is, what it hashes to, where it goes, whether it is there. */
export interface PlannedFile {
  path: string;
  size: number;
  sha256: string;
  key: string;
  uploaded: boolean;
  /** pixel size from the file's header (absent in journals written before it was read, or when unknown) */
  width?: number | null;
  height?: number | null;
  /** a video's frame rows on the server, split as asked (the probe's count; keeps each call under its limit) */
  videoRows?: number;
}

export interface PlannedSubject {
  name: string;
  recordType: ScannedRecordType;
  contentHash: string;
  files: PlannedFile[];
  /** the project already has this content */
  skip: boolean;
  registered: boolean;
}

/** Everything an import needs to continue after the app restarts. */
export interface ImportRecord {
  args: DatasetImportArgs;
  job: DatasetJob;
  /** empty until hashing finished */
  plan: PlannedSubject[];
}

/**
 * Unfinished imports on disk, one JSON file per job under `<dataDir>/imports/`, replaced
 * atomically. Written on every change of phase and at most once a second while files upload,
 * so a crash costs at most a second of "uploaded" marks: those files are uploaded again under
 * the same content-addressed key, which changes nothing.
 */
export class ImportJournal {
  constructor(private readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true });
  }

  private file(jobId: string): string {
    return path.join(this.dir, `${jobId}.json`);
  }

  save(r: ImportRecord): void {
    const tmp = `${this.file(r.job.jobId)}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(r));
    fs.renameSync(tmp, this.file(r.job.jobId));
  }

  remove(jobId: string): void {
    fs.rmSync(this.file(jobId), { force: true });
  }

  /** Every job an earlier run left on disk (damaged files are skipped). */
  load(): ImportRecord[] {
    const out: ImportRecord[] = [];
    for (const name of fs.readdirSync(this.dir)) {
      if (!name.endsWith('.json')) continue;
      try {
        const r = JSON.parse(fs.readFileSync(path.join(this.dir, name), 'utf8')) as ImportRecord;
        if (r?.job?.jobId && Array.isArray(r.plan)) out.push(r);
      } catch {
        // a half-written file from a crash before rename cannot happen; anything else is not ours
      }
    }
    return out;
  }
}
