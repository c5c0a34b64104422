/**
 * Tracker variants tried for issue 33, run in the bench's own process on frames decoded as the
 * model service decodes them (src-ai/images.ts), so each is scored on the same pixels as the
 * service's. `before` is the tracker as it was (trackerBefore.ts); the others are today's
 * tracker (src-ai/models/tracker.ts) with some settings changed.
 */
import { decodeImage } from '../../src-ai/images';
import type { Raster } from '../../src-ai/imaging';
import { track, TRACKER_SETTINGS, type TrackerSettings } from '../../src-ai/models/tracker';
import type { Prediction } from '../../src-shared/ai/protocol';
import type { Footage } from '../../tests/support/trackScenes/render';
import { track as trackBefore } from './trackerBefore';
import type { Answers } from './trackScore';

const with_ = (s: Partial<TrackerSettings>): TrackerSettings => ({ ...TRACKER_SETTINGS, ...s });
/** the old tracker's search, in the new code: no motion, one size, the template replaced every frame */
const OLD = { motion: false, scales: [1], firstWeight: 0, adapt: 1, margin: 0.75, minMargin: 32, prior: 0, fine: 160, weigh: false, scoreByFirst: false } as const;

export const VARIANTS: Record<string, { about: string; settings?: TrackerSettings }> = {
  before: { about: 'the tracker before issue 33 (bench/lib/trackerBefore.ts), minScore 0.3 as the server sends it' },
  old: { about: 'the old search in the new code', settings: with_({ ...OLD }) },
  motion: { about: 'old + constant-velocity search window', settings: with_({ ...OLD, motion: true }) },
  scale: { about: 'old + motion + 3 sizes (x1.04)', settings: with_({ ...OLD, motion: true, scales: TRACKER_SETTINGS.scales }) },
  memory: { about: 'old + motion + sizes + template mixing first and recent (adapt 0.2)', settings: with_({ ...OLD, motion: true, scales: TRACKER_SETTINGS.scales, firstWeight: 0.5, adapt: 0.2 }) },
  weigh: { about: 'memory + weighted template', settings: with_({ ...OLD, motion: true, scales: TRACKER_SETTINGS.scales, firstWeight: 0.5, adapt: 0.2, weigh: true }) },
  'weigh-first': { about: 'weigh + score = likeness to the first appearance', settings: with_({ ...OLD, motion: true, scales: TRACKER_SETTINGS.scales, firstWeight: 0.5, adapt: 0.2, weigh: true, scoreByFirst: true }) },
  ours: { about: 'the tracker as shipped (TRACKER_SETTINGS)', settings: TRACKER_SETTINGS },
  'ours-nostop': { about: 'as shipped, never stopping (for the score study)', settings: with_({ lost: 0, unsure: 0 }) },
  'try-small': { about: 'nostop, coarse 48, fine 96', settings: with_({ lost: 0, unsure: 0, coarse: 48, fine: 96 }) },
  'try-small-speed1': { about: 'nostop, coarse 48, fine 96, speedMargin 1', settings: with_({ lost: 0, unsure: 0, coarse: 48, fine: 96, speedMargin: 1 }) },
};

async function rasters(f: Footage): Promise<Raster[]> {
  return Promise.all(
    f.frames.map(async (b) => {
      const img = await decodeImage(b);
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
