import type { LogUploadRegisterBody } from '../../../src-shared/api/log';
import type { DeviceIdentity } from './device';
import type { LogZipRegistrar } from './registrations';

/** POST /core/log/upload with the signed-in user's token (the session's server client). */
export type RegisterUploadCall = (body: LogUploadRegisterBody) => Promise<unknown>;

/**
 * Answers the team server gives for good: the object is not there or not that size, the key or
 * the meta are refused. Retrying would get the same answer, so the zip is not kept for it.
 */
const FINAL_REFUSALS = new Set(['error.log.objectMissing', 'error.log.sizeMismatch', 'error.log.keyNotYours', 'error.obs.invalidKey', 'error.validation', 'error.textNotAllowed']);

/** The shipper's registrar: each uploaded zip told to the team server, with this workstation's id and name. */
export function registerWithServer(call: RegisterUploadCall, device: DeviceIdentity): LogZipRegistrar {
  return async (z) => {
    try {
      await call({
        key: z.key,
        sizeBytes: z.sizeBytes,
        deviceId: device.deviceId,
        deviceName: device.deviceName,
        records: z.records,
        firstAt: z.firstAt,
        lastAt: z.lastAt,
        levels: z.levels,
      });
    } catch (err) {
      if (err instanceof Error && FINAL_REFUSALS.has(err.message)) return;
      throw err;
    }
  };
}
