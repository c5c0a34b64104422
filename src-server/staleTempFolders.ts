import fsp from 'node:fs/promises';
import path from 'node:path';

/** Older than any run could take: a temp folder this old was left by a server that died mid-run. */
export const STALE_TEMP_MS = 24 * 3600 * 1000;

/**
 * The folders the server makes in its temp directory (config.exports.tempDir), by name prefix:
 * the COCO writer parks annotations there while an export runs (formats/cocoWriter.ts), and an
 * import copies its zip there while it is read (imports/readZip.ts, up to 1 GiB), and an export
 * with media copies a video file there for ffmpeg (media/localVideoCopy.ts). A live run removes
 * its own; one killed mid-run leaves it behind.
 */
export const TEMP_FOLDER_PREFIXES = { cocoExport: 'coco-', importZip: 'import-', videoCopy: 'video-' } as const;

/**
 * At start: removes temp folders a killed run left. Only old ones: another server sharing the
 * directory may be writing. Answers how many it removed.
 */
export async function sweepStaleTempFolders(tempDir: string, now: number): Promise<number> {
  const prefixes = Object.values(TEMP_FOLDER_PREFIXES);
  const names = await fsp.readdir(tempDir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names.filter((n) => prefixes.some((p) => n.startsWith(p)))) {
    const folder = path.join(tempDir, name);
    const stat = await fsp.stat(folder).catch(() => null);
    if (!stat?.isDirectory() || now - stat.mtimeMs <= STALE_TEMP_MS) continue;
    await fsp.rm(folder, { recursive: true, force: true });
    removed++;
  }
  return removed;
}
