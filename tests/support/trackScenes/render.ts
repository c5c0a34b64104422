/**
 * Footage with known motion (issue 33, tracking): real objects cut out of photographs
 * (cutouts.ts) moved over another photograph along given paths, and each object's true box on
 * every frame. What makes it hard the way real footage is, each optional per scene:
 * - speed: the paths are given per frame, so anything from still to 60 px a frame;
 * - motion blur: each object is drawn as the mean of several positions over half a frame's time
 *   around the frame's instant (a fast ball is a smear, as on a real camera);
 * - scale: the object's size changes per frame;
 * - occlusion: other objects drawn later, and occluders (other cut-out objects) that pass over an
 *   object for a few frames;
 * - a panning camera: the background is a window moving over a larger photo;
 * - exposure drift (a gain per frame), greyscale, sensor noise, and JPEG compression.
 *
 * Truth: an object's box is its whole outline as placed on that frame (what a person draws
 * around a partly hidden object), clipped to the frame; `visible` is the share of its outline's
 * pixels that are in the frame and not covered (0 when it has left, or is hidden).
 */
import sharp from 'sharp';
import { sampleRegion } from '../../../src-ai/imaging';
import { cutout, photo, type Pixels } from './cutouts';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Something that moves: a centre (frame pixels) and a scale per frame. */
export interface Mover {
  /** the object of tests/fixtures/outlines */
  id: string;
  /** longer side in px at scale 1 */
  side: number;
  cx: number[];
  cy: number[];
  scale: number[];
}

export interface Occluder extends Mover {
  /** drawn on frames from..to (inclusive) only */
  from: number;
  to: number;
}

export interface Scene {
  name: string;
  width: number;
  height: number;
  frames: number;
  /** a photograph file: the background */
  background: string;
  /** where the camera's window is on the background, per frame (px, >= 0); the background is made that much larger */
  panX: number[];
  panY: number[];
  objects: Mover[];
  occluders: Occluder[];
  grey: boolean;
  /** exposure per frame (1 = as is) */
  gain: number[];
  /** sensor noise, standard deviation in grey levels */
  noise: number;
  jpegQuality: number;
  seed: number;
}

export interface Truth {
  box: Box;
  /** share of the outline's pixels in view (0..1) */
  visible: number;
}

export interface Footage {
  scene: Scene;
  /** JPEG bytes per frame */
  frames: Buffer[];
  /** per object (in scene.objects order), per frame */
  truth: Truth[][];
}

/** A small seeded generator (mulberry32): the same seed makes the same footage. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Prepared {
  pixels: Pixels;
  /** frame pixels per cutout pixel at scale 1 */
  base: number;
  /** bounding box of the outline in the cutout (alpha >= 128), edge coordinates */
  bx0: number;
  by0: number;
  bx1: number;
  by1: number;
}

async function prepare(m: Mover): Promise<Prepared> {
  const maxScale = Math.max(...m.scale);
  const side = Math.max(4, Math.round(m.side * maxScale));
  const pixels = await cutout(m.id, side);
  let bx0 = Infinity;
  let by0 = Infinity;
  let bx1 = -Infinity;
  let by1 = -Infinity;
  for (let y = 0; y < pixels.height; y++)
    for (let x = 0; x < pixels.width; x++) {
      if (pixels.data[(y * pixels.width + x) * 4 + 3]! < 128) continue;
      bx0 = Math.min(bx0, x);
      by0 = Math.min(by0, y);
      bx1 = Math.max(bx1, x + 1);
      by1 = Math.max(by1, y + 1);
    }
  return { pixels, base: m.side / Math.max(pixels.width, pixels.height), bx0, by0, bx1, by1 };
}

/** Where a mover is at a fractional frame time (linear between frames). */
function at(m: Mover, t: number): { cx: number; cy: number; scale: number } {
  const n = m.cx.length - 1;
  const c = Math.min(Math.max(t, 0), n);
  const i = Math.min(Math.floor(c), Math.max(0, n - 1));
  const f = c - i;
  const j = Math.min(i + 1, n);
  const lerp = (a: number[]) => a[i]! + (a[j]! - a[i]!) * f;
  return { cx: lerp(m.cx), cy: lerp(m.cy), scale: lerp(m.scale) };
}

/** The cutout's placement at a time: top-left in frame pixels and frame pixels per cutout pixel. */
function placement(p: Prepared, m: Mover, t: number) {
  const { cx, cy, scale } = at(m, t);
  const k = scale * p.base;
  return { left: cx - (p.pixels.width * k) / 2, top: cy - (p.pixels.height * k) / 2, k };
}

