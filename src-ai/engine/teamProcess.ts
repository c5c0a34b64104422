/**
 * A team's model process: a child process (engine/teams.ts starts it, one per party, niced)
 * that runs that party's uploaded ONNX models (detectors, SAM pairs) and nothing else, one task
 * at a time. A process and not a worker thread because onnxruntime's run is one native call: a thread cannot be
 * stopped in the middle of it, a process can (SIGKILL), and its memory goes with it. It gets no
 * secret of the service (a bare environment) and sees no other party's model or picture.
 */
import { toFailureShape } from '../errors';
import { detectOnnx, loadOnnx, unloadOnnx } from '../models/onnxYolo';
import { decodeSam, embedSam, loadSam, unloadSam } from '../models/teamSam';
import type { FromTeam, TeamResult, TeamTask, ToTeam } from './messages';

const send = (msg: FromTeam) => process.send!(msg);

async function run(id: number, task: TeamTask): Promise<TeamResult> {
  switch (task.op) {
    case 'load':
      return { served: await loadOnnx(task.key, task.bytes, task.classes, () => send({ id, phase: 'probe' })) };
    case 'loadSam':
      return { served: await loadSam(task.key, task.encoder, task.decoder, (limit) => send({ id, phase: 'probe', ...(limit ? { limit } : {}) })) };
    case 'unload':
      if (!(await unloadSam(task.key))) await unloadOnnx(task.key);
      return { unloaded: true };
    case 'detect':
      return { predictions: await detectOnnx(task.key, task.classes, { width: task.image.width, height: task.image.height, channels: 3, data: task.image.data }, task.minScore) };
    case 'samEmbed':
      return { embedding: await embedSam(task.key, { width: task.image.width, height: task.image.height, channels: 3, data: task.image.data }, task.sourceWidth, task.sourceHeight) };
    case 'samDecode':
      return { decoded: await decodeSam(task.key, task.embedding, task.prompt, () => send({ id, phase: 'run' })) };
  }
}

if (!process.send) throw new Error('teamProcess.ts runs as a child process with an IPC channel');
// one at a time, in arrival order: the parent sends the next only after this one answers
let chain = Promise.resolve();
process.on('message', (msg: ToTeam) => {
  chain = chain.then(async () => {
    const started = performance.now();
    let reply: FromTeam;
    try {
      reply = { id: msg.id, ok: true, result: await run(msg.id, msg.task), ms: performance.now() - started };
    } catch (e) {
      reply = { id: msg.id, ok: false, failure: toFailureShape(e) };
    }
    send(reply);
  });
});
// the parent went away: nothing left to do
process.on('disconnect', () => process.exit(0));
