/**
 * Annotator clients for bench/claim-save.ts, run in a worker thread so their HTTP work does
 * not share the server's event loop (as workstations on other machines would not). Each client
 * claims next, pauses (annotating), submits, and again; timings go back to the main thread.
 */
import { parentPort, Worker, workerData } from 'node:worker_threads';

export interface ClientsJob {
  address: string;
  tokens: string[];
  claimBody: { projectId: number; taskId: number; workflowId: number };
  rounds: number;
  /** pause between claim and submit, uniform in [min, max] ms; [0, 0] for back to back */
  pauseMs: readonly [number, number];
  /** spread each client's start over the first pause, as people do not all start at once */
  stagger: boolean;
  /** a failed call (an error answer, a cut connection) is counted and the client goes on with its next round, rather than ending the run */
  keepGoing?: boolean;
}

export interface ClientsResult {
  claim: number[];
  submit: number[];
  /** every task subject id a claim answered */
  told: number[];
  elapsedMs: number;
  /** calls that failed (keepGoing) */
  failed?: number;
  /** when each failed call was sent (epoch ms), to place it against events such as a kill */
  failedSentAt?: number[];
}

type Card = { taskSubjectId: number; version: number } | null;

async function post(address: string, token: string, path: string, body: object): Promise<unknown> {
  const r = await fetch(`${address}/core${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-annot-token': token }, body: JSON.stringify(body) });
  const env = (await r.json()) as { code: number; msg: string; data: unknown };
  if (env.code !== 200) throw new Error(`${path}: ${env.code} ${env.msg}`);
  return env.data;
}

async function runJob(job: ClientsJob): Promise<ClientsResult> {
  const out: ClientsResult = { claim: [], submit: [], told: [], elapsedMs: 0 };
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const pause = () => job.pauseMs[0] + Math.random() * (job.pauseMs[1] - job.pauseMs[0]);
  out.failed = 0;
  out.failedSentAt = [];
  // each client's call under way: when it was sent
  const round = async (token: string, call: { sentAt: number }): Promise<boolean> => {
    call.sentAt = Date.now();
    let t = performance.now();
    const card = (await post(job.address, token, '/task/subject/claim', job.claimBody)) as Card;
    out.claim.push(performance.now() - t);
    if (!card) return false;
    out.told.push(card.taskSubjectId);
    const ms = pause();
    if (ms > 0) await sleep(ms);
    call.sentAt = Date.now();
    t = performance.now();
    await post(job.address, token, '/task/subject/annotate/submit', { taskSubjectId: card.taskSubjectId, version: card.version });
    out.submit.push(performance.now() - t);
    return true;
  };
  const client = async (token: string) => {
    if (job.stagger) await sleep(Math.random() * job.pauseMs[1]);
    const call = { sentAt: 0 };
    for (let i = 0; i < job.rounds; i++) {
      try {
        if (!(await round(token, call))) return;
      } catch (err) {
        if (!job.keepGoing) throw err;
        out.failed!++;
        out.failedSentAt!.push(call.sentAt);
      }
    }
  };
  const started = performance.now();
  await Promise.all(job.tokens.map(client));
  out.elapsedMs = performance.now() - started;
  return out;
}

/** Runs the clients in a worker thread of this same script and answers their timings. */
export function runClients(job: ClientsJob): Promise<ClientsResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: job });
    worker.once('message', (m: ClientsResult) => resolve(m));
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`clients exited with ${code}`)));
  });
}

if (parentPort && workerData) {
  const port = parentPort;
  void runJob(workerData as ClientsJob).then(
    (r) => port.postMessage(r),
    (err: unknown) => {
      throw err;
    },
  );
}
