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
}

/** Defaults for a plain Node host: WORKSTATION_DATA_DIR and SERVER_URL override them. */
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
  };
}
