/**
 * Changing the drawing order as an edit. To the front or back puts the objects above the top
 * or below the bottom, keeping their order among themselves (few objects change). One step
 * forward or backward moves each past its neighbour in the drawing order; that needs distinct
 * zIndex values, so the step numbers the frame 0..n-1 where it is not already (a larger edit
 * once, small ones after).
 */
import type { AnnotationObject } from '../../../../src-shared/model/annotation';
import type { ObjectChange } from './edit';

export type ReorderMove = 'front' | 'back' | 'forward' | 'backward';

/** The edit that moves `ids` in `ordered` (every object of the frame, bottom to top). */
export function reorderEdit(ordered: readonly AnnotationObject[], ids: readonly string[], move: ReorderMove): ObjectChange[] {
  const chosen = new Set(ids);
  const picked = ordered.filter((o) => chosen.has(o.id));
  if (!picked.length) return [];
  const withZ = (o: AnnotationObject, zIndex: number): ObjectChange => ({ id: o.id, before: o, after: o.zIndex === zIndex ? o : { ...o, zIndex } });
  if (move === 'front') {
    const top = ordered.reduce((m, o) => (chosen.has(o.id) ? m : Math.max(m, o.zIndex)), picked[0]!.zIndex - 1);
    return picked.map((o, i) => withZ(o, top + 1 + i)).filter((c) => c.before !== c.after);
  }
  if (move === 'back') {
    const bottom = ordered.reduce((m, o) => (chosen.has(o.id) ? m : Math.min(m, o.zIndex)), picked.at(-1)!.zIndex + 1);
    return picked.map((o, i) => withZ(o, bottom - picked.length + i)).filter((c) => c.before !== c.after);
  }
  const order = [...ordered];
  let moved = false;
  if (move === 'forward') {
    for (let i = order.length - 2; i >= 0; i--) {
      if (chosen.has(order[i]!.id) && !chosen.has(order[i + 1]!.id)) {
        [order[i], order[i + 1]] = [order[i + 1]!, order[i]!];
        moved = true;
      }
    }
  } else {
    for (let i = 1; i < order.length; i++) {
      if (chosen.has(order[i]!.id) && !chosen.has(order[i - 1]!.id)) {
        [order[i], order[i - 1]] = [order[i - 1]!, order[i]!];
        moved = true;
      }
    }
  }
  // Already at the top (or bottom): nothing to renumber.
  if (!moved) return [];
  return order.map((o, i) => withZ(o, i)).filter((c) => c.before !== c.after);
}
