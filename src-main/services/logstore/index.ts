import path from 'node:path';
import type { LogsHandlers } from '../../../src-shared/ipc';
import type { WorkstationConfig } from '../../config';
import type { EventBus } from '../events';
import { Alerter } from '../logship/alerter';
import { alertFor, alertKindOf } from '../logship/alertRules';
import { LogShipper, type LogUploader } from '../logship/shipper';
import { deviceIdentity } from '../logship/device';
import { PendingRegistrations } from '../logship/registrations';
import { registerWithServer, type RegisterUploadCall } from '../logship/registerWithServer';
import { levelRefused, storeUnavailable } from './badArgs';
import { thresholdLevel } from '../../../src-shared/ipc/logs';
import { DAY_MS, LOG_LIMITS, LOG_SPEC } from './constants';
import { clearDays, exportArgs, noArgs, queryArgs, thresholdArg } from './handlerArgs';
import { LogLevelSetting } from './logLevelSetting';
import type { ErrorInfo } from './protocol';
import { acceptRecords, userExtra, type LogUser } from './recordInput';
import { LogWorkerClient } from './workerClient';
import type { WriteBatch } from './writeBatch';
import { WriteQueue, type RecordColumns } from './writeQueue';

export type { LogUser } from './recordInput';
export type { LogUploader } from '../logship/shipper';

export interface LogsServiceDeps {
  /** puts a zip into the object store (the storage service); without it nothing is shipped */
  upload?: LogUploader;
  /** tells the team server's index of each uploaded zip (POST /core/log/upload); without it none is registered */
  registerUpload?: RegisterUploadCall;
  /** the signed-in user; null: nobody, so nothing is shipped and records carry no user */
  currentUser?: () => LogUser | null;
  /** secrets this process holds (the session token): redacted wherever a record carries them */
  secrets?: () => readonly string[];
  now?: () => number;
  /** our own limits, smaller in tests */
  limits?: Partial<Record<'maxBacklogRecords' | 'maxRecordsPerZip' | 'maxCharsPerZip', number>>;
  /** the level records are kept from, shared with the main process's logger; from config.logLevel when absent */
  level?: LogLevelSetting;
  /** whether the caller is a page on another computer (the browser host): it may not change the level */
  callerIsRemote?: () => boolean;
}

export interface LogsService {
  /** all but saving for a remote page (services/browserTransfers) */
  handlers: Omit<LogsHandlers, 'logs.exportToBrowser'>;
  /** Flushes every queued record, stores it, and ends the worker; waits briefly for a running ship and for alerts. */
  close(): Promise<void>;
}

const SHIP_GRACE_MS = 5000;
const ALERT_GRACE_MS = 2000;

/**
 * The workstation's logger (spec section 9): records queue in the main process, go to the log
 * worker (the one SQLite writer) in batches, are kept 7 days, shipped hourly as zips to the
 * object store, and the ones that mean trouble (storage full, permission denied, database
 * broken) are posted to the alert webhook. Decisions: docs/logging.md.
 */
