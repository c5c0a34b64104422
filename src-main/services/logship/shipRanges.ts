/**
 * Which record ids have been shipped: every id up to `through`, plus disjoint ranges above it.
 * The ranges exist because up to five zips upload at once and any of them may fail: what did
 * upload is remembered exactly, so a retry sends only what is missing and nothing twice.
 */
export interface ShippedIds {
  through: number;
  /** sorted, disjoint, each [from, to] inclusive and above through + 1 */
  ranges: [number, number][];
}

export const NOTHING_SHIPPED: ShippedIds = { through: 0, ranges: [] };

/** The union of `shipped` and [from, to], normalized. */
export function addShipped(shipped: ShippedIds, from: number, to: number): ShippedIds {
  if (to < from) return shipped;
  const all = [...shipped.ranges, [from, to] as [number, number]].sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [a, b] of all) {
    const last = merged[merged.length - 1];
    if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else merged.push([a, b]);
  }
  let through = shipped.through;
  while (merged.length && merged[0]![0] <= through + 1) through = Math.max(through, merged.shift()![1]);
  return { through, ranges: merged };
}

/** The id ranges in (through, upToId] not yet shipped, in order. */
export function unshippedGaps(shipped: ShippedIds, upToId: number): [number, number][] {
  const gaps: [number, number][] = [];
  let next = shipped.through + 1;
  for (const [a, b] of shipped.ranges) {
    if (next > upToId) break;
    if (a > next) gaps.push([next, Math.min(a - 1, upToId)]);
    next = Math.max(next, b + 1);
  }
  if (next <= upToId) gaps.push([next, upToId]);
  return gaps;
}
