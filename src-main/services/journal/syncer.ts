import type { SaveResult } from '../../../src-shared/api/annotate';
import { annotateRoutes } from '../../../src-shared/api/annotate';
import { API_BASE } from '../../../src-shared/api/route';
import { taskSubjectRoutes, type TaskSubjectLogEntry } from '../../../src-shared/api/taskSubject';
import type { JournalError, JournalStatus, WorkstationSession } from '../../../src-shared/ipc';
import type { EventBus } from '../events';
import { ServerCallError, type ServerClient, type SessionState } from '../session';
import { AuthorSessions } from './authorSessions';
import { journalError } from './handlerArgs';
import type { JournalStore, QueuedHandoff } from './store';
import { silentLog, type ProductLog } from '../productLog';
import { journalExtra } from './journalLog';

const SAVE_PATH = `${API_BASE}${annotateRoutes.editObjects.path}`;

/** Waits between attempts while the server is unreachable: doubling from min to max. */
export interface RetryDelays {
  minMs: number;
  maxMs: number;
}
export const DEFAULT_RETRY: RetryDelays = { minMs: 500, maxMs: 10_000 };

/** How an attempt ended, for journal.flush callers waiting on it. */
type Outcome = 'synced' | 'offline' | 'signedOut' | 'conflict' | 'refused' | 'closed';

type Failure = { kind: 'retry'; error: JournalError; signedOut: boolean } | { kind: 'stale'; version: number } | { kind: 'refused'; error: JournalError };

/** What a failed save means: try again later, someone else saved, or a final no for this edit. */
function classify(err: unknown): Failure {
  if (!(err instanceof ServerCallError)) {
    return { kind: 'retry', signedOut: false, error: { code: 'JOURNAL_OFFLINE', message: err instanceof Error ? err.message : String(err) } };
  }
  if (err.status === 401) return { kind: 'retry', signedOut: true, error: { code: 'JOURNAL_SIGNED_OUT', message: err.message } };
  if (err.status >= 500 || err.status === 408 || err.status === 429) return { kind: 'retry', signedOut: false, error: { code: 'JOURNAL_OFFLINE', message: err.message } };
  const version = (err.data as { version?: unknown } | null)?.version;
  if (err.status === 409 && err.message === 'error.annotate.stale' && typeof version === 'number') return { kind: 'stale', version };
  return { kind: 'refused', error: { code: err.message.replace(/^error\./, ''), message: err.message } };
}

interface Waiter {
  done(outcome: Outcome): void;
}

/**
 * Sends each task subject's journal to the server in the background, one save at a time per
 * task subject, in order. A save is recorded before it is sent and sent again as it is until
 * the server answers it, so a save committed whose answer was lost comes back as the first
 * result, never as a conflict. Decisions: docs/journal.md.
 */
export class JournalSyncer {
  private readonly loops = new Map<number, Promise<void>>();
  private readonly again = new Set<number>();
  private readonly paused = new Set<number>();
  /** why a task subject waits for the server (not stored: a restart tries again at once) */
  private readonly offline = new Map<number, JournalError>();
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private readonly delays = new Map<number, number>();
  private readonly waiters = new Map<number, Set<Waiter>>();
  private readonly abort = new AbortController();
  private serverDown = false;
  /** why the server was last found unreachable: the state of any edit waiting meanwhile, tried or not */
  private downError: JournalError | null = null;
  /** when the server was found unreachable, for the "back online" record */
  private downSince = 0;
  private closed = false;
  private readonly authors: AuthorSessions;

  constructor(
    private readonly d: { store: JournalStore; server: ServerClient; session: SessionState; events: EventBus; retry?: RetryDelays; log?: ProductLog },
  ) {
    this.authors = new AuthorSessions(d.session, d.server.baseUrl);
  }

  /** The session an edit's author signed in with on this workstation, if any. */
  private sessionOf(taskSubjectId: number) {
    return this.authors.sessionFor(this.d.store.subject(taskSubjectId)?.userId ?? null);
  }

  /**
   * The stored status with `offline` on top while the server cannot be reached: for a task
   * subject that found it so, and for any other with edits waiting while it is known to be away
   * (an edit on the next item is not "saving" until its own attempt fails).
   */
  status(taskSubjectId: number): JournalStatus {
    const s = this.d.store.status(taskSubjectId);
    const why = this.offline.get(taskSubjectId) ?? (this.serverDown ? (this.downError ?? undefined) : undefined);
    return s.state === 'pending' && why ? { ...s, state: 'offline', error: why } : s;
  }