function trueBox(p: Prepared, m: Mover, t: number, width: number, height: number): Box {
  const { left, top, k } = placement(p, m, t);
  const x0 = Math.max(0, left + k * p.bx0);
  const y0 = Math.max(0, top + k * p.by0);
  const x1 = Math.min(width, left + k * p.bx1);
  const y1 = Math.min(height, top + k * p.by1);
  return { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}

/**
 * Draws a mover over `rgb` (float, 3 channels) as the mean of `samples` placements over half a
 * frame's time around t; marks `owner` with `tag` where its outline (at t) is. Returns how many
 * of its outline's pixels there are in all (in the frame or not).
 */
function draw(rgb: Float32Array, owner: Int16Array, width: number, height: number, p: Prepared, m: Mover, t: number, tag: number, blur: boolean): number {
  const here = at(m, t);
  const span = blur ? Math.hypot(at(m, t + 0.25).cx - at(m, t - 0.25).cx, at(m, t + 0.25).cy - at(m, t - 0.25).cy) : 0;
  const samples = Math.min(9, 1 + 2 * Math.floor(span / 6));
  const k = here.scale * p.base;
  const maxW = p.pixels.width * k * 1.2 + span + 4;
  const maxH = p.pixels.height * k * 1.2 + span + 4;
  const fx0 = Math.max(0, Math.floor(here.cx - maxW / 2));
  const fy0 = Math.max(0, Math.floor(here.cy - maxH / 2));
  const fx1 = Math.min(width, Math.ceil(here.cx + maxW / 2));
  const fy1 = Math.min(height, Math.ceil(here.cy + maxH / 2));
  const w = fx1 - fx0;
  const h = fy1 - fy0;
  let total = 0;
  if (w > 0 && h > 0) {
    const acc = new Float32Array(w * h * 4);
    for (let s = 0; s < samples; s++) {
      const ts = samples === 1 ? t : t - 0.25 + (0.5 * s) / (samples - 1);
      const { left, top, k: ks } = placement(p, m, ts);
      const part = sampleRegion(p.pixels, { x0: (fx0 - left) / ks, y0: (fy0 - top) / ks, scale: ks }, w, h);
      for (let i = 0, q = 0; i < w * h; i++, q += 4) {
        const a = part.data[q + 3]! / 255;
        if (a === 0) continue;
        acc[q]! += part.data[q]! * a;
        acc[q + 1]! += part.data[q + 1]! * a;
        acc[q + 2]! += part.data[q + 2]! * a;
        acc[q + 3]! += a;
      }
    }
    for (let j = 0; j < h; j++)
      for (let i = 0; i < w; i++) {
        const q = (j * w + i) * 4;
        const a = acc[q + 3]! / samples;
        if (a === 0) continue;
        const o = ((fy0 + j) * width + fx0 + i) * 3;
        for (let c = 0; c < 3; c++) rgb[o + c] = rgb[o + c]! * (1 - a) + acc[q + c]! / samples;
      }
  }
  // ownership from the outline at t itself (not the smear)
  const { left, top, k: kt } = placement(p, m, t);
  const ox0 = Math.floor(left);
  const oy0 = Math.floor(top);
  const ow = Math.ceil(p.pixels.width * kt) + 2;
  const oh = Math.ceil(p.pixels.height * kt) + 2;
  const alpha = sampleRegion(p.pixels, { x0: (ox0 - left) / kt, y0: (oy0 - top) / kt, scale: kt }, ow, oh);
  for (let j = 0; j < oh; j++)
    for (let i = 0; i < ow; i++) {
      if (alpha.data[(j * ow + i) * 4 + 3]! < 128) continue;
      total++;
      const x = ox0 + i;
      const y = oy0 + j;
      if (x >= 0 && y >= 0 && x < width && y < height) owner[y * width + x] = tag;
    }
  return total;
}

/** Renders every frame of a scene and its truth. */
export async function renderScene(scene: Scene): Promise<Footage> {
  const { width, height } = scene;
  const panW = Math.ceil(Math.max(...scene.panX)) + 2;
  const panH = Math.ceil(Math.max(...scene.panY)) + 2;
  const bg = await photo(scene.background, width + panW, height + panH);
  const objects = await Promise.all(scene.objects.map(prepare));
  const occluders = await Promise.all(scene.occluders.map(prepare));
  const rnd = random(scene.seed ^ 0x5eed);
  const frames: Buffer[] = [];
  const truth: Truth[][] = scene.objects.map(() => []);
  for (let t = 0; t < scene.frames; t++) {
    const view = sampleRegion(bg, { x0: scene.panX[t]!, y0: scene.panY[t]!, scale: 1 }, width, height);
    const rgb = Float32Array.from(view.data);
    const owner = new Int16Array(width * height).fill(-1);
    const totals = objects.map((p, i) => draw(rgb, owner, width, height, p, scene.objects[i]!, t, i, true));
    occluders.forEach((p, i) => {
      const o = scene.occluders[i]!;
      if (t >= o.from && t <= o.to) draw(rgb, owner, width, height, p, o, t, 1000 + i, false);
    });
    const seen = new Array<number>(objects.length).fill(0);
    for (let i = 0; i < owner.length; i++) if (owner[i]! >= 0 && owner[i]! < 1000) seen[owner[i]!]!++;
    scene.objects.forEach((m, i) => truth[i]!.push({ box: trueBox(objects[i]!, m, t, width, height), visible: totals[i]! > 0 ? seen[i]! / totals[i]! : 0 }));
    const channels = scene.grey ? 1 : 3;
    const out = new Uint8Array(width * height * channels);
    const gain = scene.gain[t] ?? 1;
    const noise = () => (rnd() + rnd() + rnd() - 1.5) * 2 * scene.noise;
    for (let i = 0, q = 0; i < width * height; i++, q += 3) {
      if (channels === 1) out[i] = clamp((rgb[q]! * 0.299 + rgb[q + 1]! * 0.587 + rgb[q + 2]! * 0.114) * gain + noise());
      else for (let c = 0; c < 3; c++) out[q + c] = clamp(rgb[q + c]! * gain + noise());
    }
    frames.push(await sharp(out, { raw: { width, height, channels } }).jpeg({ quality: scene.jpegQuality }).toBuffer());
  }
  return { scene, frames, truth };
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v + 0.5);
