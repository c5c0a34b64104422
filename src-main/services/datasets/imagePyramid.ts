import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { MAX_TILED_PIXELS, TILE_FORMAT, TILE_SIDE } from '../../../src-shared/model/imagePyramid';
import type { StorageService } from '../storage';

/** JPEG at this quality: tiles are for looking at; the original stays as it was for export. */
const TILE_QUALITY = 92;
const UPLOAD_CONCURRENCY = 16;

/** A pyramid's files as made on disk, each with the key suffix it is stored under after the image's key. */
export interface PyramidFile {
  file: string;
  suffix: string;
  contentType: string;
}

/**
 * Makes the Deep Zoom pyramid of a large image (src-shared/model/imagePyramid.ts) in `dir` with
 * libvips through sharp, which streams the image rather than holding it whole. The suffixes
 * follow the stored layout: `.dzi` and `_files/<level>/<col>_<row>.jpeg`.
 */
export async function makePyramid(file: string, dir: string): Promise<PyramidFile[]> {
  const base = path.join(dir, 'image');
  // The file's header says its size before anything is decoded: past MAX_TILED_PIXELS it is refused (a PNG of one colour can declare gigapixels in a few MB).
  await sharp(file, { limitInputPixels: MAX_TILED_PIXELS }).rotate().jpeg({ quality: TILE_QUALITY }).tile({ size: TILE_SIDE, overlap: 0, layout: 'dz' }).toFile(base);
  const files: PyramidFile[] = [{ file: `${base}.dzi`, suffix: '.dzi', contentType: 'application/xml' }];
  for (const level of await fs.promises.readdir(`${base}_files`)) {
    if (!/^\d+$/.test(level)) continue; // libvips also writes vips-properties.xml
    for (const tile of await fs.promises.readdir(path.join(`${base}_files`, level))) {
      files.push({ file: path.join(`${base}_files`, level, tile), suffix: `_files/${level}/${tile}`, contentType: `image/${TILE_FORMAT}` });
    }
  }
  return files;
}

/**
 * Makes the pyramid of a large image and stores it next to the original under `key`. Tile keys
 * are fixed by the key, so doing it again (an import resumed) writes the same objects. Throws
 * when any tile could not be stored.
 */
export async function storePyramid(storage: StorageService, file: string, key: string): Promise<{ tiles: number }> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'annot-pyramid-'));
  try {
    const [manifest, ...tiles] = await makePyramid(file, dir);
    const result = await storage.uploadMany({ items: tiles.map((f) => ({ file: f.file, key: `${key}${f.suffix}`, contentType: f.contentType })), concurrency: UPLOAD_CONCURRENCY });
    if (result.failed.length > 0) {
      const first = result.failed[0]!;
      throw Object.assign(new Error(`${result.failed.length} tile(s) of ${key} were not stored: ${first.message}`), { code: first.code });
    }
    // The manifest last: its presence says the pyramid is complete (the team server then leaves it be).
    await storage.upload({ file: manifest!.file, key: `${key}${manifest!.suffix}`, contentType: manifest!.contentType });
    return { tiles: tiles.length };
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
