/**
 * The built-in models' thread: runs one task at a time as the HTTP thread (pool.ts) hands them
 * over, so the service's event loop never computes. Models load on first use (or on `warm`) and
 * stay. Uploaded (ONNX) models never run here: teams.ts runs them in processes of their own.
 */
import { parentPort } from 'node:worker_threads';
import { toFailureShape } from '../errors';
import type { Raster } from '../imaging';
import { detect, loadDetector } from '../models/detector';
import { opencvReady } from '../models/opencv';
import { loadPose, pose } from '../models/pose';
import { loadSamDecoder, samOutline, samSegment } from '../models/samDecoder';
import { segment } from '../models/segmenter';
import { track } from '../models/tracker';
import type { FromWorker, SharedImage, ToWorker, WorkerResult, WorkerTask } from './messages';

const raster = (img: SharedImage): Raster => ({ width: img.width, height: img.height, channels: 3, data: new Uint8Array(img.data) });

async function run(task: WorkerTask): Promise<WorkerResult> {
  switch (task.op) {
    case 'warm': {
      const blank: Raster = { width: 64, height: 48, channels: 3, data: new Uint8Array(64 * 48 * 3).fill(128) };
      for (const m of task.models) {
        if (m === 'detector') {
          await loadDetector();
          await detect(blank, 0.99);
        } else if (m === 'pose') {
          await loadPose();
          await pose(blank, undefined);
        } else if (m === 'segmenter' || m === 'tracker') {
          await opencvReady();
        } else if (m === 'samDecoder') {
          await loadSamDecoder(task.samDir);
          await opencvReady();
        }
      }
      return { warmed: true };
    }
    case 'detect':
      return { predictions: await detect(raster(task.image), task.minScore) };
    case 'pose':
      return { predictions: await pose(raster(task.image), task.prompt) };
    case 'segment':
      return { predictions: await segment(raster(task.image), task.prompt, task.tolerance) };
    case 'samSegment':
      return { predictions: await samSegment(task.embedding, task.prompt, task.tolerance, task.remember ?? true) };
    case 'samOutline':
      return { predictions: await samOutline(task.frame, task.answer, task.tolerance) };
    case 'track':
      return { predictions: await track(raster(task.image), task.frames.map(raster), task.prompt, task.minScore) };
    case 'embed':
      throw new Error('embeddings are computed on the encoder\'s own thread');
  }
}

/** OpenCV.js throws C++ exceptions as bare numbers (pointers): its message, read through cv. */
async function readable(e: unknown): Promise<unknown> {
  if (typeof e !== 'number') return e;
  try {
    const cv = (await opencvReady()) as unknown as { exceptionFromPtr?: (p: number) => { msg?: string } };
    return new Error(`OpenCV: ${cv.exceptionFromPtr?.(e)?.msg ?? e}`);
  } catch {
    return new Error(`OpenCV exception ${e}`);
  }
}

const port = parentPort;
if (!port) throw new Error('worker.ts runs in a worker thread');

// one at a time, in arrival order: the pool sends the next only after this one answers
let chain = Promise.resolve();
port.on('message', (msg: ToWorker) => {
  chain = chain.then(async () => {
    const started = performance.now();
    let reply: FromWorker;
    try {
      reply = { id: msg.id, ok: true, result: await run(msg.task), ms: performance.now() - started };
    } catch (e) {
      reply = { id: msg.id, ok: false, failure: toFailureShape(await readable(e)) };
    }
    port.postMessage(reply);
  });
});
