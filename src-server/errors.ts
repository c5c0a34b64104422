import { ERROR_KEYS, errorMsg, type ErrorKey } from '../src-shared/api/errors';

/** A failure the client should see: becomes `{ code, msg: 'error.<key>', data }`. */
export class AppError extends Error {
  readonly code: number;
  readonly msg: string;
  constructor(
    readonly key: ErrorKey,
    readonly data: unknown = null,
  ) {
    super(key);
    this.name = 'AppError';
    this.code = ERROR_KEYS[key];
    this.msg = errorMsg(key);
  }
}
