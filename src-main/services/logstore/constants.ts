import { LOG_CLEAR_DEFAULT_DAYS } from '../../../src-shared/ipc';

export { LOG_DB_VERSION } from './migrations';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const DAY_MS = 24 * HOUR;

/** The logger's constants as the spec (section 9) fixes them. */
export const LOG_SPEC = {
  /** how often unshipped records are zipped and uploaded */
  uploadIntervalMs: HOUR,
  /** records older than this are deleted automatically (at start and hourly) */
  retentionDays: 7,
  /** what `logs.clear` deletes when no age is given */
  clearDefaultDays: LOG_CLEAR_DEFAULT_DAYS,
  /** longest time a record waits in the main process before it is sent to the writer */
  idleFlushMs: MINUTE,
  /** records that trigger a flush as soon as the current burst of calls is over */
  flushBatchMin: 3,
  /** uploads in flight at once */
  uploadConcurrency: 5,
  /** distinct alerts remembered for de-duplication */
  alertCacheSize: 100,
} as const;

/**
 * Our own limits (not in the spec): what keeps memory bounded when records come faster than
 * the disk takes them, and what keeps one zip a sensible upload.
 */
export const LOG_LIMITS = {
  /** records accepted but not yet stored; beyond this, new records are dropped and counted */
  maxBacklogRecords: 2_000_000,
  /** a message longer than this is cut */
  maxMessageChars: 64 * 1024,
  maxRecordsPerZip: 50_000,
  /**
   * uncompressed JSONL per zip, in characters; with five zips built per round this bounds the
   * worker's memory for shipping to a few tens of MB
   */
  maxCharsPerZip: 8 * 1024 * 1024,
  /** the most records one `logs.query` answers */
  maxQueryLimit: 5000,
} as const;
