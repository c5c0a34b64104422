/**
 * Batch jobs (POST /v1/jobs): accepted at once, run in the background, reported by callbacks.
 *
 * - predict / evaluate: the model over `items`, in order, the next image downloading while the
 *   current one is on the model thread. Results go out in batches (every BATCH_ITEMS items or
 *   every BATCH_MS, whichever comes first) with done/total. An item whose image cannot be read,
 *   or on which the model thread failed, gets `error` and no predictions; the job goes on.
 *   With `outline` (a detector's predict job), an item's boxes of the named classes are outlined
 *   by the segmenter before the item counts as done (outlines.ts), and results also go out as
 *   soon as their masks' text reaches BATCH_TEXT.
 * - serve: load and check the model; the final callback has `served`, or state `failed` with
 *   `error.code` `modelInvalid`.
 * - train: `data` callbacks while the base detector runs over the examples (at score 0.05), then
 *   `train` callbacks; the last has the learnt `head` and its `report`.
 * The last callback of every job has a final state and goes to the job type's own kind
 * (`train` for training). Cancel (DELETE) aborts the running model call and sends `cancelled`
 * at once; a server that answers 409 stops the job without another callback.
 */
import type { ImageRef, ItemResult, JobRequest, ModelHead, NotifyBody, NotifyKind, Prediction } from '../src-shared/ai/protocol';
import { CallbackSender, DEFAULT_RETRY, type RetryPolicy, type StopReason } from './callbacks';
import type { SharedImage } from './engine/messages';
import { AbortedError } from './engine/pool';
import { isServiceFailure, ServiceFailure } from './errors';
import { checkOutline, outlineBoxes } from './outlines';
import { implementationOf, type Runner } from './runner';
import { HeadLearner } from './training/learnHead';

export const BATCH_ITEMS = 8;
export const BATCH_MS = 500;
/** Results go out once their masks' text reaches this, whatever their count (a callback takes 32 MiB at most). */
export const BATCH_TEXT = 8 * 1024 * 1024;

const textOf = (predictions: readonly Prediction[]) => predictions.reduce((n, p) => n + (p.mask?.rle.length ?? 0), 0);
/** The score the base detector runs at while collecting training evidence. */
export const TRAIN_MIN_SCORE = 0.05;
const TRAIN_MAX_PREDICTIONS = 300;

export interface JobOptions {
  maxJobs?: number;
  batchItems?: number;
  batchMs?: number;
  retry?: RetryPolicy;
  log?: (msg: string) => void;
}

/** Checks what can be checked before answering 202. */
export function checkJob(req: JobRequest): void {
  const impl = implementationOf(req.model);
  if (req.type === 'predict' || req.type === 'evaluate') {
    if (!req.items) throw new ServiceFailure('badRequest', `a ${req.type} job needs items`);
    if (impl !== 'detector' && impl !== 'onnx-yolo' && impl !== 'pose') throw new ServiceFailure('badRequest', `a ${req.type} job runs a detector or pose model over whole images; ${req.model.name} needs a prompt`);
  }
  if (req.outline) {
    if (req.type !== 'predict') throw new ServiceFailure('badRequest', 'outline goes with a predict job');
    checkOutline(req.outline, impl);
  }
  if (req.type === 'train') {
    if (!req.train) throw new ServiceFailure('badRequest', 'a train job needs train');
    if (impl !== 'detector' && impl !== 'onnx-yolo') throw new ServiceFailure('badRequest', 'only detectors are trainable');
  }
}

const isAbort = (e: unknown) => e instanceof AbortedError || (e instanceof Error && e.name === 'AbortError') || (e instanceof DOMException && e.name === 'AbortError');

class Job {
  readonly controller = new AbortController();
  private readonly sender: CallbackSender;
  private done = 0;
  private total = 0;
  private pending: ItemResult[] = [];
  /** characters of mask text in `pending` */
  private pendingText = 0;
  private lastFlush = performance.now();
  private timer: NodeJS.Timeout | undefined;
  private kind: NotifyKind;
  private finalSent = false;
  /** `done` of the last progress callback */
  private reported = 0;
  finished: Promise<void> = Promise.resolve();

  constructor(
    readonly req: JobRequest,
    private readonly runner: Runner,
    private readonly o: Required<Omit<JobOptions, 'log' | 'maxJobs'>> & { log: (m: string) => void },
  ) {
    this.kind = req.type === 'train' ? 'data' : req.type;
    this.sender = new CallbackSender(req.callback.url, req.callback.token, (reason, detail) => this.onSenderStop(reason, detail), o.retry);
  }

  get signal() {
    return this.controller.signal;
  }

  /** the party the job is for ('' = the shared one) */
  get tenant() {
    return this.req.tenant ?? '';
  }

  private get call() {
    return { priority: 'batch' as const, signal: this.signal, tenant: this.tenant };
  }

