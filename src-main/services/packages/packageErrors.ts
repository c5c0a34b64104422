import type { PackageErrorCode } from '../../../src-shared/ipc';
import { ServerCallError } from '../session';

/** A failure of the packages service as plain data for the renderer: `{ name: 'PackageError', message, code }`. */
export function packageError(code: PackageErrorCode, message: string): Error & { code: PackageErrorCode } {
  const err = Object.assign(new Error(message), { code });
  err.name = 'PackageError';
  return err;
}

/**
 * A failed call to the team server as the renderer should read it: no answer at all (or a
 * gateway's 5xx) is PACKAGE_OFFLINE, an ended session PACKAGE_SIGNED_OUT; the server's own
 * refusals (not a member, a started item...) pass on as they are, with their message key.
 */
export function serverFailure(err: unknown): unknown {
  if (!(err instanceof ServerCallError)) return packageError('PACKAGE_OFFLINE', `the team server cannot be reached: ${err instanceof Error ? err.message : String(err)}`);
  if (err.status === 401) return packageError('PACKAGE_SIGNED_OUT', 'the session has ended: sign in again');
  if (err.status >= 500 || err.status === 408 || err.status === 429) return packageError('PACKAGE_OFFLINE', `the team server did not answer (${err.status} ${err.message})`);
  return err;
}

/** `{ code, message }` of any failure, for a package's stored error and its progress event. */
export function errorData(err: unknown): { code: string; message: string } {
  const e = err as { code?: unknown; message?: unknown } | null;
  return { code: typeof e?.code === 'string' || typeof e?.code === 'number' ? String(e.code) : 'PACKAGE_OFFLINE', message: typeof e?.message === 'string' ? e.message : String(err) };
}
