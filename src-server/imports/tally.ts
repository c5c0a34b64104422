/** Counters for the import's answer: counts by reason, and counted lists that keep their first items. */
import { IMPORT_LIMITS } from '../../src-shared/api/projectImport';

export function countInto(counts: Record<string, number>, reason: string, n = 1): void {
  if (n > 0) counts[reason] = (counts[reason] ?? 0) + n;
}

export function mergeCounts(into: Record<string, number>, from: Readonly<Record<string, number>>): void {
  for (const [reason, n] of Object.entries(from)) countInto(into, reason, n);
}

/** A count of everything added and the first IMPORT_LIMITS.listed items, as the answer lists them. */
export class Listed<T> {
  count = 0;
  readonly list: T[] = [];
  add(item: T): void {
    this.count++;
    if (this.list.length < IMPORT_LIMITS.listed) this.list.push(item);
  }
  toJSON(): { count: number; list: T[] } {
    return { count: this.count, list: this.list };
  }
}
