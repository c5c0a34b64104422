import os from 'node:os';
import path from 'node:path';
import type { HostKind } from '../src-shared/ipc';
import { LOG_THRESHOLDS, type LogThreshold } from '../src-shared/ipc/logs';

/** What the main-process services need to know about where they run. */
export interface WorkstationConfig {
  host: HostKind;
  version: string;
  /** Where the log store and transfer journals live. */
  dataDir: string;
  /** The team server this workstation talks to. */
  serverUrl: string;
  /** Where the storage layer fetches its token (spec section 3); a path on serverUrl or a full URL. */
  storageTokenPath: string;
  /** The session-cache keys of the storage token and of its custom overrides (spec section 3). */
  storageTokenKey: string;
  storageCustomKey: string;
  /** The alert webhook of the logger (spec section 1); null sends no alerts. */
  logWebhookUrl: string | null;
  /** Records below this level are not made (main process and renderer); `off`: none. Default `debug`. */
  logLevel: LogThreshold;
}

export const DEFAULT_STORAGE_TOKEN_PATH = '/core/obs/token';
export const DEFAULT_STORAGE_TOKEN_KEY = 'S3-LINK-MSG';
export const DEFAULT_STORAGE_CUSTOM_KEY = 'S3-CUSTOM-LINK-MSG';

/**
 * Defaults for a plain Node host: WORKSTATION_DATA_DIR, SERVER_URL, STORAGE_TOKEN_PATH,
 * STORAGE_TOKEN_KEY, STORAGE_CUSTOM_KEY, LOG_WEBHOOK_URL and WORKSTATION_LOG_LEVEL override them.
 */
export function workstationConfigFromEnv(
  host: HostKind,
  version: string,
  env: NodeJS.ProcessEnv = process.env,
): WorkstationConfig {
  return {
    host,
    version,
    dataDir: path.resolve(env.WORKSTATION_DATA_DIR ?? path.join(os.homedir(), '.annotation-workstation')),
    serverUrl: (env.SERVER_URL ?? 'http://127.0.0.1:8610').replace(/\/+$/, ''),
    storageTokenPath: env.STORAGE_TOKEN_PATH || DEFAULT_STORAGE_TOKEN_PATH,
    storageTokenKey: env.STORAGE_TOKEN_KEY || DEFAULT_STORAGE_TOKEN_KEY,
    storageCustomKey: env.STORAGE_CUSTOM_KEY || DEFAULT_STORAGE_CUSTOM_KEY,
    logWebhookUrl: env.LOG_WEBHOOK_URL || null,
    logLevel: logThresholdFromEnv(env.WORKSTATION_LOG_LEVEL),
  };
}

/** WORKSTATION_LOG_LEVEL: unset or empty is `debug`; a value we do not know stops the start with a sentence saying what is allowed. */
export function logThresholdFromEnv(value: string | undefined): LogThreshold {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '') return 'debug';
  const known = LOG_THRESHOLDS.find((t) => t === v);
  if (!known) throw new Error(`WORKSTATION_LOG_LEVEL is "${value}"; it must be one of ${LOG_THRESHOLDS.join(', ')} (default debug)`);
  return known;
}