  emit(taskSubjectId: number): void {
    if (!this.closed) this.d.events.emit('journal.sync', this.status(taskSubjectId));
  }

  /** Starts (or continues) the task subject's sync now, skipping any backoff wait. */
  kick(taskSubjectId: number): void {
    if (this.closed || this.paused.has(taskSubjectId)) return;
    clearTimeout(this.timers.get(taskSubjectId));
    this.timers.delete(taskSubjectId);
    if (this.loops.has(taskSubjectId)) {
      this.again.add(taskSubjectId);
      return;
    }
    const loop = this.run(taskSubjectId)
      .catch((err: unknown) => {
        // A failure of our own (the journal file): report it as offline and try again later.
        this.goOffline(taskSubjectId, { code: 'JOURNAL_OFFLINE', message: err instanceof Error ? err.message : String(err) }, false);
      })
      .finally(() => {
        this.loops.delete(taskSubjectId);
        if (this.again.delete(taskSubjectId)) this.kick(taskSubjectId);
      });
    this.loops.set(taskSubjectId, loop);
  }

  /** Every task subject with edits waiting or waiting for the server: after start, a new session, the server back. */
  kickAll(): void {
    if (this.closed) return;
    for (const id of new Set([...this.d.store.waitingSubjects(), ...this.offline.keys()])) this.kick(id);
  }

  /** Resolves when the task subject's edits are all on the server; rejects as soon as an attempt cannot get them there. */
  async flush(taskSubjectId: number, timeoutMs: number): Promise<{ version: number }> {
    const before = this.d.store.status(taskSubjectId);
    if (before.state === 'conflict') throw journalError('JOURNAL_CONFLICT', 'someone else saved this task subject: resolve the conflict first');
    if (before.state === 'refused') throw journalError('JOURNAL_REFUSED', `the server refused an edit: ${before.error?.message ?? ''}`);
    if (before.pending === 0) return { version: before.version };
    if (!this.sessionOf(taskSubjectId)) throw journalError('JOURNAL_SIGNED_OUT', 'the author of these edits is not signed in: they wait for a session');
    const outcome = await new Promise<Outcome>((resolve) => {
      const set = this.waiters.get(taskSubjectId) ?? new Set<Waiter>();
      const timer = setTimeout(() => waiter.done('closed'), timeoutMs);
      const waiter: Waiter = {
        done: (o) => {
          clearTimeout(timer);
          set.delete(waiter);
          resolve(o);
        },
      };
      set.add(waiter);
      this.waiters.set(taskSubjectId, set);
      this.kick(taskSubjectId);
    });
    const after = this.status(taskSubjectId);
    switch (outcome) {
      case 'synced':
        return { version: after.version };
      case 'conflict':
        throw journalError('JOURNAL_CONFLICT', 'someone else saved this task subject: resolve the conflict first');
      case 'refused':
        throw journalError('JOURNAL_REFUSED', `the server refused an edit: ${after.error?.message ?? ''}`);
      case 'signedOut':
        throw journalError('JOURNAL_SIGNED_OUT', 'the session is missing or expired: edits wait for a new one');
      case 'offline':
        throw journalError('JOURNAL_OFFLINE', `the server cannot be reached: ${after.error?.message ?? ''}`);
      default:
        throw journalError('JOURNAL_TIMEOUT', `edits still waiting after ${timeoutMs} ms`);
    }
  }

  /** Runs `change` with the task subject's sync stopped (no save in flight), then syncs again. */
  async exclusive<T>(taskSubjectId: number, change: () => T): Promise<T> {
    this.paused.add(taskSubjectId);
    clearTimeout(this.timers.get(taskSubjectId));
    try {
      await this.loops.get(taskSubjectId);
      const out = change();
      this.offline.delete(taskSubjectId);
      this.delays.delete(taskSubjectId);
      return out;
    } finally {
      this.paused.delete(taskSubjectId);
      this.emit(taskSubjectId);
      this.kick(taskSubjectId);
    }
  }