export function createLogsService(config: WorkstationConfig, events: EventBus, deps: LogsServiceDeps = {}): LogsService {
  const now = deps.now ?? Date.now;
  const currentUser = deps.currentUser ?? (() => null);
  const limits: Record<keyof typeof LOG_LIMITS, number> = { ...LOG_LIMITS, ...deps.limits };
  const level = deps.level ?? new LogLevelSetting(config.logLevel);
  const offLevel = level.onChange((l) => events.emit('logs.level', { level: l }));
  const app = `${config.version} (${config.host})`;
  const alerter = new Alerter({ url: config.logWebhookUrl, cacheSize: LOG_SPEC.alertCacheSize });
  let dropped = 0;
  let closing: Promise<void> | null = null;

  /** The store failing cannot be a record in it, so it goes to the webhook directly. */
  const storeAlert = (error: ErrorInfo, what: string) => {
    const text = `The log store failed ${what}: ${error.code ? `${error.code}: ` : ''}${error.message}`;
    const kind = alertKindOf(3, text) ?? 'database';
    alerter.raise(alertFor(kind, 3, text, userExtra(currentUser()), app));
  };

  const client = new LogWorkerClient(
    { role: 'log-store', dbFile: path.join(config.dataDir, 'logs.db'), ledgerFile: path.join(config.dataDir, 'logs.shipped.json') },
    {
      committed: (count) => events.emit('logs.appended', { count }),
      writeFailed: (count, error) => {
        dropped += count;
        storeAlert(error, 'to save records');
      },
      unavailable: (error, lost) => {
        dropped += lost + queue.discard();
        storeAlert(error, 'and stopped');
      },
      // A record like any other: it is kept in the new file and raises the database alert.
      setAside: (movedTo, error) =>
        void handlers['logs.write']({
          records: [{ level: 3, message: `log database unreadable (${error}): moved to ${movedTo} in the data folder and started an empty one; the records it held are only in that file` }],
        }).catch(() => undefined),
    },
  );
  const send = (batch: WriteBatch) => {
    try {
      client.write(batch);
    } catch {
      // the store died after these were accepted; a flush runs from a timer, so it must not throw
      dropped += batch.levels.length;
    }
  };
  const queue = new WriteQueue({ minBatch: LOG_SPEC.flushBatchMin, idleMs: LOG_SPEC.idleFlushMs, send });

  const device = deps.registerUpload ? deviceIdentity(config.dataDir) : null;
  const shipper = new LogShipper({
    source: {
      flush: () => queue.flush(),
      prepare: (a) => client.call('shipPrepare', a),
      mark: async (a) => void (await client.call('shipMark', a)),
    },
    upload: deps.upload,
    ...(deps.registerUpload && device
      ? {
          register: registerWithServer(deps.registerUpload, device),
          pending: new PendingRegistrations(path.join(config.dataDir, 'logs.unregistered.json')),
        }
      : {}),
    currentUserId: () => currentUser()?.id ?? null,
    now,
    intervalMs: LOG_SPEC.uploadIntervalMs,
    concurrency: LOG_SPEC.uploadConcurrency,
    maxRecordsPerZip: limits.maxRecordsPerZip,
    maxCharsPerZip: limits.maxCharsPerZip,
  });
  shipper.start();

  const applyRetention = () => client.call('deleteBefore', { cutoff: now() - LOG_SPEC.retentionDays * DAY_MS }).catch(() => undefined);
  void applyRetention();
  const retentionTimer = setInterval(() => void applyRetention(), LOG_SPEC.uploadIntervalMs);
  retentionTimer.unref();

  const usable = () => {
    if (closing) throw storeUnavailable('it is closed');
    if (client.unavailable) throw client.unavailable;
  };

  const raiseAlerts = (cols: RecordColumns) => {
    for (let i = 0; i < cols.levels.length; i++) {
      const kind = alertKindOf(cols.levels[i]!, cols.messages[i]!);
      if (kind) alerter.raise(alertFor(kind, cols.levels[i]!, cols.messages[i]!, JSON.parse(cols.extras[i]!), app));
    }
  };

  /** Read-your-writes: whatever was accepted before a read goes to the writer ahead of it. */
  const flushThen = <T>(read: () => Promise<T>): Promise<T> => {
    usable();
    queue.flush();
    return read();
  };

  const handlers: Omit<LogsHandlers, 'logs.exportToBrowser'> = {
    'logs.write': async (args) => {
      usable();
      const cols = atOrAbove(level.minLevel, acceptRecords(args, now(), userExtra(currentUser()), deps.secrets?.() ?? []));
      if (alerter.enabled) raiseAlerts(cols);
      const n = cols.levels.length;
      if (n === 0) return { written: 0 };
      if (queue.length + client.inFlight + n > limits.maxBacklogRecords) {
        // the disk is not keeping up: refusing new records keeps memory bounded
        dropped += n;
        return { written: 0 };
      }
      queue.push(cols);
      return { written: n };
    },
    'logs.query': async (args) => {
      const q = queryArgs(args);
      return flushThen(() => client.call('query', q));
    },
    'logs.clear': async (args) => {
      const days = clearDays(args);
      return flushThen(() => client.call('deleteBefore', { cutoff: now() - days * DAY_MS }));
    },
    'logs.export': async (args) => {
      const a = exportArgs(args);
      return flushThen(() => client.call('export', a));
    },
    'logs.shipNow': async (args) => {
      noArgs(args, 'logs.shipNow');
      usable();
      return shipper.shipNow();
    },
    'logs.setLevel': async (args) => {
      const wanted = thresholdArg(args);
      // A page on another computer sharing a browser host must not silence (or flood) its logs.
      if (deps.callerIsRemote?.()) throw levelRefused();
      const before = level.threshold;
      // The change is a record at info, made under whichever of the two levels keeps it, so a
      // change to off still leaves its trace and one from off is seen.
      const note = () => void handlers['logs.write']({ records: [{ level: 1, message: `log level: ${before} -> ${wanted}` }] }).catch(() => undefined);
      const keptAfter = thresholdLevel(wanted) <= 1;
      if (before !== wanted && !keptAfter) note();
      level.set(wanted);
      if (before !== wanted && keptAfter) note();
      return { level: level.threshold };
    },
    'logs.level': async (args) => {
      noArgs(args, 'logs.level');
      return { level: level.threshold };
    },
    'logs.status': async (args) => {
      noArgs(args, 'logs.status');
      usable();
      const counts = await client.call('counts', {});
      return {
        queued: queue.length + client.inFlight,
        stored: counts.stored,
        unshipped: counts.unshipped,
        lastShippedAt: counts.lastShippedAt,
        lastShipError: shipper.lastError,
        dropped,
        unregistered: shipper.unregistered,
        deviceId: device?.deviceId ?? null,
      };
    },
  };

  const close = async () => {
    offLevel();
    clearInterval(retentionTimer);
    await shipper.stop(SHIP_GRACE_MS);
    if (!client.unavailable) queue.flush();
    await client.close();
    let t: NodeJS.Timeout | undefined;
    await Promise.race([alerter.idle(), new Promise((r) => (t = setTimeout(r, ALERT_GRACE_MS)))]);
    clearTimeout(t);
  };

  return { handlers, close: () => (closing ??= close()) };
}

/**
 * The records at or above the workstation's log level (checked first, so a malformed call is
 * refused whatever its levels). The renderer and the main process's logger make no records
 * below it already; this holds for any other writer.
 */
function atOrAbove(minLevel: number, cols: RecordColumns): RecordColumns {
  if (minLevel <= 0) return cols;
  const out: RecordColumns = { levels: [], ats: [], messages: [], extras: [] };
  for (let i = 0; i < cols.levels.length; i++) {
    if (cols.levels[i]! < minLevel) continue;
    out.levels.push(cols.levels[i]!);
    out.ats.push(cols.ats[i]!);
    out.messages.push(cols.messages[i]!);
    out.extras.push(cols.extras[i]!);
  }
  return out;
}
