/**
 * The wait a refused call names in its error data (`{ retryAfterSeconds }`, every 429 of the
 * sign-in limits), in whole seconds, or null when it names none.
 */
export function retryAfterOf(err: unknown): number | null {
  const body = typeof err === 'object' && err !== null ? (err as { body?: unknown }).body : undefined;
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  const seconds = typeof data === 'object' && data !== null ? (data as { retryAfterSeconds?: unknown }).retryAfterSeconds : undefined;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}

/** Whether the password path is paused for this number and the SMS code is the way in. */
export function passwordLocked(err: unknown): boolean {
  const body = typeof err === 'object' && err !== null ? (err as { body?: unknown }).body : undefined;
  return typeof body === 'object' && body !== null && (body as { msg?: unknown }).msg === 'error.user.passwordLocked';
}
