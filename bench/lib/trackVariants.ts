/**
 * Tracker variants tried for issue 33, run in the bench's own process on frames decoded as the
 * model service decodes them (src-ai/images.ts), so each is scored on the same pixels as the
 * service's. `before` is the tracker as it was (trackerBefore.ts); the others are today's
 * tracker (src-ai/models/tracker.ts) with some settings changed.
 */
import sharp from 'sharp';
import { decodeImage } from '../../src-ai/images';
import type { Raster } from '../../src-ai/imaging';
import { track, TRACKER_SETTINGS, type TrackerSettings } from '../../src-ai/models/tracker';
import type { Prediction } from '../../src-shared/ai/protocol';
import type { Footage } from '../../tests/support/trackScenes/render';
import { track as trackBefore } from './trackerBefore';
import type { Answers } from './trackScore';

const with_ = (s: Partial<TrackerSettings>): TrackerSettings => ({ ...TRACKER_SETTINGS, ...s });
/** the old tracker's search, in the new code: no motion, one size, the template replaced every frame */
const OLD = { motion: false, scales: [1], firstWeight: 0, adapt: 1, margin: 0.75, minMargin: 32, prior: 0, coarse: 64, fine: 160, weigh: false, maskedMatch: false, scoreByFirst: false, colour: false, firstReach: 0, learn: 0.6, drop: 0, flow: false } as const;

export const VARIANTS: Record<string, { about: string; settings?: TrackerSettings }> = {
  before: { about: 'the tracker before issue 33 (bench/lib/trackerBefore.ts), minScore 0.3 as the server sends it' },
  old: { about: 'the old search in the new code', settings: with_({ ...OLD }) },
  motion: { about: 'old + constant-velocity search window', settings: with_({ ...OLD, motion: true }) },
  scale: { about: 'old + motion + 3 sizes (x1.04)', settings: with_({ ...OLD, motion: true, scales: TRACKER_SETTINGS.scales }) },
  memory: { about: 'old + motion + sizes + template mixing first and recent (adapt 0.2)', settings: with_({ ...OLD, motion: true, scales: TRACKER_SETTINGS.scales, firstWeight: 0.5, adapt: 0.2 }) },
  weigh: { about: 'memory + weighted template', settings: with_({ ...OLD, motion: true, scales: TRACKER_SETTINGS.scales, firstWeight: 0.5, adapt: 0.2, weigh: true }) },
  ours: { about: 'the tracker as shipped (TRACKER_SETTINGS)', settings: TRACKER_SETTINGS },
  'ours-nostop': { about: 'as shipped but never stopping (the thresholds are chosen on it)', settings: with_({ lost: 0, drop: 0 }) },
  'ours-64-128': { about: 'as shipped with the template at 64 px to search and 128 px to refine', settings: with_({ coarse: 64, fine: 128 }) },
  'ours-masked': { about: 'as shipped, pixels weighed by OpenCV masked matching', settings: with_({ maskedMatch: true }) },
  'try-drop05': { about: 'also lost under half the usual score (a sudden fall)', settings: with_({ drop: 0.5 }) },
  'try-nocolour': { about: 'as shipped without colour in the score', settings: with_({ colour: false }) },
  flow: { about: 'as shipped + optical flow (Lucas-Kanade) placing the search, template matching refining it', settings: with_({ flow: true }) },

};

async function rasters(f: Footage, width?: number): Promise<Raster[]> {
  return Promise.all(
    f.frames.map(async (b) => {
      const img = await decodeImage(width ? await sharp(b).resize(width).jpeg({ quality: 85 }).toBuffer() : b);
      return { width: img.width, height: img.height, channels: 3, data: new Uint8Array(img.data) };
    }),
  );
}

export async function runVariant(name: string, f: Footage): Promise<Answers> {
  const v = VARIANTS[name];
  if (!v) throw new Error(`no tracker variant "${name}" (${Object.keys(VARIANTS).join(', ')})`);
  const [first, ...next] = await rasters(f);
  const objects = f.truth.map((tr, i) => ({ id: `o${i}`, tool: 'box' as const, box: tr[0]!.box }));
  const predictions: Prediction[] = v.settings ? await track(first!, next, { objects }, 0, v.settings) : await trackBefore(first!, next, { objects }, 0.3);
  return objects.map((o) =>
    next.map((_, k) => {
      const p = predictions.find((q) => q.trackOf === o.id && q.frameIndex === k);
      return p?.box ? { box: p.box, score: p.score, ...(p.unsure ? { unsure: true } : {}) } : null;
    }),
  );
}

/**
 * What following costs at 1080p: the scene's frames made 1920 px wide, `count` boxes of 60 to
 * 240 px spread over the first frame (most on background: the cost is the same), followed over
 * every frame by `variant` in this process. Answers ms per object per frame.
 */
export async function costAt1080p(name: string, f: Footage, count: number): Promise<number> {
  const v = VARIANTS[name]!;
  const [first, ...next] = await rasters(f, 1920);
  const objects = Array.from({ length: count }, (_, i) => {
    const side = 60 + ((i * 37) % 181);
    return { id: `c${i}`, tool: 'box' as const, box: { x: 40 + ((i * 331) % (first!.width - side - 80)), y: 40 + ((i * 197) % (first!.height - side - 80)), width: side, height: side * 0.8 } };
  });
  const started = performance.now();
  const predictions = v.settings ? await track(first!, next, { objects }, 0, { ...v.settings, lost: 0 }) : await trackBefore(first!, next, { objects }, 0);
  const ms = performance.now() - started;
  return ms / Math.max(1, predictions.length);
}
