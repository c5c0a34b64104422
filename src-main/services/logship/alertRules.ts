import type { LogExtraInfo } from '../../../src-shared/ipc';

export type AlertKind = 'quota' | 'permission' | 'database';

/** What one alert says; two alerts with the same title and content are the same alert. */
export interface Alert {
  kind: AlertKind;
  title: string;
  content: string;
}

export const ALERT_TITLES: Record<AlertKind, string> = {
  quota: 'Annotation workstation: storage full',
  permission: 'Annotation workstation: permission denied',
  database: 'Annotation workstation: database error',
};

/**
 * The record patterns that page someone (spec section 1). Checked in this order, so a disk that
 * is full is reported as such even when SQLite words it as an I/O error as well.
 */
const RULES: [AlertKind, RegExp][] = [
  ['quota', /\bSQLITE_FULL\b|database or disk is full|\bdisk (?:is )?full\b|\bENOSPC\b|\bQuotaExceeded(?:Error)?\b|\bquota exceeded\b/i],
  ['database', /\bSQLITE_(?:CORRUPT|IOERR|NOTADB)\w*\b|database disk image is malformed|file is not a database|\blog store failed\b/i],
  [
    'permission',
    /\bE(?:ACCES|PERM)\b|\b(?:HTTP|status)(?: code)?\s*:?\s*40[13]\b|\b40[13]\s+(?:Unauthorized|Forbidden)\b|\bpermission denied\b|\boperation not permitted\b/i,
  ],
];

/** Debug and info records never page anyone, whatever they mention. */
export const ALERT_MIN_LEVEL = 2;

export function alertKindOf(level: number, message: string): AlertKind | null {
  if (level < ALERT_MIN_LEVEL) return null;
  for (const [kind, re] of RULES) if (re.test(message)) return kind;
  return null;
}

const LEVEL_NAMES = ['debug', 'info', 'warn', 'error'];
const MAX_ALERT_MESSAGE = 2000;

/** 13812345678 -> 138****5678: enough to recognise a user, not enough to call them from a group chat. */
export function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

/**
 * How long it took, how often it was tried before, and the call's request id (one per call):
 * `, 12 ms`, ` after 3 retries, 0.31 s`, `, request 3f2a...`.
 */
const VARYING = /(?: after \d+ retr(?:y|ies))?, \d+(?:\.\d+)? ?m?s\b|, request [0-9a-f]{32}\b/g;

/**
 * A record's message as an alert says it: without the duration and retry count, which differ
 * every time the same failure happens (`storage upload k failed: ... after 0 retries, 0.05 s`,
 * `API GET /x failed: HTTP 403 Forbidden, 12 ms`) and would make each occurrence a new alert.
 * The record in the store keeps them.
 */
export function steadyText(message: string): string {
  return message.replace(VARYING, '');
}

/**
 * A full store (or a refused folder) refuses every file of an import: said per folder
 * (`storage upload dataset/3/… failed`), the batch is one alert, not one per file. The record
 * keeps the file's key.
 */
function byFolder(message: string): string {
  return message.replace(/^(storage \w+ )((?:[^\s/]+\/)*)[^\s/]+( failed:)/, '$1$2…$3');
}

/**
 * The alert for a record. The time is left out on purpose, so the same failure repeating is one
 * alert (the receiving chat stamps when it arrived).
 */
export function alertFor(kind: AlertKind, level: number, record: string, extra: LogExtraInfo, app: string): Alert {
  const message = byFolder(steadyText(record));
  const lines = [message.length > MAX_ALERT_MESSAGE ? `${message.slice(0, MAX_ALERT_MESSAGE)}…` : message, `level: ${LEVEL_NAMES[level] ?? level}`];
  if (extra.userId !== undefined || extra.userName !== undefined) {
    const phone = extra.phone ? `, phone ${maskPhone(extra.phone)}` : '';
    lines.push(`user: ${extra.userName ?? '?'} (id ${extra.userId ?? '?'}${phone})`);
  }
  const where = (
    [
      ['project', extra.projectId],
      ['task', extra.taskId],
      ['workflow', extra.workflowId !== undefined && extra.workflowType ? `${extra.workflowId} (${extra.workflowType})` : extra.workflowId],
      ['subject', extra.subjectId],
      ['subject data', extra.subjectDataId],
    ] as const
  )
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k} ${v}`);
  if (where.length) lines.push(where.join(', '));
  if (extra.remark) lines.push(`remark: ${extra.remark}`);
  lines.push(`app: ${app}`);
  return { kind, title: ALERT_TITLES[kind], content: lines.join('\n') };
}
