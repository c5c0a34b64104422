/**
 * Team models apart (issue 30): every party's (`tenant`'s) uploaded ONNX models run in a child
 * process of that party's own (teamProcess.ts), never on the built-in models' thread, so a
 * built-in call never waits behind a team's model and one party's model never holds another
 * party's.
 *
 * - **Processes.** At most `processes` at once (default 3), each bound to one party while it
 *   has work and kept warm for `idleMs` after (its models stay loaded), then ended. A party
 *   without a process takes a free one, else an idle one (ended and started anew for it), else
 *   waits; while a party waits, a busy one hands its process over after its current task, so a
 *   party waits at most one task of each other party. Processes run at `nice` 10: on a loaded
 *   machine the kernel gives the built-in models and the HTTP thread the CPU first.
 * - **Limits.** Each task has a limit on the CPU time the process spends on it (read from
 *   /proc/<pid>/stat; wall time `wallFactor` times it as a backstop, and wall time alone where
 *   /proc is missing): `runLimitMs` for one inference, also for the load check's one run on a
 *   blank input, and `loadLimitMs` for reading, checking and creating the session. A team's SAM
 *   (models/teamSam.ts): `encodeLimitMs` for its encoder's run on a picture (once a picture, the
 *   load check's blank one too), `runLimitMs` for each run of its decoder (a refinement runs it
 *   once a click not answered before: the limit starts again at each). Past a limit,
 *   or past `maxRssBytes` of memory, the process is killed (SIGKILL), the call answers
 *   `modelInvalid` with the reason, and the model version is marked failed: later calls with it
 *   answer the same at once, without running it. A process that dies on its own marks its
 *   model the same way. Past the wall-clock backstop within its CPU time, the machine is to
 *   blame, not the model: killed too, answered `busy`, not marked. The party's other work goes
 *   on in a new process.
 * - **Queues.** Per party, interactive calls before batch ones, at most `queue` interactive calls
 *   waiting (then `busy`); a caller that gives up leaves the queue.
 */
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import type { Prediction } from '../../src-shared/ai/protocol';
import { fromFailureShape, ServiceFailure } from '../errors';
import type { Prompt } from '../../src-shared/ai/protocol';
import { NOT_RESIDENT, RESIDENT_EMBEDDINGS, type Embedding, type FromTeam, type OnnxArtifact, type SamLogits, type ServedInfo, type SharedImage, type TeamResult, type TeamTask } from './messages';
import { AbortedError, type Priority } from './pool';
import { cpuMs, rssBytes } from './procStats';
import { spawnTeamProcess } from './teamSpawn';

export interface TeamModelOptions {
  /** CPU ms one inference may take, the load check's blank run included (default 2000) */
  runLimitMs?: number;
  /** CPU ms a team SAM's encoder may take on one picture (default 8000) */
  encodeLimitMs?: number;
  /** CPU ms reading, checking and creating a model's session may take (default 10000) */
  loadLimitMs?: number;
  /** wall-clock backstop: this many times the CPU limit (default 4) */
  wallFactor?: number;
  /** team model processes at once (default 3) */
  processes?: number;
  /** an idle process ends after this long (default 2 min) */
  idleMs?: number;
  /** a process past this resident memory is killed (default 2 GiB) */
  maxRssBytes?: number;
  /** niceness of the team processes (default 10) */
  nice?: number;
  /** interactive calls waiting per party (default 8) */
  queue?: number;
  /** models kept loaded per process (default 4) */
  modelsPerProcess?: number;
}

export const DEFAULT_RUN_LIMIT_MS = 2000;
/**
 * A SAM encoder's run on a picture: once a picture, and the heaviest run a team's model has
 * (the built-in's TinyViT takes 0.4 to 1.5 s of CPU here, docs/ai-models.md); a larger encoder
 * belongs on the team's own model service.
 */
export const DEFAULT_ENCODE_LIMIT_MS = 8000;
export const DEFAULT_LOAD_LIMIT_MS = 10_000;

const TICK_MS = 50;
const mib = (b: number) => `${Math.round(b / 1024 / 1024)} MiB`;
const SMALLER = 'a smaller model fits (or register a model service of your own)';
const seconds = (ms: number) => `${(ms / 1000).toLocaleString('en', { maximumFractionDigits: 1 })} s`;

