import os from 'node:os';
import path from 'node:path';
import type { HostKind } from '../src-shared/ipc';

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
}

export const DEFAULT_STORAGE_TOKEN_PATH = '/core/obs/token';
export const DEFAULT_STORAGE_TOKEN_KEY = 'S3-LINK-MSG';
export const DEFAULT_STORAGE_CUSTOM_KEY = 'S3-CUSTOM-LINK-MSG';

/**
 * Defaults for a plain Node host: WORKSTATION_DATA_DIR, SERVER_URL, STORAGE_TOKEN_PATH,
 * STORAGE_TOKEN_KEY, STORAGE_CUSTOM_KEY and LOG_WEBHOOK_URL override them.
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
  };
}
