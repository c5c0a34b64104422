/**
 * Scoring trackers against footage with known boxes (bench/tracking-quality.ts).
 *
 * A tracker's answer for an object is a box (and score) per following frame, or nothing from the
 * frame where it stopped. What a person sees there is the last keyframe held to the item's end
 * (docs/video.md, "Tracks"), so a frame without an answer is scored with the last box answered
 * (frame 0's when none): a tracker that stops at once scores as copying the box.
 */
import type { Box, Footage } from '../../tests/support/trackScenes/render';

export interface Answer {
  box: Box;
  score: number;
  unsure?: boolean;
}
/** per object, per frame 1..n-1 (index f-1): the answer, or null where there is none */
export type Answers = (Answer | null)[][];

export function iou(a: Box, b: Box): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  const inter = w > 0 && h > 0 ? w * h : 0;
  const union = a.width * a.height + b.width * b.height - inter;
  return union > 0 ? inter / union : 0;
}

/** Copying frame 0's box to every frame. */
export function copied(f: Footage): Answers {
  return f.truth.map((tr) => tr.slice(1).map(() => ({ box: tr[0]!.box, score: 1 })));
}

/** What two keyframes give: the true boxes at frame 0 and the last frame, moved linearly between. */
export function interpolated(f: Footage): Answers {
  const n = f.scene.frames - 1;
  return f.truth.map((tr) =>
    tr.slice(1).map((_, i) => {
      const a = tr[0]!.box;
      const b = tr[n]!.box;
      const k = (i + 1) / n;
      return { box: { x: a.x + (b.x - a.x) * k, y: a.y + (b.y - a.y) * k, width: a.width + (b.width - a.width) * k, height: a.height + (b.height - a.height) * k }, score: 1 };
    }),
  );
}

export interface Scored {
  /** mean IoU over objects and frames 1..n-1, unanswered frames holding the last answer */
  meanIoU: number;
  /** share of object-frames answered */
  answered: number;
  /** share of object-frames at IoU >= 0.5 */
  atHalf: number;
  frames: number;
}

export function score(f: Footage, answers: Answers): Scored {
  let sum = 0;
  let n = 0;
  let answered = 0;
  let atHalf = 0;
  f.truth.forEach((tr, o) => {
    let held = tr[0]!.box;
    for (let t = 1; t < tr.length; t++) {
      const a = answers[o]?.[t - 1];
      if (a) {
        held = a.box;
        answered++;
      }
      const v = iou(held, tr[t]!.box);
      sum += v;
      if (v >= 0.5) atHalf++;
      n++;
    }
  });
  return { meanIoU: sum / n, answered: answered / n, atHalf: atHalf / n, frames: n };
}

/** Per-frame facts for choosing thresholds: the answer's score, its IoU, and how much of the object was in view. */
export function samples(f: Footage, answers: Answers): { score: number; iou: number; visible: number; unsure: boolean }[] {
  const out: { score: number; iou: number; visible: number; unsure: boolean }[] = [];
  f.truth.forEach((tr, o) => {
    for (let t = 1; t < tr.length; t++) {
      const a = answers[o]?.[t - 1];
      if (a) out.push({ score: a.score, iou: tr[t]!.visible > 0 ? iou(a.box, tr[t]!.box) : 0, visible: tr[t]!.visible, unsure: a.unsure ?? false });
    }
  });
  return out;
}
