import path from 'node:path';
import { LOG_CLEAR_DEFAULT_DAYS, LOG_THRESHOLDS, type LogExportArgs, type LogQuery, type LogThreshold } from '../../../src-shared/ipc';
import { badArgs } from './badArgs';

/** Argument checks of the logs.* handlers: anything else than the contract says is BAD_ARGS. */

type Obj = Record<string, unknown>;

function objectArg(args: unknown, method: string): Obj {
  if (args === undefined || args === null) return {};
  if (typeof args !== 'object' || Array.isArray(args)) throw badArgs(`${method} takes an object`);
  return args as Obj;
}

function onlyKeys(a: Obj, method: string, allowed: string[]): void {
  const extra = Object.keys(a).filter((k) => !allowed.includes(k));
  if (extra.length) throw badArgs(`${method} does not take ${extra.join(', ')}${allowed.length ? ` (it takes ${allowed.join(', ')})` : ''}`);
}

function epochMs(v: unknown, what: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw badArgs(`${what} must be epoch milliseconds, got ${String(v)}`);
  return v;
}

function level(v: unknown, what: string): 0 | 1 | 2 | 3 {
  if (v !== 0 && v !== 1 && v !== 2 && v !== 3) throw badArgs(`${what} must be 0 to 3 (debug, info, warn, error), got ${String(v)}`, RangeError);
  return v;
}

export function queryArgs(args: unknown): LogQuery {
  const a = objectArg(args, 'logs.query');
  onlyKeys(a, 'logs.query', ['minLevel', 'from', 'to', 'search', 'limit']);
  const q: LogQuery = {};
  if (a.minLevel !== undefined) q.minLevel = level(a.minLevel, 'minLevel');
  if (a.from !== undefined) q.from = epochMs(a.from, 'from');
  if (a.to !== undefined) q.to = epochMs(a.to, 'to');
  if (a.search !== undefined) {
    if (typeof a.search !== 'string') throw badArgs('search must be a string');
    q.search = a.search;
  }
  if (a.limit !== undefined) {
    if (!Number.isInteger(a.limit) || (a.limit as number) < 1) throw badArgs(`limit must be a whole number >= 1, got ${String(a.limit)}`, RangeError);
    q.limit = a.limit as number;
  }
  return q;
}

/** Days of `logs.clear`; 0 deletes everything stamped before now. */
export function clearDays(args: unknown): number {
  const a = objectArg(args, 'logs.clear');
  onlyKeys(a, 'logs.clear', ['olderThanDays']);
  if (a.olderThanDays === undefined) return LOG_CLEAR_DEFAULT_DAYS;
  const d = a.olderThanDays;
  if (typeof d !== 'number' || !Number.isFinite(d) || d < 0) throw badArgs(`olderThanDays must be a number of days >= 0, got ${String(d)}`, RangeError);
  return d;
}

export function exportArgs(args: unknown): Required<Omit<LogExportArgs, 'minLevel'>> & { minLevel: number } {
  const a = objectArg(args, 'logs.export');
  onlyKeys(a, 'logs.export', ['from', 'to', 'minLevel', 'file']);
  const from = epochMs(a.from, 'from');
  const to = epochMs(a.to, 'to');
  if (from > to) throw badArgs(`from (${from}) is after to (${to})`, RangeError);
  const minLevel = a.minLevel === undefined ? 0 : level(a.minLevel, 'minLevel');
  if (typeof a.file !== 'string' || a.file.trim() === '') throw badArgs('file must be the path of the zip to write');
  if (!path.isAbsolute(a.file)) throw badArgs(`file must be an absolute path, got ${a.file}`);
  if (a.file.includes('\0')) throw badArgs('file must not contain NUL characters');
  return { from, to, minLevel, file: path.normalize(a.file) };
}

/** The threshold of `logs.setLevel`: one of debug, info, warn, error, off. */
export function thresholdArg(args: unknown): LogThreshold {
  const a = objectArg(args, 'logs.setLevel');
  onlyKeys(a, 'logs.setLevel', ['level']);
  if (!(LOG_THRESHOLDS as readonly unknown[]).includes(a.level)) throw badArgs(`level must be one of ${LOG_THRESHOLDS.join(', ')}, got ${String(a.level)}`, RangeError);
  return a.level as LogThreshold;
}

/** For methods that take nothing. */
export function noArgs(args: unknown, method: string): void {
  onlyKeys(objectArg(args, method), method, []);
}
