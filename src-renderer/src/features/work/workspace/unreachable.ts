import { GATEWAY_DOWN_STATUSES } from '../../../app/apiClient';
import { CLIENT_MESSAGE_KEYS } from '../../../app/messageKey';

/**
 * Whether a failure means the team server could not be reached (so the work waits on this
 * computer and the annotator goes on), rather than a refusal the annotator must act on: the
 * journal's JOURNAL_OFFLINE, a request that got no answer, or a gateway with nothing behind it.
 */
export function isServerUnreachable(err: unknown): boolean {
  const e = (typeof err === 'object' && err !== null ? err : {}) as { code?: unknown; msgKey?: unknown; status?: unknown };
  return e.code === 'JOURNAL_OFFLINE' || e.msgKey === CLIENT_MESSAGE_KEYS.network || (typeof e.status === 'number' && GATEWAY_DOWN_STATUSES.has(e.status));
}
