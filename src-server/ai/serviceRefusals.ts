import { SERVICE_ERROR_CODES } from '../../src-shared/ai/protocol';
import { AppError } from '../errors';

const KNOWN = new Set<string>(SERVICE_ERROR_CODES);

/** The service's words, only from the operator's own service and only in a line's worth. */
const words = (json: unknown, trusted: boolean): { message?: string } => {
  if (!trusted) return {};
  const m = (json as { message?: unknown } | null)?.message;
  return typeof m === 'string' && m ? { message: m.slice(0, 500) } : {};
};

/**
 * A model service's non-2xx answer as the server's own translated refusal (docs/ai.md, "Errors").
 *
 * - What the request asked for that the service could not do is the client's to fix: a 4xx
 *   (`ai.requestRefused` for a prompt or body the model cannot use, `ai.imageUnreadable`,
 *   `ai.modelInvalid`; a model the service no longer has is `ai.modelNotReady`).
 * - The service's own trouble is a 5xx: busy (503 `ai.serviceBusy`, try again), anything else
 *   (its 5xx, a refused key, an answer outside the protocol) `ai.serviceRefused` (502).
 *
 * Of a team's service only the status class and a code the protocol defines reach the client:
 * never its message or an unknown code, so an address that answers something is not a way to
 * read what it says.
 */
export function refusalOf(status: number, json: unknown, o: { service: string; trusted: boolean; frameId?: number }): AppError {
  const raw = (json as { code?: unknown } | null)?.code;
  const code = typeof raw === 'string' && KNOWN.has(raw) ? raw : null;
  const said = words(json, o.trusted);
  const statusClass = `${Math.floor(status / 100)}xx`;
  if (code === 'imageUnreadable') return new AppError('ai.imageUnreadable', { ...(o.frameId ? { frameId: o.frameId } : {}), ...said });
  if (code === 'modelInvalid') return new AppError('ai.modelInvalid', { ...said });
  if (code === 'badRequest' && status >= 400 && status < 500) return new AppError('ai.requestRefused', { service: o.service, code, ...said });
  if (code === 'unknownModel') return new AppError('ai.modelNotReady', { state: 'unknownToService' });
  if (code === 'busy' || status === 503 || status === 429) return new AppError('ai.serviceBusy', { service: o.service });
  return new AppError('ai.serviceRefused', { service: o.service, status: statusClass, ...(code ? { code } : {}), ...said });
}