interface Work {
  priority: Priority;
  run: (proc: Proc) => Promise<unknown>;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
  settled: boolean;
}

interface Party {
  tenant: string;
  interactive: Work[];
  batch: Work[];
  proc?: Proc;
  running: boolean;
  waitingForSlot: boolean;
}

interface Running {
  id: number;
  op: TeamTask['op'];
  key: string;
  limitMs: number;
  what: string;
  cpu0?: number;
  wall0: number;
  resolve: (r: TeamResult) => void;
  reject: (e: unknown) => void;
  /** why the process was killed, when it was */
  killed?: string;
}

/** Mirrors the process's list of kept embeddings (models/teamSam.ts keep). */
function residentIn(proc: Proc, id: string) {
  const at = proc.embeddings.indexOf(id);
  if (at >= 0) proc.embeddings.splice(at, 1);
  proc.embeddings.push(id);
  while (proc.embeddings.length > RESIDENT_EMBEDDINGS) proc.embeddings.shift();
}

class Proc {
  readonly child: ChildProcess;
  /** loaded model keys, least recently used first */
  readonly loaded: string[] = [];
  /** the SAM embeddings the process keeps, least recently used first (as it does: RESIDENT_EMBEDDINGS) */
  readonly embeddings: string[] = [];
  current?: Running;
  dead = false;
  idleTimer?: NodeJS.Timeout;
  watchdog?: NodeJS.Timeout;
  constructor(
    readonly tenant: string,
    child: ChildProcess,
  ) {
    this.child = child;
  }
}

export interface TeamStats {
  processes: number;
  peakProcesses: number;
  spawned: number;
  killed: number;
  /** what each process runs now */
  running: { tenant: string; op: string; key: string }[];
  /** tasks finished, by party */
  finished: Record<string, number>;
  /** the last 50 tasks: CPU and wall ms each took (CPU undefined where /proc cannot tell) */
  recent: { tenant: string; op: string; cpuMs?: number; wallMs: number; outcome: 'ok' | 'failed' | 'killed' }[];
}

export class TeamModels {
  private readonly parties = new Map<string, Party>();
  private readonly procs = new Set<Proc>();
  /** parties waiting for a process, in order */
  private readonly slotWaiters: Party[] = [];
  /** model versions killed past a limit (or that crashed their process): the reason */
  private readonly failed = new Map<string, string>();
  private nextId = 1;
  private closed = false;
  private readonly o: Required<TeamModelOptions>;
  private readonly counters = { peakProcesses: 0, spawned: 0, killed: 0, finished: {} as Record<string, number> };
  private readonly recent: TeamStats['recent'] = [];

  constructor(options: TeamModelOptions = {}) {
    this.o = {
      runLimitMs: options.runLimitMs ?? DEFAULT_RUN_LIMIT_MS,
      encodeLimitMs: options.encodeLimitMs ?? DEFAULT_ENCODE_LIMIT_MS,
      loadLimitMs: options.loadLimitMs ?? DEFAULT_LOAD_LIMIT_MS,
      wallFactor: options.wallFactor ?? 4,
      processes: Math.max(1, options.processes ?? 3),
      idleMs: options.idleMs ?? 120_000,
      maxRssBytes: options.maxRssBytes ?? 2 * 1024 ** 3,
      nice: options.nice ?? 10,
      queue: options.queue ?? 8,
      modelsPerProcess: Math.max(1, options.modelsPerProcess ?? 4),
    };
  }

  stats(): TeamStats {
    return {
      processes: this.procs.size,
      peakProcesses: this.counters.peakProcesses,
      spawned: this.counters.spawned,
      killed: this.counters.killed,
      running: [...this.procs].flatMap((p) => (p.current ? [{ tenant: p.tenant, op: p.current.op, key: p.current.key }] : [])),
      finished: { ...this.counters.finished },
      recent: [...this.recent],
    };
  }

  /** Loads and checks a model in the party's process: what it is, or `modelInvalid`. */
  serve(tenant: string, model: OnnxArtifact, priority: Priority, signal?: AbortSignal): Promise<ServedInfo> {
    return this.enqueue(tenant, priority, signal, async (proc) => (await this.ensureLoaded(proc, model, true))!, model.key);
  }