  /** Stops every loop (a save in flight is aborted; it stays recorded and is sent again next start). */
  async close(): Promise<void> {
    this.closed = true;
    this.abort.abort();
    for (const t of this.timers.values()) clearTimeout(t);
    await Promise.allSettled([...this.loops.values()]);
    for (const id of this.waiters.keys()) this.notify(id, 'closed');
  }

  private get log(): ProductLog {
    return this.d.log ?? silentLog;
  }

  /** The record's extra info: the edits' author and the task subject (docs/logging.md). */
  private extra(id: number) {
    return journalExtra(id, this.d.store.subject(id));
  }

  private notify(taskSubjectId: number, outcome: Outcome): void {
    for (const w of [...(this.waiters.get(taskSubjectId) ?? [])]) w.done(outcome);
  }

  private async run(id: number): Promise<void> {
    const { store } = this.d;
    for (;;) {
      if (this.closed || this.paused.has(id)) return;
      const row = store.subject(id);
      if (!row || row.state !== 'synced') return this.notify(id, row?.state === 'conflict' ? 'conflict' : row ? 'refused' : 'synced');
      const handoff = store.pendingCount(id) === 0 ? store.handoff(id) : undefined;
      if (store.pendingCount(id) === 0 && !handoff) return this.synced(id);
      // Edits belong to who typed them and go with that user's own token, whoever signed in since.
      const s = this.authors.sessionFor(row.userId);
      if (!s) {
        const someoneElse = row.userId !== null && this.d.session.current() !== null;
        return this.goOffline(id, someoneElse ? { code: 'JOURNAL_OTHER_USER', message: `edits of user ${row.userId} wait for them to sign in` } : { code: 'JOURNAL_SIGNED_OUT', message: 'nobody is signed in' }, true);
      }
      if (handoff) return this.handOff(id, handoff, row.version, s);
      const save = store.nextSave(id);
      if (!save) return this.synced(id);
      const sent = await this.request<SaveResult>(id, s, 'POST', SAVE_PATH, JSON.parse(save.body) as unknown);
      if (!sent) return;
      if (!sent.ok) {
        const f = sent.failure;
        if (f.kind === 'stale' && store.produced(id, f.version)) {
          // The server is at a version we made ourselves: nothing of anyone else's to keep; build the save on it.
          store.rebase(id, f.version);
          continue;
        }
        if (f.kind === 'stale') {
          store.stop(id, 'conflict', { code: 'annotate.stale', message: 'error.annotate.stale' }, f.version);
          this.log.warn(`journal conflict: task subject ${id} was saved by someone else (server version ${f.version}, ours ${save.baseVersion}); ${store.pendingCount(id)} edits wait`, this.extra(id));
        } else {
          store.stop(id, 'refused', f.error);
          this.log.warn(`journal save refused: task subject ${id}: ${f.error.code} (${f.error.message}); ${store.pendingCount(id)} edits kept`, this.extra(id));
        }
        this.emit(id);
        return this.notify(id, f.kind === 'stale' ? 'conflict' : 'refused');
      }
      store.confirmSave(save.saveId, sent.data.version);
      this.log.debug(`journal save sent: task subject ${id}, version ${save.baseVersion} -> ${sent.data.version}, edits ${save.firstSeq}-${save.lastSeq}`, this.extra(id));
      this.emit(id);
    }
  }

