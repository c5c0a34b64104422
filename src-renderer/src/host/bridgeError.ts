import type { PlainError } from '../../../src-shared/api/errors';

/** A main-process failure as the renderer sees it, rebuilt from plain data. */
export class BridgeError extends Error implements PlainError {
  readonly code: string | number;
  readonly params: Record<string, string | number>;
  constructor(e: PlainError) {
    super(e.message);
    this.name = e.name;
    this.code = e.code;
    this.params = e.params ?? {};
  }
}
