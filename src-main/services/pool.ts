/**
 * Runs `work` over `items` with at most `concurrency` at once, in order of the items. The
 * first failure stops handing out new items (those running finish) and is thrown.
 */
export async function runPool<T>(items: readonly T[], concurrency: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  let failed: { err: unknown } | null = null;
  const lane = async () => {
    while (!failed && next < items.length) {
      const i = next++;
      try {
        await work(items[i]!, i);
      } catch (err) {
        failed ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, lane));
  if (failed) throw (failed as { err: unknown }).err;
}

/**
 * runPool for work whose failures must not stop the rest: answers each outcome in input order,
 * so what succeeded is kept.
 */
export async function settleWithLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<PromiseSettledResult<R>[]> {
  const out: PromiseSettledResult<R>[] = new Array(items.length);
  await runPool(items, limit, async (item, i) => {
    try {
      out[i] = { status: 'fulfilled', value: await fn(item) };
    } catch (reason) {
      out[i] = { status: 'rejected', reason };
    }
  });
  return out;
}
