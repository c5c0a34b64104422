/**
 * A set that remembers at most `capacity` keys, forgetting the least recently seen first.
 * A Map keeps insertion order, so re-inserting a key on every sighting makes its first key
 * the least recently seen one.
 */
export class LruSet {
  private readonly keys = new Map<string, true>();

  constructor(private readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('capacity must be a positive integer');
  }

  get size(): number {
    return this.keys.size;
  }

  has(key: string): boolean {
    return this.keys.has(key);
  }

  /** Adds or refreshes `key`; answers whether it was already there. */
  touch(key: string): boolean {
    const seen = this.keys.delete(key);
    this.keys.set(key, true);
    if (this.keys.size > this.capacity) this.keys.delete(this.keys.keys().next().value!);
    return seen;
  }

  delete(key: string): void {
    this.keys.delete(key);
  }
}
