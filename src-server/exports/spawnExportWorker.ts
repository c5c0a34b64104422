import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ExportWorkerData } from './workerProtocol';

/**
 * The heap an export thread may use. A run keeps one page of subjects (pages are bounded by
 * objects, see itemSource.ts): about 20 MB stay live after a full collection at 1,100,000
 * objects. The cap makes V8 collect before the heap grows (it otherwise grows to hundreds of MB
 * of garbage first), which is what keeps the server's memory flat while exports run.
 */
export const EXPORT_WORKER_HEAP_MB = 96;

/** Starts exportWorker.ts in a thread. The team server runs from source under tsx, so the thread loads tsx too. */
export function spawnExportWorker(data: ExportWorkerData): Worker {
  const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return new Worker(new URL('./exportWorker.ts', import.meta.url), {
    workerData: data,
    execArgv: ['--import', tsxLoader],
    resourceLimits: { maxOldGenerationSizeMb: EXPORT_WORKER_HEAP_MB, maxYoungGenerationSizeMb: 16 },
  });
}
