/**
 * Resizing a (possibly rotated) box by one of its eight handles. The work happens in the box's
 * own frame, so the side opposite the handle stays where it was on screen even when the box
 * is turned; dragging past the opposite side flips the box instead of giving it a negative size.
 */
import type { Point2 } from '../../../../src-shared/model/annotation';
import { boxLocalToWorld, boxWorldToLocal, type BoxShape } from './bounds';

export const BOX_HANDLES = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'] as const;
export type BoxHandle = (typeof BOX_HANDLES)[number];

/** Where a handle sits in the box's frame, as multiples of half the width and height. */
const HANDLE_AT: Record<BoxHandle, [number, number]> = { nw: [-1, -1], n: [0, -1], ne: [1, -1], e: [1, 0], se: [1, 1], s: [0, 1], sw: [-1, 1], w: [-1, 0] };

/** The handles of a box in image pixels. */
export function boxHandlePoints(g: BoxShape): { handle: BoxHandle; point: Point2 }[] {
  return BOX_HANDLES.map((handle) => {
    const [sx, sy] = HANDLE_AT[handle];
    return { handle, point: boxLocalToWorld(g, { x: (sx * g.width) / 2, y: (sy * g.height) / 2 }) };
  });
}

/** The box after dragging `handle` to `to`; sides shorter than minSize are held at minSize. */
export function resizeBox<G extends BoxShape>(g: G, handle: BoxHandle, to: Point2, minSize = 1): G {
  const [sx, sy] = HANDLE_AT[handle];
  const q = boxWorldToLocal(g, to);
  let left = -g.width / 2;
  let right = g.width / 2;
  let top = -g.height / 2;
  let bottom = g.height / 2;
  if (sx < 0) left = q.x;
  if (sx > 0) right = q.x;
  if (sy < 0) top = q.y;
  if (sy > 0) bottom = q.y;
  if (left > right) [left, right] = [right, left];
  if (top > bottom) [top, bottom] = [bottom, top];
  // Hold the minimum against the fixed side, so a tiny box does not creep.
  if (right - left < minSize) {
    if (sx < 0) left = right - minSize;
    else right = left + minSize;
  }
  if (bottom - top < minSize) {
    if (sy < 0) top = bottom - minSize;
    else bottom = top + minSize;
  }
  const width = right - left;
  const height = bottom - top;
  const centre = boxLocalToWorld(g, { x: (left + right) / 2, y: (top + bottom) / 2 });
  return { ...g, x: centre.x - width / 2, y: centre.y - height / 2, width, height };
}