  /** predict and evaluate callbacks carry `results` (maybe empty); data, train and serve ones do not */
  private get hasResults() {
    return this.req.type === 'predict' || this.req.type === 'evaluate';
  }

  private onSenderStop(reason: StopReason, detail: string) {
    this.o.log(`job ${this.req.jobId}: stopped (${reason}): ${detail}`);
    this.finalSent = true;
    this.controller.abort();
  }

  private progress(extra: Partial<NotifyBody> = {}) {
    if (this.finalSent) return;
    const results = this.pending.splice(0);
    this.pendingText = 0;
    this.lastFlush = performance.now();
    this.reported = this.done;
    void this.sender.send(this.kind, { jobId: this.req.jobId, state: 'running', done: this.done, total: this.total, ...(this.hasResults ? { results } : {}), ...extra });
  }

  private final(state: 'succeeded' | 'failed' | 'cancelled', extra: Partial<NotifyBody> = {}) {
    if (this.finalSent) return;
    this.finalSent = true;
    clearInterval(this.timer);
    const results = this.pending.splice(0);
    const kind: NotifyKind = this.req.type;
    void this.sender.send(kind, { jobId: this.req.jobId, state, done: this.done, total: this.total, ...(this.hasResults ? { results } : {}), ...extra });
  }

  private tick() {
    // results every batchItems items or batchMs, or sooner when their masks are large; a training run's data phase reports its count
    const fresh = this.kind === 'data' ? this.done - this.reported : this.pending.length;
    if (fresh >= this.o.batchItems || this.pendingText >= BATCH_TEXT || (fresh > 0 && performance.now() - this.lastFlush >= this.o.batchMs)) this.progress();
  }

  /** Stops without a final callback; `now` also abandons the callbacks still queued. */
  drop(now = false) {
    this.finalSent = true;
    clearInterval(this.timer);
    this.controller.abort();
    if (now) this.sender.abort();
  }

  cancel() {
    if (this.signal.aborted) return;
    this.final('cancelled');
    this.controller.abort();
  }

  start(): void {
    this.timer = setInterval(() => this.tick(), Math.max(50, this.o.batchMs / 2));
    this.timer.unref();
    this.finished = this.run()
      .catch((e: unknown) => {
        if (this.signal.aborted && (isAbort(e) || !isServiceFailure(e))) return;
        const f = isServiceFailure(e) ? e : new ServiceFailure('internal', e instanceof Error ? e.message : String(e));
        this.final('failed', { error: { code: f.code, message: f.message.slice(0, 2000) } });
      })
      .finally(() => clearInterval(this.timer))
      .then(() => this.sender.drained());
  }

  private async run(): Promise<void> {
    switch (this.req.type) {
      case 'predict':
      case 'evaluate':
        return this.runItems();
      case 'serve':
        return this.runServe();
      case 'train':
        return this.runTrain();
    }
  }

  /** Image i, or the error that makes it unreadable; started ahead of need. */
  private loadAhead(refs: readonly { image: ImageRef }[], i: number) {
    if (i >= refs.length) return undefined;
    // a batch reads the decoded-image cache but does not fill it: 100,000 items would push out the
    // images annotators are working on
    const p = this.runner.images.get(refs[i]!.image, { signal: this.signal, store: false, priority: 'batch', tenant: this.tenant }).then(
      (image): { image: SharedImage } | { error: string } => ({ image }),
      (e: unknown): { error: string } => {
        if (isServiceFailure(e) && e.code === 'imageUnreadable') return { error: `imageUnreadable: ${e.message}`.slice(0, 512) };
        throw e;
      },
    );
    p.catch(() => undefined);
    return p;
  }

  private async runItems() {
    const items = this.req.items ?? [];
    this.total = items.length;
    // a bad model file fails the job before any item
    if (implementationOf(this.req.model) === 'onnx-yolo') await this.runner.serve(this.req.model, this.call);
    let next = this.loadAhead(items, 0);
    for (let i = 0; i < items.length; i++) {
      if (this.signal.aborted) return;
      const loaded = await next!;
      next = this.loadAhead(items, i + 1);
      const key = items[i]!.key;
      if ('error' in loaded) this.pending.push({ key, predictions: [], error: loaded.error });
      else {
        try {
          let predictions = await this.runner.predictImage(this.req.model, loaded.image, this.req.params, this.call);
          if (this.req.outline) predictions = await outlineBoxes(this.runner, this.req.outline, { ref: items[i]!.image, image: loaded.image, keep: false }, predictions, this.req.params?.tolerance, this.call);
          this.pending.push({ key, predictions });
          this.pendingText += textOf(predictions);
        } catch (e) {
          // one picture that breaks the model thread (it restarts), or a team model stopped by
          // the wall-clock backstop of a busy machine (busy), is that item's error; a bad model
          // (modelInvalid: past its limit) or request fails the job
          if (!isServiceFailure(e) || (e.code !== 'internal' && e.code !== 'busy') || this.signal.aborted) throw e;
          this.pending.push({ key, predictions: [], error: `${e.code}: ${e.message}`.slice(0, 512) });
        }
      }
      if (this.signal.aborted) return;
      this.done++;
      this.tick();
    }
    this.final('succeeded');
  }

