import { LOG_EXTRA_FIELDS, type LogExtraInfo } from '../../../src-shared/ipc';
import { badArgs } from './badArgs';
import { LOG_LIMITS } from './constants';
import { redact } from './redact';
import type { RecordColumns } from './writeQueue';

/** Who is signed in, as far as the logger cares; the session's project and task when known. */
export interface LogUser {
  id: number;
  name: string;
  mobile: string;
  projectId?: number;
  taskId?: number;
}

/** The extra-info fields every record of this user gets unless it says otherwise. */
export function userExtra(user: LogUser | null): LogExtraInfo {
  if (!user) return {};
  const e: LogExtraInfo = { userId: user.id, userName: user.name, phone: user.mobile };
  if (user.projectId !== undefined) e.projectId = user.projectId;
  if (user.taskId !== undefined) e.taskId = user.taskId;
  return e;
}

const STRING_FIELDS = new Set<string>(['userName', 'phone', 'workflowType', 'remark']);
const KNOWN_FIELDS = new Set<string>(LOG_EXTRA_FIELDS);
const MAX_AT = 8.64e15; // the last instant a JS Date can hold

/**
 * Checks a `logs.write` argument and turns it into columns for the queue. All or nothing: one
 * bad record refuses the whole call with a BAD_ARGS error saying which record and why.
 * `defaults` (the signed-in user) fill the extra-info fields a record leaves out. Message and
 * remark are redacted (redact.ts); `secrets` are the ones this process holds, caught literally.
 */
export function acceptRecords(args: unknown, now: number, defaults: LogExtraInfo, secrets: readonly string[] = []): RecordColumns {
  const records = (args as { records?: unknown } | null)?.records;
  if (!Array.isArray(records)) throw badArgs('logs.write needs { records: [...] }');
  const n = records.length;
  const out: RecordColumns = { levels: new Array(n), ats: new Array(n), messages: new Array(n), extras: new Array(n) };
  let defaultsJson: string | null = null;
  for (let i = 0; i < n; i++) {
    const r = records[i] as { level?: unknown; message?: unknown; at?: unknown; extra?: unknown } | null;
    if (typeof r !== 'object' || r === null) throw badArgs(`records[${i}] must be an object`);
    const { level, message, at, extra } = r;
    if (level !== 0 && level !== 1 && level !== 2 && level !== 3) {
      throw badArgs(`records[${i}].level must be 0 to 3 (debug, info, warn, error), got ${String(level)}`, RangeError);
    }
    if (typeof message !== 'string') throw badArgs(`records[${i}].message must be a string`);
    if (at !== undefined && (typeof at !== 'number' || !Number.isSafeInteger(at) || at < 0 || at > MAX_AT)) {
      throw badArgs(`records[${i}].at must be epoch milliseconds (a whole number >= 0), got ${String(at)}`, RangeError);
    }
    out.levels[i] = level;
    out.ats[i] = at ?? now;
    out.messages[i] = redact(message.length > LOG_LIMITS.maxMessageChars ? message.slice(0, LOG_LIMITS.maxMessageChars) : message, secrets);
    if (extra === undefined || extra === null) {
      out.extras[i] = defaultsJson ??= JSON.stringify(defaults);
    } else {
      const checked = checkedExtra(extra, defaults, i);
      if (checked.remark !== undefined) checked.remark = redact(checked.remark, secrets);
      out.extras[i] = JSON.stringify(checked);
    }
  }
  return out;
}

function checkedExtra(extra: unknown, defaults: LogExtraInfo, i: number): LogExtraInfo {
  if (typeof extra !== 'object' || extra === null || Array.isArray(extra)) throw badArgs(`records[${i}].extra must be an object`);
  const merged: Record<string, unknown> = { ...defaults };
  for (const key of Object.keys(extra)) {
    const v = (extra as Record<string, unknown>)[key];
    if (!KNOWN_FIELDS.has(key)) throw badArgs(`records[${i}].extra.${key} is not a field of the extra-info record (${LOG_EXTRA_FIELDS.join(', ')})`);
    if (v === undefined) continue;
    const ok = STRING_FIELDS.has(key) ? typeof v === 'string' : typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
    if (!ok) throw badArgs(`records[${i}].extra.${key} must be a ${STRING_FIELDS.has(key) ? 'string' : 'string or number'}`);
    merged[key] = v;
  }
  return merged as LogExtraInfo;
}
