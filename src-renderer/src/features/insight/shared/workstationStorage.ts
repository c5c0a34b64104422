import { useEffect, useState } from 'react';
import type { AppInfo } from '../../../../../src-shared/ipc/app';
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

/** What the workstation says about itself (app.info), once; null until it answered, or when it failed. */
export function useWorkstationInfo(): AppInfo | null {
  const [info, setInfo] = useState<AppInfo | null>(null);
  useEffect(() => {
    let current = true;
    workstation
      .invoke('app.info', {})
      .then((i) => current && setInfo(i))
      .catch((err: unknown) => console.error('app.info failed', err)); // the path field stays empty and the user types one
    return () => {
      current = false;
    };
  }, []);
  return info;
}

/**
 * Where this workstation saves files unless told otherwise: its own downloads folder, which it
 * may always write to (other folders must be chosen first: docs/security.md).
 */
export function useDownloadFolder(): string | null {
  return useWorkstationInfo()?.downloadsDir ?? null;
}

/** The same file name in another folder (after the user picked one in the folder dialog). */
export function moveToFolder(file: string, folder: string, fallbackName: string): string {
  const name = file.replace(/[\\/]+$/, '').split(/[\\/]/).pop() || fallbackName;
  return joinLocalPath(folder, name);
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
