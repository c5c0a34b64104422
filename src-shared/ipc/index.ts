import type { AppHandlers } from './app';
import type { LogsHandlers, LogThreshold } from './logs';
import type { SessionHandlers } from './session';
import type { DatasetFileEvent, DatasetJob, DatasetsHandlers } from './datasets';
import type { StorageHandlers, StorageProgressEvent } from './storage';
import type { JournalHandlers, JournalStatus } from './journal';
import type { LostItemsChanged, PackageProgress, PackagesHandlers } from './packages';

export * from './app';
export * from './logs';
export * from './session';
export * from './datasets';
export * from './storage';
export * from './storageErrors';
export * from './journal';
export * from './packages';
export * from './packageFrames';
export * from './hostErrors';

/**
 * The workstation contract: every main-process service method, grouped by domain.
 * Each method takes one plain-data argument and answers a promise of plain data, so the same
 * map runs over Electron IPC, HTTP/WebSocket or in-memory in tests.
 */
export type Handlers = AppHandlers & LogsHandlers & SessionHandlers & StorageHandlers & DatasetsHandlers & JournalHandlers & PackagesHandlers;
export type HandlerName = keyof Handlers;
export type HandlerArgs<K extends HandlerName> = Parameters<Handlers[K]>[0];
export type HandlerResult<K extends HandlerName> = Awaited<ReturnType<Handlers[K]>>;

/** Events the main process pushes to the renderer. */
export interface Events {
  'logs.appended': { count: number };
  /** the workstation's log level changed (logs.setLevel): pages make no record below it from now on */
  'logs.level': { level: LogThreshold };
  connectivity: { server: 'online' | 'offline' };
  'storage.progress': StorageProgressEvent;
  'datasets.job': DatasetJob;
  'datasets.file': DatasetFileEvent;
  /** a task subject's journal changed (edit appended, sent, confirmed, offline, conflict...) */
  'journal.sync': JournalStatus;
  /** a work package's download moved on or changed state (downloading, paused, ready, failed, cancelled) */
  'packages.progress': PackageProgress;
  /** items were found lost with the lease, or their copies exported or dismissed */
  'packages.lost': LostItemsChanged;
}
export type EventName = keyof Events;

/** What the renderer sees of its host, whichever it is (Electron preload or HTTP bridge). */
export interface WorkstationBridge {
  invoke<K extends HandlerName>(method: K, args: HandlerArgs<K>): Promise<HandlerResult<K>>;
  /** Subscribe; returns the unsubscribe function. */
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void;
}

/** Names of the channels the Electron host and preload agree on. */
export const IPC_CHANNELS = { invoke: 'workstation:invoke', event: 'workstation:event' } as const;

/** Result of one invoke as it crosses a transport: plain data either way. */
export type InvokeOutcome<T> =
  | { ok: true; result: T }
  | { ok: false; error: { name: string; message: string; code: string | number; params?: Record<string, string | number> } };
export * from './nodeHost';

/**
 * What the Electron preload exposes as `window.workstation`. Invoke answers the outcome as
 * plain data rather than throwing, because errors crossing contextBridge keep only their message.
 */
export interface PreloadApi {
  invoke(method: HandlerName, args: unknown): Promise<InvokeOutcome<unknown>>;
  on(event: EventName, listener: (payload: unknown) => void): () => void;
}