  /**
   * One request with the author's session: its answer, or a final failure for the caller to
   * record; null when nothing more is to be done now (closing, or offline with a retry set).
   */
  private async request<T>(
    id: number,
    s: WorkstationSession,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<{ ok: true; data: T } | { ok: false; failure: Exclude<Failure, { kind: 'retry' }> } | null> {
    try {
      const data = await this.authors.clientFor(s).json<T>(method, path, body, this.abort.signal);
      if (this.closed) return null;
      this.online(id);
      return { ok: true, data };
    } catch (err) {
      if (this.closed) return null;
      const f = classify(err);
      if (f.kind === 'retry') {
        if (f.signedOut) this.authors.expired(s);
        this.goOffline(id, f.error, f.signedOut);
        return null;
      }
      this.online(id);
      return { ok: false, failure: f };
    }
  }

  /**
   * Every edit is on the server: sends the queued step action at the version they reached. Taken,
   * the journal forgets the task subject; refused (someone moved it meanwhile, the step wants
   * something more), it stops until the annotator opens the item again. A refusal of an action
   * the server took before, whose answer was lost (the workstation killed or the network cut
   * while it was under way), is no refusal: the item's log says so, and it counts as taken.
   */
  private async handOff(id: number, handoff: QueuedHandoff, version: number, s: WorkstationSession): Promise<void> {
    const sent = await this.request(id, s, 'POST', `${API_BASE}${taskSubjectRoutes[handoff.action].path}`, { ...handoff.body, version });
    if (!sent) return;
    if (!sent.ok) {
      const earlier = await this.tookEarlier(id, handoff, s);
      if (earlier === null) return;
      if (!earlier) {
        const f = sent.failure;
        const error = f.kind === 'refused' ? f.error : { code: 'annotate.stale', message: 'error.annotate.stale' };
        this.log.warn(`journal hand-off refused: ${handoff.action} of task subject ${id}: ${error.code} (${error.message})`, this.extra(id));
        this.d.store.stop(id, 'refused', error);
        this.emit(id);
        return this.notify(id, 'refused');
      }
      this.log.info(`journal hand-off sent: ${handoff.action} of task subject ${id} at version ${version} (taken before its answer was lost)`, this.extra(id));
    } else {
      this.log.info(`journal hand-off sent: ${handoff.action} of task subject ${id} at version ${version}`, this.extra(id));
    }
    this.d.store.handedOff(id);
    this.synced(id);
  }

  /**
   * Whether the last move in the task subject's log is this very action by this user: then the
   * server took our hand-off already. Nobody works on an item again after handing it on without
   * a later move of someone's (a reject, a requeue, a claim) landing in between, so an older
   * action of ours cannot be mistaken for it. Null when the server could not be asked (a retry is set).
   */
  private async tookEarlier(id: number, handoff: QueuedHandoff, s: WorkstationSession): Promise<boolean | null> {
    const path = `${API_BASE}${taskSubjectRoutes.log.path}?taskSubjectId=${id}&pageSize=20`;
    const read = await this.request<{ list: TaskSubjectLogEntry[] }>(id, s, 'GET', path);
    if (!read) return null;
    if (!read.ok) return false;
    const lastMove = read.data.list.find((entry) => entry.action !== 'activity');
    return lastMove?.action === handoff.action && lastMove.userId === s.user.id;
  }

  private synced(id: number): void {
    this.offline.delete(id);
    this.delays.delete(id);
    this.emit(id);
    this.notify(id, 'synced');
  }

  /** The server answered: it is reachable, and every task subject that waited for it tries now. */
  private online(id: number): void {
    this.offline.delete(id);
    this.delays.delete(id);
    if (this.serverDown) {
      this.serverDown = false;
      this.log.info(`journal back online: the team server answers again after ${((Date.now() - this.downSince) / 1000).toFixed(1)} s`, this.extra(id));
      this.d.events.emit('connectivity', { server: 'online' });
      for (const other of [...this.offline.keys()]) this.kick(other);
    }
  }

  private goOffline(id: number, error: JournalError, signedOut: boolean): void {
    if (this.closed) return;
    // One record per change of reason, not per retry (a retry every few seconds for as long as it lasts).
    if (this.offline.get(id)?.code !== error.code && (signedOut || this.serverDown)) {
      this.log.warn(`journal waits: task subject ${id}: ${error.code} (${error.message})`, this.extra(id));
    }
    this.offline.set(id, error);
    if (!signedOut) this.downError = error;
    if (!signedOut && !this.serverDown) {
      this.serverDown = true;
      this.downSince = Date.now();
      this.log.warn(`journal offline: the team server cannot be reached: ${error.message}; edits are kept and sent when it is back`, this.extra(id));
      this.d.events.emit('connectivity', { server: 'offline' });
    }
    this.emit(id);
    this.notify(id, signedOut ? 'signedOut' : 'offline');
    // Signed out: a new session kicks it; a retry now and then still picks up a session set meanwhile.
    const retry = this.d.retry ?? DEFAULT_RETRY;
    const delay = Math.min(retry.maxMs, (this.delays.get(id) ?? retry.minMs / 2) * 2);
    this.delays.set(id, delay);
    clearTimeout(this.timers.get(id));
    const timer = setTimeout(() => {
      this.timers.delete(id);
      this.kick(id);
    }, signedOut ? retry.maxMs : delay);
    timer.unref();
    this.timers.set(id, timer);
  }
}
