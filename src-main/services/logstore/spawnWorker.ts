/// <reference types="electron-vite/node" />
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { LogWorkerData } from './protocol';

/**
 * Starts worker.ts in a thread of its own.
 * - From source (tsx, vitest: this module is a .ts file) the worker runs worker.ts itself, with
 *   tsx's loader so it can import TypeScript like we do.
 * - Built (electron-vite: this module is part of out/main/index.js) `?modulePath` makes
 *   electron-vite bundle worker.ts and everything it imports into a chunk of its own under
 *   out/main/chunks/ and answers that chunk's path; dependencies (better-sqlite3, adm-zip) stay
 *   external like in the main bundle. The import is only reached in the build.
 */
export async function spawnLogWorker(data: LogWorkerData): Promise<Worker> {
  if (import.meta.url.endsWith('.ts')) {
    const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    return new Worker(new URL('./worker.ts', import.meta.url), { workerData: data, execArgv: ['--import', tsxLoader] });
  }
  const { default: builtWorker } = await import('./worker?modulePath');
  return new Worker(builtWorker, { workerData: data });
}
