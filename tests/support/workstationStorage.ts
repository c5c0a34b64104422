import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StorageProgressEvent } from '../../src-shared/ipc';
import { workstationConfigFromEnv } from '../../src-main/config';
import { EventBus } from '../../src-main/services/events';
import { createSessionService } from '../../src-main/services/session';
import { createStorageService } from '../../src-main/services/storage';
import type { WorldUser } from './world';

/** The workstation's storage service as the main process runs it, signed in as one user. */
export interface WorkstationStorage {
  storage: ReturnType<typeof createStorageService>;
  handlers: ReturnType<typeof createStorageService>['handlers'];
  progress: StorageProgressEvent[];
  dataDir: string;
  close(): void;
}

export function startWorkstationStorage(serverUrl: string, user: WorldUser, opts: { dataDir?: string; env?: Record<string, string> } = {}): WorkstationStorage {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'annot-ws-'));
  const config = workstationConfigFromEnv('node', '0.0.0-test', { WORKSTATION_DATA_DIR: dataDir, SERVER_URL: serverUrl, ...opts.env });
  const events = new EventBus();
  const session = createSessionService(config.serverUrl);
  session.state.set({ tokenName: 'x-annot-token', tokenValue: user.token, user: { id: user.id, name: 'Test', mobile: user.mobile } });
  const storage = createStorageService(config, { server: session.server, session: session.state, events });
  const progress: StorageProgressEvent[] = [];
  events.on('storage.progress', (e) => progress.push(e));
  return { storage, handlers: storage.handlers, progress, dataDir, close: () => storage.close() };
}

/** A file of `size` random-ish bytes (a repeating pattern that differs per part) in a temp dir. */
export function tempFile(dir: string, name: string, size: number, seed = 1): string {
  const file = path.join(dir, name);
  const buf = Buffer.allocUnsafe(size);
  for (let i = 0; i < size; i += 4) buf.writeUInt32LE(((i / 4) * 2654435761 + seed) >>> 0, i < size - 3 ? i : size - 4);
  fs.writeFileSync(file, buf);
  return file;
}