  /** Runs a model on a decoded image; predictions in the decoded raster's pixels. */
  detect(tenant: string, model: OnnxArtifact, image: SharedImage, minScore: number, priority: Priority, signal?: AbortSignal): Promise<Prediction[]> {
    return this.enqueue(tenant, priority, signal, async (proc) => {
      await this.ensureLoaded(proc, model, false);
      const pixels = new Uint8Array(image.data).slice();
      const r = await this.task(proc, { op: 'detect', key: model.key, classes: model.classes, image: { width: image.width, height: image.height, data: pixels }, minScore }, this.o.runLimitMs, 'one run');
      if (!('predictions' in r)) throw new ServiceFailure('internal', 'the team model process answered without predictions');
      return r.predictions;
    }, model.key);
  }

  /** A team SAM's embedding of a decoded picture, by its encoder in the party's process. */
  samEmbed(tenant: string, model: OnnxArtifact, image: SharedImage, priority: Priority, signal?: AbortSignal): Promise<Embedding> {
    return this.enqueue(tenant, priority, signal, async (proc) => {
      await this.ensureLoaded(proc, model, false);
      const pixels = new Uint8Array(image.data).slice();
      const r = await this.task(proc, { op: 'samEmbed', key: model.key, image: { width: image.width, height: image.height, data: pixels }, sourceWidth: image.sourceWidth, sourceHeight: image.sourceHeight }, this.o.encodeLimitMs, 'the encoder\'s run on a picture');
      if (!('embedding' in r)) throw new ServiceFailure('internal', 'the team model process answered without an embedding');
      residentIn(proc, r.embedding.id);
      // shared with the model thread and the next clicks without a copy, as the built-in's
      const data = new SharedArrayBuffer(r.embedding.data.byteLength);
      new Float32Array(data).set(r.embedding.data);
      return { ...r.embedding, data };
    }, model.key);
  }

  /** A team SAM decoder's answer to a prompt on a picture's embedding: the logits, read into a mask by the caller. */
  samDecode(tenant: string, model: OnnxArtifact, embedding: Embedding, prompt: Prompt | undefined, priority: Priority, signal?: AbortSignal): Promise<SamLogits> {
    return this.enqueue(tenant, priority, signal, async (proc) => {
      await this.ensureLoaded(proc, model, false);
      // the process keeps the last embeddings it saw: those go by id, the others with their floats
      const decode = (send: boolean) => {
        residentIn(proc, embedding.id);
        const sent = send ? { ...embedding, data: new Float32Array(embedding.data).slice() } : { ...embedding, data: undefined };
        return this.task(proc, { op: 'samDecode', key: model.key, embedding: sent, prompt }, this.o.runLimitMs, 'one run of the decoder');
      };
      const r = await decode(!proc.embeddings.includes(embedding.id)).catch((e: unknown) => {
        if (e instanceof ServiceFailure && e.message === NOT_RESIDENT && !proc.dead) return decode(true);
        throw e;
      });
      if (!('decoded' in r)) throw new ServiceFailure('internal', 'the team model process answered without a mask');
      return r.decoded;
    }, model.key);
  }

  /** The model loaded in the process (its bytes sent once); with `info`, what it is. */
  private async ensureLoaded(proc: Proc, model: OnnxArtifact, info: boolean): Promise<ServedInfo | undefined> {
    const known = this.failed.get(model.key);
    if (known) throw new ServiceFailure('modelInvalid', known);
    const at = proc.loaded.indexOf(model.key);
    if (at >= 0) {
      // most recently used last
      proc.loaded.splice(at, 1);
      proc.loaded.push(model.key);
      if (!info) return undefined;
    } else {
      while (proc.loaded.length >= this.o.modelsPerProcess) {
        const oldest = proc.loaded.shift()!;
        await this.task(proc, { op: 'unload', key: oldest }, this.o.loadLimitMs, 'unloading a model');
      }
    }
    const fresh = at < 0;
    const load: TeamTask = model.decoder
      ? { op: 'loadSam', key: model.key, encoder: fresh ? model.bytes : undefined, decoder: fresh ? model.decoder : undefined }
      : { op: 'load', key: model.key, bytes: fresh ? model.bytes : undefined, classes: model.classes.length };
    const r = await this.task(proc, load, this.o.loadLimitMs, 'loading and checking the model');
    if (!('served' in r)) throw new ServiceFailure('internal', 'the team model process answered without a model check');
    if (at < 0) proc.loaded.push(model.key);
    return r.served;
  }

