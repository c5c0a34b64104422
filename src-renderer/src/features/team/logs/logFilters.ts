import type { LogUpload, LogUploadListQuery } from '../../../../../src-shared/api/log';

/** The list's filters: exactly the GET /core/log/upload query without its paging. */
export type LogFilters = Omit<LogUploadListQuery, 'page' | 'pageSize'>;

/** How a workstation is named on the page: its host name and the start of its id (two machines may share a name). */
export const deviceLabel = (u: Pick<LogUpload, 'deviceName' | 'deviceId'>) => `${u.deviceName} · ${u.deviceId.slice(0, 8)}`;

/** How many of a person's newest zips the device picker looks through for their workstations. */
export const DEVICE_LOOKBACK = 200;

/** The distinct workstations among some uploads, newest first. */
export function devicesOf(uploads: readonly LogUpload[]): Pick<LogUpload, 'deviceId' | 'deviceName'>[] {
  const seen = new Map<string, Pick<LogUpload, 'deviceId' | 'deviceName'>>();
  for (const u of uploads) if (!seen.has(u.deviceId)) seen.set(u.deviceId, { deviceId: u.deviceId, deviceName: u.deviceName });
  return [...seen.values()];
}
