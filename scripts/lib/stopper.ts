import type { Server } from 'node:http';
import type { ChildProcess } from 'node:child_process';

/**
 * How `npm start` and `npm run web` stop (Ctrl+C, SIGTERM, SIGHUP, the desktop app closing, a
 * failed start): every part started so far is stopped, the last started first (the workstation
 * before the team server it talks to), and the process is gone within STOP_LIMIT_MS whatever a
 * part does. Before, a browser tab's open connections held the team server's close, and the
 * main process stayed up as long as the tab did (issue 31).
 *
 * Repeated signals do not cut the stop short: under npm a Ctrl+C arrives twice (from the
 * terminal, and forwarded by npm), and the limit is short enough that a second press need not
 * force anything.
 */
export const STOP_LIMIT_MS = 6_000;
/** What a server still serves this long after its close began (a download, a slow call) is cut. */
export const CUT_AFTER_MS = 2_000;

interface Part {
  name: string;
  stop: () => Promise<void>;
}

export class Stopper {
  private readonly parts: Part[] = [];
  private readonly children = new Set<ChildProcess>();
  private stopping: Promise<void> | null = null;

  /** Stops on SIGINT, SIGTERM and SIGHUP (a closed terminal), exiting 0. */
  constructor() {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void this.stop(0));
    // Whatever way the process ends, no child of ours outlives it.
    process.once('exit', () => {
      for (const child of this.children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
  }

  get isStopping(): boolean {
    return this.stopping !== null;
  }

  /** A part to stop, in the order parts start. */
  add(name: string, stop: () => Promise<void>): void {
    this.parts.push({ name, stop });
  }

  /** A child process: asked to stop (SIGTERM), killed if it has not within CUT_AFTER_MS. */
  addChild(name: string, child: ChildProcess): void {
    this.children.add(child);
    this.add(name, () => stopChild(child));
  }

  /** Stops everything, then exits with `code`; a second call waits for the first. */
  stop(code: number): Promise<void> {
    this.stopping ??= this.run(code);
    return this.stopping;
  }

  private async run(code: number): Promise<void> {
    console.log('\nstopping ...');
    let current = '';
    const limit = setTimeout(() => {
      // The exit handler kills the children still running.
      console.error(`the ${current} had not stopped after ${STOP_LIMIT_MS / 1000} s: exiting anyway`);
      process.exit(code || 1);
    }, STOP_LIMIT_MS);
    limit.unref();
    for (const part of [...this.parts].reverse()) {
      current = part.name;
      try {
        await part.stop();
      } catch (err) {
        console.error(`the ${part.name} did not stop cleanly:`, err instanceof Error ? err.message : err);
      }
    }
    process.exit(code);
  }
}

/**
 * Closes a server the way a stop needs: `close` (Fastify's, which waits for every open
 * connection) runs, and after CUT_AFTER_MS whatever connection is still open is cut, so one
 * slow request does not hold the stop. Sockets a page keeps open are ended by the server's own
 * close (preClose), not here.
 */
export async function closeCutting(server: Server, close: () => Promise<void>): Promise<void> {
  const cut = setTimeout(() => server.closeAllConnections(), CUT_AFTER_MS);
  try {
    await close();
  } finally {
    clearTimeout(cut);
  }
}

/** SIGTERM, then SIGKILL if the child has not exited within CUT_AFTER_MS; resolves once it has exited. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), CUT_AFTER_MS);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
