/**
 * A video file of the object store as a local file ffmpeg can seek in (S3 has no file to give
 * it). One copy is kept at a time: the items of a split file come one after the other in an
 * export, so the file is fetched once for all of them, and the disk holds one video at most.
 * `close()` removes the folder, whatever happened before (a server killed first: the start-up
 * sweep, staleTempFolders.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ObjectStore } from '../storage';
import { TEMP_FOLDER_PREFIXES } from '../staleTempFolders';

export class LocalVideoCopy {
  private readonly dir: string;
  private made = false;
  private current: { key: string; file: Promise<string> } | null = null;

  constructor(
    private readonly storage: ObjectStore,
    tempDir: string,
  ) {
    this.dir = path.join(tempDir, `${TEMP_FOLDER_PREFIXES.videoCopy}${crypto.randomUUID()}`);
  }

  /** The local path of the object at `key`, fetched unless it is the one held (the one held before is removed). */
  fileOf(key: string, signal: AbortSignal): Promise<string> {
    if (this.current?.key === key) return this.current.file;
    const previous = this.current;
    const file = (async () => {
      if (previous) await previous.file.then((f) => fsp.rm(f, { force: true })).catch(() => undefined);
      if (!this.made) await fsp.mkdir(this.dir, { recursive: true });
      this.made = true;
      const local = path.join(this.dir, `${crypto.randomUUID()}${path.extname(key).slice(0, 8)}`);
      await pipeline(await this.storage.get(key), fs.createWriteStream(local), { signal });
      return local;
    })();
    this.current = { key, file };
    // a failed copy is not kept: the next item of the same file tries again
    file.catch(() => {
      if (this.current?.file === file) this.current = null;
    });
    return file;
  }

  async close(): Promise<void> {
    await this.current?.file.catch(() => undefined);
    this.current = null;
    await fsp.rm(this.dir, { recursive: true, force: true });
  }
}