  private enqueue<T>(tenant: string, priority: Priority, signal: AbortSignal | undefined, run: (proc: Proc) => Promise<T>, key: string): Promise<T> {
    if (this.closed) return Promise.reject(new ServiceFailure('busy', 'the model service is shutting down'));
    // a model stopped before answers at once, without a process
    const known = this.failed.get(key);
    if (known) return Promise.reject(new ServiceFailure('modelInvalid', known));
    if (signal?.aborted) return Promise.reject(new AbortedError());
    let party = this.parties.get(tenant);
    if (!party) this.parties.set(tenant, (party = { tenant, interactive: [], batch: [], running: false, waitingForSlot: false }));
    if (priority === 'interactive' && party.interactive.length >= this.o.queue) {
      return Promise.reject(new ServiceFailure('busy', `${party.interactive.length} calls of this party already wait for its model process`));
    }
    const p = party;
    return new Promise<T>((resolve, reject) => {
      const work: Work = { priority, run, resolve: resolve as (v: unknown) => void, reject, signal, settled: false };
      if (signal) {
        work.onAbort = () => {
          const q = work.priority === 'interactive' ? p.interactive : p.batch;
          const i = q.indexOf(work);
          if (i >= 0) q.splice(i, 1);
          this.settle(work, () => work.reject(new AbortedError()));
        };
        signal.addEventListener('abort', work.onAbort, { once: true });
      }
      (priority === 'interactive' ? p.interactive : p.batch).push(work);
      void this.drive(p);
    });
  }

  private settle(work: Work, how: () => void) {
    if (work.settled) return;
    work.settled = true;
    if (work.signal && work.onAbort) work.signal.removeEventListener('abort', work.onAbort);
    how();
  }

  /**
   * Runs a party's queue in its process, one piece of work at a time. `handed`: the party was
   * waiting for a process and it is its turn (others may still wait behind it).
   */
  private async drive(party: Party, handed = false) {
    if (party.running || party.waitingForSlot) return;
    party.running = true;
    try {
      for (;;) {
        if (this.closed) return;
        const work = party.interactive[0] ?? party.batch[0];
        if (!work) return;
        let proc = party.proc && !party.proc.dead ? party.proc : undefined;
        if (!proc) {
          // parties that already wait go first
          proc = handed || this.slotWaiters.length === 0 ? this.takeSlot(party) : undefined;
          handed = false;
          if (!proc) {
            // wait for a process; handed one by release()
            party.waitingForSlot = true;
            this.slotWaiters.push(party);
            return;
          }
        }
        clearTimeout(proc.idleTimer);
        (work.priority === 'interactive' ? party.interactive : party.batch).shift();
        if (work.settled) continue;
        try {
          const v = await work.run(proc);
          this.settle(work, () => work.resolve(v));
        } catch (e) {
          this.settle(work, () => work.reject(e));
        }
        this.counters.finished[party.tenant] = (this.counters.finished[party.tenant] ?? 0) + 1;
        // someone waits for a process: this party hands its own over and queues behind them
        if (this.slotWaiters.length > 0 && (party.interactive.length > 0 || party.batch.length > 0) && party.proc) {
          this.end(party.proc);
          party.proc = undefined;
          party.running = false;
          party.waitingForSlot = true;
          this.slotWaiters.push(party);
          this.handOver();
          return;
        }
      }
    } finally {
      if (party.running) {
        party.running = false;
        this.idle(party);
      }
    }
  }

  /** A process for the party now: a free slot, or an idle process of another party; else undefined. */
  private takeSlot(party: Party): Proc | undefined {
    if (this.procs.size >= this.o.processes) {
      const idle = [...this.procs].find((p) => !p.current && !this.busy(p.tenant));
      if (!idle) return undefined;
      this.end(idle);
    }
    return this.start(party);
  }

