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

/**
 * A 95% bootstrap interval for the ratio of two samples' quantile q (a over b): both samples
 * resampled with replacement `rounds` times. Says how far a p95 ratio from ~100 samples a side
 * can be trusted; a fixed seed makes a run's interval repeatable.
 */
export function ratioInterval(a: number[], b: number[], q: number, rounds = 2000, seed = 1): { low: number; high: number } {
  let s = seed >>> 0;
  const rand = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  const quantile = (xs: number[]) => {
    const r = Array.from({ length: xs.length }, () => xs[Math.floor(rand() * xs.length)]!).sort((x, y) => x - y);
    return r[Math.min(r.length - 1, Math.floor(q * r.length))]!;
  };
  const ratios = Array.from({ length: rounds }, () => quantile(a) / quantile(b)).sort((x, y) => x - y);
  return { low: ratios[Math.floor(0.025 * rounds)]!, high: ratios[Math.floor(0.975 * rounds)]! };
}
