import fs from 'node:fs';
import path from 'node:path';

/**
 * Where the files of a browser import gather on this machine, chunk by chunk, before they go
 * to the store: `<dataDir>/incoming/<jobId>/<object>`. A chunk is appended only at the offset
 * the file has reached, so a chunk sent again (its answer was lost) is never stored twice, and
 * a page that comes back continues where the file stopped. One chunk at a time per file.
 */
export class BrowserSpool {
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(private readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true });
  }

  fileOf(jobId: string, object: string): string {
    return path.join(this.dir, jobId, object);
  }

  /** Bytes held of the file so far. */
  async held(jobId: string, object: string): Promise<number> {
    return fs.promises.stat(this.fileOf(jobId, object)).then((s) => s.size, () => 0);
  }

  /** Appends `chunk` when `offset` is where the file stands; answers where it stands after. */
  async append(jobId: string, object: string, offset: number, chunk: Buffer): Promise<number> {
    const file = this.fileOf(jobId, object);
    const held = await this.held(jobId, object);
    if (offset !== held || chunk.length === 0) return held;
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    await fs.promises.appendFile(file, chunk);
    return held + chunk.length;
  }

  /** Runs `fn` alone for this file: a retried chunk waits for the one still being written. */
  async exclusive<T>(jobId: string, object: string, fn: () => Promise<T>): Promise<T> {
    const id = `${jobId}/${object}`;
    const before = this.locks.get(id) ?? Promise.resolve();
    const run = before.then(fn, fn);
    const settled = run.catch(() => undefined);
    this.locks.set(id, settled);
    void settled.then(() => {
      if (this.locks.get(id) === settled) this.locks.delete(id);
    });
    return run;
  }

  removeFile(jobId: string, object: string): void {
    fs.rmSync(this.fileOf(jobId, object), { force: true });
  }

  removeJob(jobId: string): void {
    fs.rmSync(path.join(this.dir, jobId), { recursive: true, force: true });
  }
}
