/**
 * A cache bounded by the size of what it holds, not by its count: least recently used out first
 * (a Map iterates in insertion order; a use moves an entry to the end). The entry just put is
 * never the one put out, however large.
 */
export class BudgetCache<K, V> {
  private readonly entries = new Map<K, V>();
  private used = 0;

  constructor(
    private readonly budget: number,
    private readonly sizeOf: (value: V) => number,
    private readonly onEvict: (value: V) => void = () => undefined,
  ) {}

  /** The value, counted as a use. */
  get(key: K): V | undefined {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /** The value, without counting as a use. */
  peek(key: K): V | undefined {
    return this.entries.get(key);
  }

  set(key: K, value: V): void {
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.used -= this.sizeOf(old);
      if (old !== value) this.onEvict(old);
    }
    this.entries.set(key, value);
    this.used += this.sizeOf(value);
    for (const [k, v] of this.entries) {
      if (this.used <= this.budget || k === key) break;
      this.entries.delete(k);
      this.used -= this.sizeOf(v);
      this.onEvict(v);
    }
  }
}
