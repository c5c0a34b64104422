/**
 * Follows one object from frame to frame by template matching (trackMatch.ts), with what the
 * measurements of issue 33 showed it needs (docs/ai-models.md, "Tracker"):
 * - a motion model: the search window is centred where the object would be at its last velocity,
 *   and grows with the speed, so an object moving 20 to 60 px a frame stays inside it;
 * - scale: the object is looked for at a few sizes around its last one, and the size is read
 *   between them (a parabola through the scores), so a box grows and shrinks with the object;
 * - memory: the template mixes the object's first appearance with a slowly updated recent one,
 *   so errors do not pile up frame after frame (drift) while slow changes are still followed;
 *   a frame under the learn bar teaches it nothing (a passing occluder is not learnt);
 * - coarse to fine: each size is searched with the template at COARSE px, then the best is
 *   refined at up to FINE px within a few pixels, to a fraction of a pixel.
 */
import type { Box, Point } from '../geometry';
import type { Raster } from '../imaging';
import { matchPeak, resized, weightedNcc } from './trackMatch';
import type { Pyramid } from './trackPyramid';
import { objectWeights } from './trackWeights';
import { colourHistogram, colourLikeness } from './trackColour';
import { flowBox } from './trackFlow';
import type { CV } from './opencv';

export interface TrackSettings {
  /** centre the search on the position predicted from the last velocity */
  motion: boolean;
  /** relative sizes looked at on each frame; [1] keeps the size */
  scales: readonly number[];
  /** weight of the first appearance in the template (0: the recent one only) */
  firstWeight: number;
  /** share of a sure frame's appearance taken into the recent template (1: replaced every frame) */
  adapt: number;
  /** search radius around the expected place: this share of the box's longer side, at least minMargin px, plus speedMargin x the speed */
  margin: number;
  minMargin: number;
  speedMargin: number;
  /** how much a match loses per (distance from the expected place / radius)^2 when choosing */
  prior: number;
  /** longer side of the template when searching, and when refining */
  coarse: number;
  fine: number;
  /** what a size other than the last one must gain in correlation to be chosen (sizes jitter on small or blurred objects) */
  scaleCost: number;
  /** weigh the template's pixels by how likely they are the object's (trackWeights.ts) */
  weigh: boolean;
  /** weigh by OpenCV's masked match (exact, about twice the cost) instead of a weighted template */
  maskedMatch: boolean;
  /** the score is also multiplied by the likeness of colours to the first appearance (trackColour.ts) */
  colour: boolean;
  /** a frame scoring under this teaches nothing (a passing occluder is not learnt) and widens the next search */
  learn: number;
  /** optical flow (trackFlow.ts) places the search window and size; template matching refines it, and searches as without flow where flow fails */
  flow: boolean;
  /** search radius on the first frame, before any velocity is known: at least this many px */
  firstReach: number;
  /** the score is the likeness to the first appearance (else: to the template matched) */
  scoreByFirst: boolean;
}

export interface Found {
  box: Box;
  /** correlation of the object's template with what is at `box`, 0..1 */
  score: number;
}

const grow = (b: Box, k: number): Box => ({ x: b.x + (b.width * (1 - k)) / 2, y: b.y + (b.height * (1 - k)) / 2, width: b.width * k, height: b.height * k });

export class Follower {
  box: Box;
  private vx = 0;
  private vy = 0;
  /** the template's grid at the fine level */
  private readonly fw: number;
  private readonly fh: number;
  private readonly first: Float32Array;
  private readonly recent: Float32Array;
  private readonly cw: number;
  private readonly ch: number;
  private readonly weights?: Float32Array;
  private readonly coarseWeights?: Float32Array;
  private readonly firstColours?: Float32Array;
  /** the last frame (for optical flow) */
  private prev?: Pyramid;
  /** frames followed so far */
  private steps = 0;
  /** the score this object usually has (a running mean over its sure frames, kept by the caller), 0 before any */
  typical = 0;
  /** the last frame scored under the learn bar: look wider */
  unsure = false;

  constructor(
    private readonly cv: CV,
    first: Pyramid,
    box: Box,
    private readonly s: TrackSettings,
    polygon?: readonly Point[],
  ) {
    this.box = { ...box };
    const side = Math.max(box.width, box.height);
    const f = Math.min(1, s.fine / side);
    this.fw = Math.max(3, Math.round(box.width * f));
    this.fh = Math.max(3, Math.round(box.height * f));
    this.first = Float32Array.from(this.view(first, box).data);
    this.recent = Float32Array.from(this.first);
    const c = Math.min(1, s.coarse / Math.max(this.fw, this.fh));
    this.cw = Math.max(3, Math.round(this.fw * c));
    this.ch = Math.max(3, Math.round(this.fh * c));
    if (s.weigh) {
      this.weights = objectWeights(first.frame, box, this.fw, this.fh, polygon);
      this.coarseWeights = objectWeights(first.frame, box, this.cw, this.ch, polygon);
    }
    if (s.flow) this.prev = first;
    if (s.colour) this.firstColours = colourHistogram(first.frame, box, this.cw, this.ch, this.coarseWeights);
  }

