/** An error a caller caused: dispatch passes `code` on, so the renderer can tell it from a failure of ours. */
export function badArgs(message: string, Kind: ErrorConstructor | RangeErrorConstructor | TypeErrorConstructor = TypeError): Error & { code: 'BAD_ARGS' } {
  return Object.assign(new Kind(message), { code: 'BAD_ARGS' as const });
}

/** The log store cannot serve calls (it failed to open, or its worker died). */
export function storeUnavailable(reason: string): Error & { code: 'LOG_STORE_UNAVAILABLE' } {
  return Object.assign(new Error(`the log store is unavailable: ${reason}`), { code: 'LOG_STORE_UNAVAILABLE' as const });
}

/** `logs.setLevel` from a page on another computer: the level is the machine's, set from the machine. */
export function levelRefused(): Error & { code: 'LOG_LEVEL_REMOTE' } {
  // a host refusal (src-shared/ipc/hostErrors.ts), translated as the other remote-page ones
  return Object.assign(new Error('the log level can only be changed from this computer'), { code: 'LOG_LEVEL_REMOTE' as const });
}