  private busy(tenant: string): boolean {
    const p = this.parties.get(tenant);
    return !!p && (p.running || p.interactive.length > 0 || p.batch.length > 0);
  }

  /** The party has nothing to do: give its process to a waiter, or keep it warm for a while. */
  private idle(party: Party) {
    const proc = party.proc;
    if (!proc || proc.dead) return;
    if (this.slotWaiters.length > 0) {
      this.end(proc);
      party.proc = undefined;
      this.handOver();
      return;
    }
    clearTimeout(proc.idleTimer);
    proc.idleTimer = setTimeout(() => {
      if (!this.busy(party.tenant) && party.proc === proc) {
        this.end(proc);
        party.proc = undefined;
      }
    }, this.o.idleMs);
    proc.idleTimer.unref();
  }

  /** Starts the parties waiting for a process while there are free slots. */
  private handOver() {
    while (this.slotWaiters.length > 0 && this.procs.size < this.o.processes) {
      const next = this.slotWaiters.shift()!;
      next.waitingForSlot = false;
      void this.drive(next, true);
    }
  }

  private start(party: Party): Proc {
    const child = spawnTeamProcess();
    const proc = new Proc(party.tenant, child);
    this.counters.spawned++;
    if (child.pid !== undefined) {
      try {
        os.setPriority(child.pid, this.o.nice);
      } catch {
        // not allowed here: it runs at normal priority
      }
    }
    child.on('message', (msg: FromTeam) => this.onMessage(proc, msg));
    child.on('exit', (code, signal) => this.onExit(proc, code, signal));
    child.on('error', () => undefined);
    this.procs.add(proc);
    this.counters.peakProcesses = Math.max(this.counters.peakProcesses, this.procs.size);
    party.proc = proc;
    return proc;
  }

  private end(proc: Proc) {
    if (proc.dead) return;
    proc.dead = true;
    clearTimeout(proc.idleTimer);
    clearInterval(proc.watchdog);
    this.procs.delete(proc);
    proc.child.kill('SIGKILL');
  }

  /** One task in the process, under its CPU limit (restarted at the load check's blank run). */
  private task(proc: Proc, task: TeamTask, limitMs: number, what: string): Promise<TeamResult> {
    if (proc.dead) return Promise.reject(new ServiceFailure('internal', 'the team model process is gone'));
    const id = this.nextId++;
    const key = 'key' in task ? task.key : '';
    const pid = proc.child.pid!;
    const cpuStart = cpuMs(pid);
    const wallStart = performance.now();
    const record = (outcome: 'ok' | 'failed' | 'killed') => {
      const now = cpuMs(pid);
      this.recent.push({ tenant: proc.tenant, op: task.op, cpuMs: now !== undefined && cpuStart !== undefined ? now - cpuStart : undefined, wallMs: performance.now() - wallStart, outcome });
      if (this.recent.length > 50) this.recent.shift();
    };
    return new Promise<TeamResult>((resolve, reject) => {
      const running: Running = {
        id,
        op: task.op,
        key,
        limitMs,
        what,
        cpu0: cpuStart,
        wall0: wallStart,
        resolve: (r) => {
          record('ok');
          resolve(r);
        },
        reject: (e) => {
          record(running.killed ? 'killed' : 'failed');
          reject(e);
        },
      };
      proc.current = running;
      proc.watchdog = setInterval(() => this.watch(proc), TICK_MS);
      proc.watchdog.unref();
      proc.child.send({ id, task }, (e) => {
        if (e && proc.current === running) this.kill(proc, `the team model process could not be reached: ${e.message}`, 'internal');
      });
    }).finally(() => {
      clearInterval(proc.watchdog);
      if (proc.current?.id === id) proc.current = undefined;
    });
  }

