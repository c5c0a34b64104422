/**
 * Tracker variants tried for issue 33, run in the bench's own process on frames decoded as the
 * model service decodes them (src-ai/images.ts), so each is scored on the same pixels.
 */
import { decodeImage } from '../../src-ai/images';
import type { Raster } from '../../src-ai/imaging';
import { track } from '../../src-ai/models/tracker';
import type { Footage } from '../../tests/support/trackScenes/render';
import type { Answers } from './trackScore';

export const VARIANTS: Record<string, { about: string; minScore: number }> = {
  today: { about: 'the tracker before issue 33, in process', minScore: 0.3 },
};

async function rasters(f: Footage): Promise<Raster[]> {
  return Promise.all(f.frames.map(async (b) => {
    const img = await decodeImage(b);
    return { width: img.width, height: img.height, channels: 3, data: new Uint8Array(img.data) };
  }));
}

export async function runVariant(name: string, f: Footage): Promise<Answers> {
  const v = VARIANTS[name];
  if (!v) throw new Error(`no tracker variant "${name}" (${Object.keys(VARIANTS).join(', ')})`);
  const [first, ...next] = await rasters(f);
  const objects = f.truth.map((tr, i) => ({ id: `o${i}`, tool: 'box' as const, box: tr[0]!.box }));
  const predictions = await track(first!, next, { objects }, v.minScore);
  return objects.map((o) => next.map((_, k) => {
    const p = predictions.find((q) => q.trackOf === o.id && q.frameIndex === k);
    return p?.box ? { box: p.box, score: p.score } : null;
  }));
}
