import { LOG_EXTRA_FIELDS, type LogExtraInfo } from '../../../../src-shared/ipc/logs';

const STRING_ONLY = new Set<string>(['userName', 'phone', 'workflowType', 'remark']);

/**
 * The extra-info record as `logs.write` accepts it: only the spec's fields, of the right type.
 * The main process refuses a whole call for one bad field (BAD_ARGS), so a stray value from a
 * caller must not cost the batch it travels in. Runs at flush time, off the hot path.
 */
export function cleanExtra(...parts: (LogExtraInfo | undefined)[]): LogExtraInfo | undefined {
  let out: Record<string, string | number> | undefined;
  for (const part of parts) {
    if (!part) continue;
    for (const key of LOG_EXTRA_FIELDS) {
      const v: unknown = part[key];
      const ok = typeof v === 'string' || (!STRING_ONLY.has(key) && typeof v === 'number' && Number.isFinite(v));
      if (ok) (out ??= {})[key] = v;
    }
  }
  return out;
}
