import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';

/** File-system codes of an object and a folder wanting the same name, should a store let one through. */
const CONFLICT_CODES = new Set(['ENOTDIR', 'EISDIR', 'EEXIST', 'ENOTEMPTY']);

/**
 * A store failure as the client should see it: a missing object is 404, a key clashing with
 * a folder on local disk is 409 (both with the key), anything else the store did is 502
 * (logged), so an outage of the object store never reads as a bug of ours or of the caller's.
 */
export function storageFailure(req: FastifyRequest, err: unknown): AppError {
  if (err instanceof AppError) return err;
  const { code, key } = (err ?? {}) as { code?: unknown; key?: unknown };
  const data = typeof key === 'string' ? { key } : null;
  if (code === 'NoSuchKey') return new AppError('obs.objectNotFound', data);
  if (code === 'KeyConflict' || (typeof code === 'string' && CONFLICT_CODES.has(code))) return new AppError('obs.keyConflict', data);
  req.log.error({ err }, 'object store failure');
  return new AppError('obs.storageFailed');
}

/** Runs one store call, failures mapped by storageFailure. */
export async function storageCall<T>(req: FastifyRequest, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw storageFailure(req, err);
  }
}