  /** What is at `box` in `img`, on the template's grid. */
  private view(img: Pyramid, box: Box): Raster {
    return img.view(box.x, box.y, this.fw / box.width, this.fw, this.fh);
  }

  private template(): Raster {
    const w = this.s.firstWeight;
    const data = new Uint8Array(this.first.length);
    for (let i = 0; i < data.length; i++) data[i] = w * this.first[i]! + (1 - w) * this.recent[i]! + 0.5;
    return { width: this.fw, height: this.fh, channels: 1, data };
  }

  /** Where the object is in `next`, or null when nothing can be matched (the box is too small, or off the picture). */
  find(next: Pyramid): Found | null {
    const s = this.s;
    const b = this.box;
    if (b.width < 3 || b.height < 3) return null;
    const side = Math.max(b.width, b.height);
    const speed = Math.hypot(this.vx, this.vy);
    const flowed = this.prev ? flowBox(this.cv, this.prev, next, b, s.motion ? this.vx : 0, s.motion ? this.vy : 0) : null;
    const reach = flowed ? Math.max(0.25 * side, 12) : Math.max(s.margin * side, s.minMargin, this.steps === 0 ? s.firstReach : 0);
    const R = (reach + (s.motion && !flowed ? s.speedMargin * speed : 0)) * (this.unsure ? 1.5 : 1);
    const expected = flowed ?? (s.motion ? { ...b, x: b.x + this.vx, y: b.y + this.vy } : b);
    const templ = this.template();
    const { cw, ch } = this;
    const coarseT = resized(templ, cw, ch);

    // coarse: each size
    const tried: { k: number; box: Box; score: number; rank: number }[] = [];
    for (const k of s.scales) {
      const at = grow(expected, k);
      const sc = cw / at.width;
      const x0 = at.x - R;
      const y0 = at.y - R;
      const search = next.view(x0, y0, sc, (at.width + 2 * R) * sc, (at.height + 2 * R) * sc);
      const r = R * sc;
      const peak = matchPeak(this.cv, search, coarseT, s.prior > 0 ? (x, y) => (s.prior * ((x - r) ** 2 + (y - r) ** 2)) / (r * r) : undefined, this.coarseWeights, s.maskedMatch);
      if (!peak) continue;
      const rank = peak.score - (s.prior * ((peak.x - r) ** 2 + (peak.y - r) ** 2)) / (r * r) - (k === 1 ? 0 : s.scaleCost);
      tried.push({ k, box: { x: x0 + peak.x / sc, y: y0 + peak.y / sc, width: at.width, height: at.height }, score: peak.score, rank });
    }
    if (!tried.length) return null;
    const best = tried.reduce((a, t) => (t.rank > a.rank ? t : a));
    let box = best.box;
    // the size between the sizes tried: a parabola through the best and its neighbours' scores
    const i = s.scales.indexOf(best.k);
    const lo = tried.find((t) => t.k === s.scales[i - 1]);
    const hi = tried.find((t) => t.k === s.scales[i + 1]);
    if (lo && hi) {
      const den = lo.rank - 2 * best.rank + hi.rank;
      const d = den < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (lo.rank - hi.rank)) / den)) : 0;
      const k = d < 0 ? best.k * (lo.k / best.k) ** -d : best.k * (hi.k / best.k) ** d;
      box = grow(box, k / best.k);
    }

    // fine: the full template near the coarse answer
    const sf = this.fw / box.width;
    const pad = Math.ceil(sf / (cw / box.width)) + 2;
    const search = next.view(box.x - pad / sf, box.y - pad / sf, sf, this.fw + 2 * pad, this.fh + 2 * pad);
    const fine = matchPeak(this.cv, search, templ, undefined, this.weights, s.maskedMatch);
    let score = best.score;
    if (fine) {
      box = { ...box, x: box.x + (fine.x - pad) / sf, y: box.y + (fine.y - pad) / sf };
      score = fine.score;
    }
    if (s.scoreByFirst) score = weightedNcc(this.first, this.view(next, box).data, this.weights);
    if (this.firstColours) score *= colourLikeness(this.firstColours, colourHistogram(next.frame, box, this.cw, this.ch, this.coarseWeights));
    return { box, score };
  }

  /** Takes `found` as the object's place on `next`; one scoring at least the learn bar also teaches the template and the velocity. */
  accept(next: Pyramid, found: Found): void {
    const sure = found.score >= this.s.learn;
    const b = this.box;
    const dx = found.box.x + found.box.width / 2 - (b.x + b.width / 2);
    const dy = found.box.y + found.box.height / 2 - (b.y + b.height / 2);
    this.box = found.box;
    if (this.prev) this.prev = next;
    this.unsure = !sure;
    this.steps++;
    if (!sure) return;
    this.vx = 0.3 * this.vx + 0.7 * dx;
    this.vy = 0.3 * this.vy + 0.7 * dy;
    if (this.s.adapt <= 0) return;
    const now = this.view(next, found.box).data;
    const a = this.s.adapt;
    for (let i = 0; i < this.recent.length; i++) this.recent[i] = (1 - a) * this.recent[i]! + a * now[i]!;
  }
}
