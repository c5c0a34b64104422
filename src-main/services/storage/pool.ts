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
