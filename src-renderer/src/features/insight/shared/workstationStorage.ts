import { useEffect, useState } from 'react';
import type { StorageProgressEvent, StorageStatus } from '../../../../../src-shared/ipc/storage';
import { workstation } from '../../../host';

/**
 * Transfers need `storage.init` first (it fetches the token or learns the server is embedded);
 * nothing else in the renderer calls it, so every transfer of this area goes through here.
 */
export async function ensureStorageReady(): Promise<StorageStatus> {
  const status = await workstation.invoke('storage.status', {});
  return status.initialised ? status : workstation.invoke('storage.init', {});
}

/** A transfer id of our own, so progress events and cancel can name this transfer. */
export const newTransferId = (kind: string) => `insight-${kind}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** The latest progress of one transfer, or null before its first report. */
export function useTransferProgress(transferId: string | null): StorageProgressEvent | null {
  const [progress, setProgress] = useState<StorageProgressEvent | null>(null);
  useEffect(() => {
    setProgress(null);
    if (!transferId) return;
    return workstation.on('storage.progress', (e) => {
      if (e.transferId === transferId) setProgress(e);
    });
  }, [transferId]);
  return progress;
}

/** Joins a folder and a file name with the folder's own separator (the data dir may be a Windows path). */
export function joinLocalPath(folder: string, name: string): string {
  const sep = folder.includes('\\') && !folder.includes('/') ? '\\' : '/';
  return folder.replace(/[\\/]+$/, '') + sep + name;
}

/**
 * Where this workstation saves downloads unless told otherwise: its data folder, which exists.
 * (`storage.download` does not create missing parent folders, so a `downloads/` subfolder
 * would fail on first use.)
 */
export function useDownloadFolder(): string | null {
  const [folder, setFolder] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    workstation
      .invoke('app.info', {})
      .then((info) => current && setFolder(info.dataDir))
      .catch((err: unknown) => console.error('app.info failed', err)); // the path field stays empty and the user types one
    return () => {
      current = false;
    };
  }, []);
  return folder;
}

/** Bytes as people read them (1.2 MB). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
