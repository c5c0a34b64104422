/**
 * What a piece of work cost the process that runs the server (tests call it in-process): the
 * longest its event loop was kept from other work meanwhile, and its peak resident memory above
 * what it had just before (Linux's VmHWM, reset first). Other requests wait as long as the
 * loop is kept, so a stall is what every other user of the server would notice.
 */
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const peakRss = () => Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'))![1]) * 1024;

export async function watchThread<T>(work: () => Promise<T>): Promise<{ value: T; stallMs: number; rssGrowth: number }> {
  const before = process.memoryUsage().rss;
  fs.writeFileSync('/proc/self/clear_refs', '5');
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  try {
    const value = await work();
    // A stall that ends with the work is only recorded once the loop's timer runs again.
    await new Promise((tick) => setTimeout(tick, 30));
    return { value, stallMs: loop.max / 1e6, rssGrowth: peakRss() - before };
  } finally {
    loop.disable();
  }
}
