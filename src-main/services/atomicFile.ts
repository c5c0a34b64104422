import fs from 'node:fs';

/**
 * Writes a small file whole: to a temporary name beside it, then renamed over it, so a crash
 * mid-write leaves the old file or the new one, never half of one. `mode` 0600 for what only the
 * user may read (a new file's mode; the rename replaces the old file, mode and all).
 */
export function writeFileWhole(file: string, text: string, mode?: number): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text, mode === undefined ? {} : { mode });
  fs.renameSync(tmp, file);
}
