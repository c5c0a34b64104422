import path from 'node:path';
import type { JournalEdit, JournalHandlers } from '../../../src-shared/ipc';
import type { WorkstationConfig } from '../../config';
import type { EventBus } from '../events';
import type { ServerClient, SessionState } from '../session';
import { editArg, handoffArg, journalError, keepArg, placeArg, serverVersionArg, taskSubjectArg, timeoutArg } from './handlerArgs';
import { JournalStore } from './store';
import { JournalSyncer, type RetryDelays } from './syncer';
import { errorText, silentLog, type ProductLog } from '../productLog';
import { openOrSetAside } from '../sqliteSetAside';
import { journalExtra } from './journalLog';

export { JournalStore } from './store';
export { JournalSyncer } from './syncer';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Fully synced task subjects nobody touched for this long are forgotten at start. */
const PRUNE_AFTER_MS = 30 * DAY_MS;
const DEFAULT_FLUSH_TIMEOUT_MS = 15_000;

export interface JournalService {
  handlers: JournalHandlers;
  /** Sends what waits now (a session was set, the server is back). */
  resume(): void;
  /**
   * An item lost with the lease (docs/offline-day.md): hands its edits since `serverVersion` to
   * `keep` (which stores the copy), then forgets its journal with the sync stopped meanwhile, so
   * nothing more of it is sent. `keep` answering false (or throwing) leaves the journal as it is.
   */
  settleLost(taskSubjectId: number, serverVersion: number, keep: (edits: JournalEdit[]) => boolean): Promise<void>;
  /** Stops syncing (a save in flight is sent again next start) and closes the journal file. */
  close(): Promise<void>;
}

/**
 * The annotation journal (docs/journal.md): every edit is committed to `journal.db` in the data
 * directory before it is acknowledged, and sent to the team server in the background, per task
 * subject in order, whenever a session exists; conflicts and refusals stop that task subject
 * and are reported, never overwritten.
 */
export function createJournalService(
  config: WorkstationConfig,
  deps: { server: ServerClient; session: SessionState; events: EventBus; retry?: RetryDelays; log?: ProductLog },
): JournalService {
  const log = deps.log ?? silentLog;
  // A damaged journal must not keep the workstation from starting: it is set aside (kept for
  // recovery) and work goes on with an empty one; ops get the database alert (docs/logging.md).
  const { store, setAside } = openOrSetAside(path.join(config.dataDir, 'journal.db'), (f) => new JournalStore(f));
  if (setAside) {
    log.error(
      `journal database unreadable (${setAside.error}): moved to ${setAside.movedTo} in the data folder and started an empty journal; edits it held that had not reached the server are only in that file`,
    );
  }
  store.prune(PRUNE_AFTER_MS);
  const syncer = new JournalSyncer({ store, ...deps });
  /** Whose edits these are: the author the renderer names (the browser host serves several users at once), else the signed-in user. */
  const userId = (args: unknown) => {
    const named = (args as { userId?: unknown } | null)?.userId;
    return typeof named === 'number' && Number.isSafeInteger(named) && named > 0 ? named : (deps.session.current()?.user.id ?? null);
  };

  const offSession = deps.session.onChange((s) => {
    if (s) syncer.kickAll();
  });
  const offConnectivity = deps.events.on('connectivity', (e) => {
    if (e.server === 'online') syncer.kickAll();
  });
  // After a crash: edits left waiting go out as soon as a session exists (reported offline until then).
  syncer.kickAll();

  const handlers: JournalHandlers = {
      'journal.append': async (args) => {
        const edit = editArg(args);
        const seq = store.append(edit, userId(args));
        syncer.emit(edit.taskSubjectId);
        syncer.kick(edit.taskSubjectId);
        return { seq };
      },
      'journal.open': async (args) => {
        const id = taskSubjectArg(args);
        const serverVersion = serverVersionArg(args);
        const { edits } = store.open(id, serverVersion, userId(args), placeArg(args));
        syncer.emit(id);
        syncer.kick(id);
        return { ...syncer.status(id), edits };
      },
      'journal.status': async (args) => syncer.status(taskSubjectArg(args)),
      'journal.flush': async (args) => syncer.flush(taskSubjectArg(args), timeoutArg(args, DEFAULT_FLUSH_TIMEOUT_MS)),
      'journal.resolve': async (args) => {
        const id = taskSubjectArg(args);
        const keep = keepArg(args);
        const serverVersion = serverVersionArg(args);
        await syncer.exclusive(id, () => store.resolve(id, keep, serverVersion));
        return syncer.status(id);
      },
      'journal.handOff': async (args) => {
        const { taskSubjectId, handoff } = handoffArg(args);
        store.queueHandoff(taskSubjectId, handoff);
        log.info(`journal hand-off queued: ${handoff.action} of task subject ${taskSubjectId}, sent once its edits are on the server`, journalExtra(taskSubjectId, store.subject(taskSubjectId)));
        syncer.emit(taskSubjectId);
        syncer.kick(taskSubjectId);
        return syncer.status(taskSubjectId);
      },
      'journal.handoffs': async () =>
        store.handoffSubjects().map((id) => {
          const place = store.subject(id)?.place;
          return place ? { ...syncer.status(id), place } : syncer.status(id);
        }),
      'journal.forget': async (args) => {
        const id = taskSubjectArg(args);
        const forgotten = await syncer.exclusive(id, () => store.forget(id));
        if (!forgotten) throw journalError('JOURNAL_PENDING', 'edits of this task subject still wait for the server: flush first');
        return { ok: true };
      },
  };

  return {
    handlers: logDatabaseErrors(handlers, log),
    resume: () => syncer.kickAll(),
    settleLost: (id, serverVersion, keep) =>
      syncer.exclusive(id, () => {
        const row = store.subject(id);
        if (!keep(store.editsSince(id, serverVersion))) return;
        store.discard(id);
        log.info(`journal of task subject ${id} forgotten: the item was lost with the lease, its edits are kept as a local copy`, journalExtra(id, row));
      }),
    close: async () => {
      offSession();
      offConnectivity();
      await syncer.close();
      store.close();
    },
  };
}

/**
 * A journal call that fails in SQLite (the file damaged or its disk failing while the app
 * runs) is logged at error, in SQLite's words, so it raises the database alert; the caller
 * still gets the error. Refusals of bad arguments and of the server are not SQLite's and pass
 * through unlogged (the syncer logs the server's).
 */
function logDatabaseErrors(handlers: JournalHandlers, log: ProductLog): JournalHandlers {
  const out: Record<string, (args: never) => Promise<unknown>> = {};
  for (const [method, fn] of Object.entries(handlers) as [string, (args: never) => Promise<unknown>][]) {
    out[method] = async (args) => {
      try {
        return await fn(args);
      } catch (err) {
        const code = (err as { code?: unknown } | null)?.code;
        if (typeof code === 'string' && code.startsWith('SQLITE_')) log.error(`journal database error in ${method}: ${errorText(err)}`);
        throw err;
      }
    };
  }
  return out as unknown as JournalHandlers;
}
