/**
 * Polls until `check` answers something truthy, never on a fixed clock: jobs, runners and model
 * services work in their own time, and a loaded 2-core machine makes that time long. The timeout
 * only guards against a hang; it says what was awaited.
 */
export async function eventually<T>(what: string, check: () => Promise<T | undefined | null | false> | T | undefined | null | false, timeoutMs = 60_000, everyMs = 100): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
