import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { pyramidManifestKey, TILE_FORMAT, TILE_SIDE } from '../../../src-shared/model/imagePyramid';
import type { StorageService } from '../storage';

/** JPEG at this quality: tiles are for looking at; the original stays as it was for export. */
const TILE_QUALITY = 92;
const UPLOAD_CONCURRENCY = 16;

/**
 * Makes the Deep Zoom pyramid of a large image (src-shared/model/imagePyramid.ts) with libvips
 * through sharp, which streams the image and never holds it whole, and stores it next to the
 * original under `key`. Tile keys are fixed by the key, so doing it again (an import resumed)
 * writes the same objects. Throws when any tile could not be stored.
 */
export async function storePyramid(storage: StorageService, file: string, key: string): Promise<{ tiles: number }> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'annot-pyramid-'));
  try {
    const base = path.join(dir, 'image');
    await sharp(file, { limitInputPixels: false }).rotate().jpeg({ quality: TILE_QUALITY }).tile({ size: TILE_SIDE, overlap: 0, layout: 'dz' }).toFile(base);
    const tilesDir = `${base}_files`;
    const items = [{ file: `${base}.dzi`, key: pyramidManifestKey(key), contentType: 'application/xml' }];
    for (const level of await fs.promises.readdir(tilesDir)) {
      if (!/^\d+$/.test(level)) continue; // libvips also writes vips-properties.xml
      for (const tile of await fs.promises.readdir(path.join(tilesDir, level))) {
        items.push({ file: path.join(tilesDir, level, tile), key: `${key}_files/${level}/${tile}`, contentType: `image/${TILE_FORMAT}` });
      }
    }
    const result = await storage.uploadMany({ items, concurrency: UPLOAD_CONCURRENCY });
    if (result.failed.length > 0) {
      const first = result.failed[0]!;
      throw Object.assign(new Error(`${result.failed.length} tile(s) of ${key} were not stored: ${first.message}`), { code: first.code });
    }
    return { tiles: items.length - 1 };
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