  private async runServe() {
    this.total = 1;
    const served = await this.runner.serve(this.req.model, this.call);
    this.done = 1;
    this.final('succeeded', { served });
  }

  private async runTrain() {
    const spec = this.req.train!;
    const examples = spec.examples;
    this.total = examples.length;
    if (implementationOf(this.req.model) === 'onnx-yolo') await this.runner.serve(this.req.model, this.call);
    const learner = new HeadLearner();
    let next = this.loadAhead(examples, 0);
    for (let i = 0; i < examples.length; i++) {
      if (this.signal.aborted) return;
      const loaded = await next!;
      next = this.loadAhead(examples, i + 1);
      if ('image' in loaded) {
        const raw = await this.runner.detectRaw(this.req.model, loaded.image, TRAIN_MIN_SCORE, this.call);
        const predictions = raw.sort((a, b) => b.score - a.score).slice(0, TRAIN_MAX_PREDICTIONS).flatMap((p) => (p.box ? [{ className: p.className, score: p.score, box: p.box }] : []));
        learner.add({ predictions, objects: examples[i]!.objects });
      } else this.o.log(`job ${this.req.jobId}: example ${examples[i]!.key} skipped: ${loaded.error}`);
      if (this.signal.aborted) return;
      this.done++;
      this.tick();
    }
    if (this.signal.aborted) return;
    if (this.done > this.reported) this.progress();
    this.kind = 'train';
    this.progress();
    const { head, report } = learner.result({ labels: spec.labels, targetPrecision: spec.targetPrecision });
    this.final('succeeded', { head: head satisfies ModelHead, report });
  }
}

/** A job's key: its caller's callback URL and the id that caller gave it (JobManager.start). */
const jobKey = (jobId: string, callbackUrl: string) => `${callbackUrl}\n${jobId}`;

export class JobManager {
  private readonly jobs = new Map<string, Job>();
  private readonly o: Required<Omit<JobOptions, 'log' | 'maxJobs'>> & { log: (m: string) => void };
  private readonly maxJobs: number;

  constructor(
    private readonly runner: Runner,
    options: JobOptions = {},
  ) {
    this.maxJobs = options.maxJobs ?? 16;
    this.o = { batchItems: options.batchItems ?? BATCH_ITEMS, batchMs: options.batchMs ?? BATCH_MS, retry: options.retry ?? DEFAULT_RETRY, log: options.log ?? (() => undefined) };
  }

  get running(): number {
    return this.jobs.size;
  }

  /**
   * Starts a job. A job is known by its id *and its caller* (its callback URL): one service can
   * serve several team servers (a staging and a production one, a test suite's many), and each
   * numbers its jobs from 1. Keyed by the id alone, a second server's job 1.1 stopped the first
   * server's without a word, and that job never ended there.
   *
   * The same caller's id with the same token is a retried POST: nothing new starts. With another
   * token it is a new dispatch of it: the old run stops without a word (the server answers its
   * callbacks 409 anyway) and the new one starts.
   */
  start(req: JobRequest): void {
    checkJob(req);
    const key = jobKey(req.jobId, req.callback.url);
    const running = this.jobs.get(key);
    if (running && running.req.callback.token === req.callback.token) return;
    if (running) {
      running.drop();
      this.jobs.delete(key);
    }
    if (this.jobs.size >= this.maxJobs) throw new ServiceFailure('busy', `${this.jobs.size} jobs are already running`);
    const job = new Job(req, this.runner, this.o);
    this.jobs.set(key, job);
    job.start();
    void job.finished.finally(() => {
      if (this.jobs.get(key) === job) this.jobs.delete(key);
    });
  }

  /**
   * Stops a job; false when no such job runs. `callbackUrl` names the caller's job; without it
   * (a server older than the field), every running job of that id stops.
   */
  cancel(jobId: string, callbackUrl?: string): boolean {
    const found = callbackUrl === undefined ? [...this.jobs.values()].filter((j) => j.req.jobId === jobId) : [this.jobs.get(jobKey(jobId, callbackUrl))].filter((j) => j !== undefined);
    for (const job of found) job.cancel();
    return found.length > 0;
  }

  /** Shutting down: every job stops where it is, without further callbacks (the server re-dispatches). */
  async close(): Promise<void> {
    const all = [...this.jobs.values()];
    for (const j of all) j.drop(true);
    await Promise.allSettled(all.map((j) => j.finished));
  }
}
