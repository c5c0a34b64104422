import type { Skeleton } from '../../../../src-shared/model/ontology';

/**
 * The skeleton without its point at `index`: the lines that end at that point go with it, and
 * lines refer to points by position, so the ones after it move down by one.
 */
export function withoutPoint(s: Skeleton, index: number): Skeleton {
  const shift = (i: number) => (i > index ? i - 1 : i);
  return {
    points: s.points.filter((_, i) => i !== index),
    edges: s.edges.filter((e) => e.from !== index && e.to !== index).map((e) => ({ from: shift(e.from), to: shift(e.to) })),
  };
}
