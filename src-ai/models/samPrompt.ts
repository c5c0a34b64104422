/**
 * A segmenter prompt as SAM's decoder takes it (the Segment Anything ONNX export): points in the
 * encoder's input frame (the picture resized so its longer side is SAM_SIDE px, padded right and
 * down), labelled 1 for a positive click, 0 for a negative one, 2 and 3 for a box's top-left and
 * bottom-right corners, and -1 for the padding point the decoder expects when there is no box.
 * Coordinates come in the picture's own pixels (the protocol's), whatever size the service
 * decoded it at: the frame says how they scale.
 */
import type { Prompt } from '../../src-shared/ai/protocol';
import { ServiceFailure } from '../errors';
import { clipBox } from '../geometry';

/** The encoder's input side. */
export const SAM_SIDE = 1024;

/** A picture as SAM sees it: its own size, and the size it has in the encoder's input. */
export interface SamFrame {
  sourceWidth: number;
  sourceHeight: number;
  inputWidth: number;
  inputHeight: number;
  /** the encoder's input side: SAM_SIDE unless a team's SAM takes another (src-shared/ai/samContract.ts) */
  side?: number;
}

/** The size a width x height raster takes in the encoder's input (longer side `side`). */
export function samInputSize(width: number, height: number, side = SAM_SIDE): { inputWidth: number; inputHeight: number } {
  const s = side / Math.max(width, height);
  return { inputWidth: Math.max(1, Math.min(side, Math.round(width * s))), inputHeight: Math.max(1, Math.min(side, Math.round(height * s))) };
}

export interface SamPoints {
  /** x, y pairs in input pixels */
  coords: Float32Array;
  labels: Float32Array;
  count: number;
}

/** Refuses a prompt no segmenter can use before anything is loaded: neither a box nor a positive click. */
export function requireSegmenterPrompt(prompt: Prompt | undefined): void {
  if (!prompt?.box && !(prompt?.points ?? []).some((p) => p.positive)) {
    throw new ServiceFailure('badRequest', 'the segmenter needs prompt.box or at least one positive point inside the image');
  }
}

/**
 * The decoder's point_coords and point_labels for a prompt on this picture. A click must lie on
 * the picture (its edges included); a box is clipped to it and must keep 2 px a side.
 */
export function samPoints(prompt: Prompt | undefined, frame: SamFrame): SamPoints {
  requireSegmenterPrompt(prompt);
  const { sourceWidth: w, sourceHeight: h } = frame;
  const clicks = prompt?.points ?? [];
  for (const p of clicks) {
    if (!(p.x >= 0 && p.y >= 0 && p.x <= w && p.y <= h)) throw new ServiceFailure('badRequest', `a click at (${p.x}, ${p.y}) is outside the ${w} x ${h} image`);
  }
  const box = prompt?.box ? clipBox(prompt.box, w, h) : undefined;
  if (box && (box.width < 2 || box.height < 2)) throw new ServiceFailure('badRequest', 'the prompt box is outside the image or smaller than 2 px');
  return encodePoints(clicks, box, frame);
}

type Click = NonNullable<Prompt['points']>[number];

/**
 * Clicks and a box (already checked) in the decoder's terms: every click, then the box's two
 * corners; without a box the padding point ends the list.
 */
export function encodePoints(clicks: readonly Click[], box: { x: number; y: number; width: number; height: number } | undefined, frame: SamFrame): SamPoints {
  const fx = frame.inputWidth / frame.sourceWidth;
  const fy = frame.inputHeight / frame.sourceHeight;
  const count = clicks.length + (box ? 2 : 1);
  const coords = new Float32Array(count * 2);
  const labels = new Float32Array(count);
  clicks.forEach((p, i) => {
    coords[2 * i] = p.x * fx;
    coords[2 * i + 1] = p.y * fy;
    labels[i] = p.positive ? 1 : 0;
  });
  const n = clicks.length;
  if (box) {
    coords.set([box.x * fx, box.y * fy, (box.x + box.width) * fx, (box.y + box.height) * fy], 2 * n);
    labels.set([2, 3], n);
  } else {
    // the padding point (0, 0) labelled -1: what the export expects in place of a box
    labels[n] = -1;
  }
  return { coords, labels, count };
}
