import { LOG_EXTRA_FIELDS, type LogExtraInfo } from '../../../src-shared/ipc';
import { badArgs } from './badArgs';
import { LOG_LIMITS } from './constants';
import { redact, redactValue } from '../../../src-shared/log/redact';
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
 * `defaults` (the signed-in user) fill the extra-info fields a record leaves out. Every string of
 * a record is redacted, the message and each extra-info field, whoever filled it
 * (src-shared/log/redact.ts); `secrets` are the ones this process holds, caught literally.
 */
export function acceptRecords(args: unknown, now: number, defaults: LogExtraInfo, secrets: readonly string[] = []): RecordColumns {
  const records = (args as { records?: unknown } | null)?.records;
  if (!Array.isArray(records)) throw badArgs('logs.write needs { records: [...] }');
  const n = records.length;
  const out: RecordColumns = { levels: new Array(n), ats: new Array(n), messages: new Array(n), extras: new Array(n) };
  // The signed-in user's fields are the same for every record of the call: redacted once.
  let safeDefaults: LogExtraInfo | null = null;
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
    safeDefaults ??= redactValue(defaults, secrets);
    if (extra === undefined || extra === null) {
      out.extras[i] = defaultsJson ??= JSON.stringify(safeDefaults);
    } else {
      out.extras[i] = JSON.stringify(checkedExtra(extra, safeDefaults, i, secrets));
    }
  }
  return out;
}

/**
 * The record's extra-info fields over the (redacted) defaults, each field it gives redacted as
 * it is copied: every field, not a list of the ones that might carry a secret, so a field added
 * to the record later is covered too.
 */
function checkedExtra(extra: unknown, defaults: LogExtraInfo, i: number, secrets: readonly string[]): LogExtraInfo {
  if (typeof extra !== 'object' || extra === null || Array.isArray(extra)) throw badArgs(`records[${i}].extra must be an object`);
  const merged: Record<string, unknown> = { ...defaults };
  for (const key of Object.keys(extra)) {
    const v = (extra as Record<string, unknown>)[key];
    if (!KNOWN_FIELDS.has(key)) throw badArgs(`records[${i}].extra.${key} is not a field of the extra-info record (${LOG_EXTRA_FIELDS.join(', ')})`);
    if (v === undefined) continue;
    const ok = STRING_FIELDS.has(key) ? typeof v === 'string' : typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
    if (!ok) throw badArgs(`records[${i}].extra.${key} must be a ${STRING_FIELDS.has(key) ? 'string' : 'string or number'}`);
    merged[key] = typeof v === 'string' ? redact(v, secrets) : v;
  }
  return merged as LogExtraInfo;
}