  private watch(proc: Proc) {
    const cur = proc.current;
    if (!cur || proc.dead) return;
    const pid = proc.child.pid!;
    const wall = performance.now() - cur.wall0;
    const cpu = cur.cpu0 !== undefined ? (cpuMs(pid) ?? cur.cpu0) - cur.cpu0 : undefined;
    if (cpu === undefined) {
      // no /proc: the wall clock is the limit
      if (wall > cur.limitMs) this.kill(proc, `the model was stopped: ${cur.what} took longer than ${seconds(cur.limitMs)}, the limit for an uploaded model on this service; ${SMALLER}`, 'modelInvalid');
      return;
    }
    if (cpu > cur.limitMs) {
      this.kill(proc, `the model was stopped: ${cur.what} took longer than ${seconds(cur.limitMs)} of CPU time, the limit for an uploaded model on this service; ${SMALLER}`, 'modelInvalid');
      return;
    }
    if (wall > cur.limitMs * this.o.wallFactor) {
      // within its CPU time but not done: the machine gave it too little of the CPU; the model is not to blame
      this.kill(proc, `the model did not finish within ${seconds(cur.limitMs * this.o.wallFactor)}: the model service is too busy now; try again later`, 'busy');
      return;
    }
    const rss = rssBytes(pid);
    if (rss !== undefined && rss > this.o.maxRssBytes) {
      this.kill(proc, `the model was stopped: ${cur.what} used more than ${mib(this.o.maxRssBytes)} of memory, the limit for an uploaded model on this service`, 'modelInvalid');
    }
  }

  /** Kills the process; the task answers `code`, and `modelInvalid` marks its model failed. */
  private kill(proc: Proc, reason: string, code: 'modelInvalid' | 'busy' | 'internal') {
    const cur = proc.current;
    if (cur && !cur.killed) {
      cur.killed = reason;
      this.counters.killed++;
      if (code === 'modelInvalid' && cur.key && cur.op !== 'unload') this.markFailed(cur.key, reason);
      cur.reject(new ServiceFailure(code, reason));
    }
    this.end(proc);
  }

  private markFailed(key: string, reason: string) {
    this.failed.delete(key);
    this.failed.set(key, reason);
    while (this.failed.size > 1000) this.failed.delete(this.failed.keys().next().value!);
  }

  private onMessage(proc: Proc, msg: FromTeam) {
    const cur = proc.current;
    if (!cur || cur.id !== msg.id || cur.killed) return;
    if ('phase' in msg) {
      // an inference starts (the load check's run on a blank input: the session exists): its limit, from now
      cur.cpu0 = cpuMs(proc.child.pid!);
      cur.wall0 = performance.now();
      cur.limitMs = msg.limit === 'encode' ? this.o.encodeLimitMs : this.o.runLimitMs;
      if (msg.phase === 'probe') cur.what = msg.limit === 'encode' ? 'the encoder\'s one run on a blank picture (the load check)' : 'its one run on a blank input (the load check)';
      return;
    }
    if (msg.ok) cur.resolve(msg.result);
    else cur.reject(fromFailureShape(msg.failure));
  }

  private onExit(proc: Proc, code: number | null, signal: NodeJS.Signals | null) {
    const cur = proc.current;
    if (cur && !cur.killed) {
      // it died on its own, in the middle of this model's task
      const reason = `the model runtime stopped while ${cur.what === 'one run' ? 'running the model' : cur.what} (${signal ?? `exit code ${code}`}); the model was stopped`;
      cur.killed = reason;
      if (cur.key && cur.op !== 'unload') this.markFailed(cur.key, reason);
      cur.reject(new ServiceFailure('modelInvalid', reason));
    }
    const wasLive = !proc.dead;
    proc.dead = true;
    clearTimeout(proc.idleTimer);
    clearInterval(proc.watchdog);
    this.procs.delete(proc);
    const party = this.parties.get(proc.tenant);
    if (party?.proc === proc) party.proc = undefined;
    if (wasLive || this.slotWaiters.length > 0) this.handOver();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const party of this.parties.values()) {
      for (const w of [...party.interactive.splice(0), ...party.batch.splice(0)]) this.settle(w, () => w.reject(new ServiceFailure('busy', 'the model service is shutting down')));
    }
    const exits = [...this.procs].map((p) => new Promise<void>((resolve) => (p.child.exitCode !== null || p.child.signalCode !== null ? resolve() : p.child.once('exit', () => resolve()))));
    for (const p of [...this.procs]) {
      p.current?.reject(new ServiceFailure('busy', 'the model service is shutting down'));
      this.end(p);
    }
    await Promise.all(exits);
  }
}
