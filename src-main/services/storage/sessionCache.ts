/**
 * The storage layer's session storage (spec section 3): string values by key, gone when the
 * process ends, like a browser tab's sessionStorage. The token lives under one key and custom
 * overrides under another; both names are configurable.
 */
export class SessionCache {
  private readonly values = new Map<string, string>();

  get(key: string): string | null {
    return this.values.get(key) ?? null;
  }

  set(key: string, value: string): void {
    this.values.set(key, value);
  }

  remove(key: string): void {
    this.values.delete(key);
  }

  /** The JSON object under a key; null when absent or not an object (a bad entry is dropped). */
  getJson<T extends object>(key: string): T | null {
    const raw = this.get(key);
    if (raw === null) return null;
    try {
      const v = JSON.parse(raw) as unknown;
      if (v && typeof v === 'object' && !Array.isArray(v)) return v as T;
    } catch {
      // fall through: a damaged entry is as good as none
    }
    this.remove(key);
    return null;
  }
}
