import { useCallback, useEffect, useState } from 'react';
import { userRoutes } from '../../../../../src-shared/api/user';
import type { StorageStatus } from '../../../../../src-shared/ipc/storage';
import { apiRequest } from '../../../app/apiClient';
import { routeRequest } from '../../../app/apiSlice';
import { workstation } from '../../../host';
import { realtimeConnection } from './realtimeConnection';
import { ensureStorageReady } from './workstationStorage';
import { logServerChange } from './logServerChange';

/** How often the indicator asks the server and the storage layer again. */
const CHECK_EVERY_MS = 15_000;
const FIRST_CHECK_DELAY_MS = 1_000;

export type Check = 'ok' | 'down' | 'unknown';

export interface ConnectionState {
  server: Check;
  socket: Check;
  storage: Check;
  storageStatus: StorageStatus | null;
  storageError: unknown;
  checking: boolean;
  recheck: () => void;
}

/**
 * The three links the workstation depends on: the team server answers (a cheap unauthenticated
 * call), the real-time socket is connected, and the storage layer is initialised (it is
 * initialised here when it is not yet).
 */
export function useConnectionState(): ConnectionState {
  const [server, setServer] = useState<Check>('unknown');
  const [socket, setSocket] = useState<Check>(realtimeConnection.connected ? 'ok' : 'unknown');
  const [storageStatus, setStorageStatus] = useState<StorageStatus | null>(null);
  const [storageError, setStorageError] = useState<unknown>(null);
  const [checking, setChecking] = useState(false);

  const recheck = useCallback(() => {
    setChecking(true);
    const ping = apiRequest({ ...routeRequest(userRoutes.isLogin, { body: {} }), probe: true }).then(
      () => setServer(logServerChange('ok')),
      (err: unknown) => setServer(logServerChange('down', err)),
    );
    // Storage is "ready" once initialised; initialising it here means the first download or
    // upload does not wait for the token, and a broken storage setup shows before it is needed.
    const storage = ensureStorageReady().then(
      (s) => {
        setStorageStatus(s);
        setStorageError(null);
      },
      (err: unknown) => setStorageError(err),
    );
    void Promise.all([ping, storage]).finally(() => setChecking(false));
  }, []);

  useEffect(() => {
    // The shell hands the session to the main process as this mounts; give it a moment first.
    const first = setTimeout(recheck, FIRST_CHECK_DELAY_MS);
    const timer = setInterval(recheck, CHECK_EVERY_MS);
    const offConnectivity = workstation.on('connectivity', (e) => setServer(e.server === 'online' ? 'ok' : 'down'));
    return () => {
      clearTimeout(first);
      clearInterval(timer);
      offConnectivity();
    };
  }, [recheck]);

  useEffect(() => {
    const release = realtimeConnection.acquire();
    const off = realtimeConnection.onStatus((connected) => setSocket(connected ? 'ok' : 'down'));
    return () => {
      off();
      release();
    };
  }, []);

  const storage: Check = storageError ? 'down' : storageStatus === null ? 'unknown' : storageStatus.initialised ? 'ok' : 'down';
  return { server, socket, storage, storageStatus, storageError, checking, recheck };
}
