/** Percentiles of a sample of durations in milliseconds. */
export function percentiles(samples: number[]): { p50: number; p95: number; p99: number; n: number } {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), n: s.length };
}

/** Times `fn` n times after `warmup` untimed runs; answers the durations in ms. */
export async function sample(n: number, fn: (i: number) => Promise<unknown>, warmup = 20): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn(i);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
  }
  return out;
}

export const fmt = (ms: number) => ms.toFixed(2);
