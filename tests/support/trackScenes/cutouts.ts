/**
 * Real objects for made-up footage: each object of tests/fixtures/outlines (drawn by hand over a
 * real photograph) cut out of its photo by its outline, as RGBA (alpha 255 inside the outline,
 * 0 outside), at a chosen size. The footage of trackScenes/render.ts moves these over other
 * photographs, so a tracker meets real texture, real silhouettes and the background around them
 * inside its box, as in real footage.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { rasterizePolygons } from '../../../src-shared/mask/polygonToMask';

export const OUTLINES = path.resolve(import.meta.dirname, '../../fixtures/outlines');
export const DEMO_IMAGES = path.resolve(import.meta.dirname, '../../../resources/demo-images');

interface Outline {
  id: string;
  image: string;
  polygons: [number, number][][];
  holes?: [number, number][][];
}

/** Pixels, interleaved, `channels` bytes each. */
export interface Pixels {
  width: number;
  height: number;
  channels: number;
  data: Uint8Array;
}

let outlines: Map<string, Outline> | undefined;
function outlineOf(id: string): Outline {
  outlines ??= new Map((JSON.parse(fs.readFileSync(path.join(OUTLINES, 'outlines.json'), 'utf8')) as Outline[]).map((o) => [o.id, o]));
  const o = outlines.get(id);
  if (!o) throw new Error(`no outline "${id}" in tests/fixtures/outlines`);
  return o;
}

const full = new Map<string, Promise<Pixels>>();
/** The object cut out at its size in the photo (cached: several sequences use one object). */
function cutAtSource(id: string): Promise<Pixels> {
  let p = full.get(id);
  if (!p) {
    p = (async () => {
      const o = outlineOf(id);
      const mask = rasterizePolygons([...o.polygons, ...(o.holes ?? [])].map((r) => r.map(([x, y]) => ({ x, y }))));
      if (!mask) throw new Error(`outline "${id}" is empty`);
      const { data, info } = await sharp(path.join(OUTLINES, o.image)).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
      const out = new Uint8Array(mask.width * mask.height * 4);
      for (let j = 0; j < mask.height; j++) {
        const y = mask.y + j;
        for (let i = 0; i < mask.width; i++) {
          const x = mask.x + i;
          if (!mask.bits[j * mask.width + i] || x < 0 || y < 0 || x >= info.width || y >= info.height) continue;
          const s = (y * info.width + x) * info.channels;
          const d = (j * mask.width + i) * 4;
          out[d] = data[s]!;
          out[d + 1] = data[s + 1]!;
          out[d + 2] = data[s + 2]!;
          out[d + 3] = 255;
        }
      }
      return { width: mask.width, height: mask.height, channels: 4, data: out };
    })();
    full.set(id, p);
  }
  return p;
}

/** The object cut out, resized (alpha-aware, Lanczos) so its longer side is `side` px. */
export async function cutout(id: string, side: number): Promise<Pixels> {
  const src = await cutAtSource(id);
  const k = side / Math.max(src.width, src.height);
  const width = Math.max(2, Math.round(src.width * k));
  const height = Math.max(2, Math.round(src.height * k));
  const { data } = await sharp(src.data, { raw: { width: src.width, height: src.height, channels: 4 } })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width, height, channels: 4, data: new Uint8Array(data) };
}

/** A photograph as RGB, resized to cover width x height (aspect kept, centre crop). */
export async function photo(file: string, width: number, height: number): Promise<Pixels> {
  const { data } = await sharp(file).removeAlpha().toColourspace('srgb').resize(width, height, { fit: 'cover' }).raw().toBuffer({ resolveWithObject: true });
  return { width, height, channels: 3, data: new Uint8Array(data) };
}
