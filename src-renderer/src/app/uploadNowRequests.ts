import type { RealtimeEvents } from '../../../src-shared/api/realtime';
import type { Handlers } from '../../../src-shared/ipc';

type Invoke = <K extends 'logs.status' | 'logs.shipNow'>(method: K, args: Record<string, never>) => Promise<Awaited<ReturnType<Handlers[K]>>>;

/**
 * Answers the team's "upload now" (`log.uploadRequested` in the user's own room): ships this
 * workstation's logs when the request names no device or names this one. Answers whether it
 * shipped. Failures stay in the log store's status (`lastShipError`), as for the hourly ship.
 */
export async function answerUploadRequest(invoke: Invoke, request: RealtimeEvents['log.uploadRequested']): Promise<boolean> {
  if (request.deviceId !== null) {
    const { deviceId } = await invoke('logs.status', {});
    if (deviceId !== request.deviceId) return false;
  }
  await invoke('logs.shipNow', {});
  return true;
}
