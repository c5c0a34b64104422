import { WORK_PACKAGE_SETTINGS } from '../../../src-shared/model/workPackageSettings';
import { badArgs } from '../logstore/badArgs';

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const field = (args: unknown, name: string): unknown => (args as Record<string, unknown> | null)?.[name];

/** A positive integer id named `name` in the call's arguments, or BAD_ARGS. */
export function idArg(args: unknown, name: string): number {
  const v = field(args, name);
  if (!isId(v)) throw badArgs(`${name} must be a positive integer`);
  return v;
}

/** packages.take's size: absent, or 1 to the largest package a project may allow (the server caps it by the project's own). */
export function sizeArg(args: unknown): number | undefined {
  const v = field(args, 'size');
  if (v === undefined) return undefined;
  const { min, max } = WORK_PACKAGE_SETTINGS.packageSize;
  if (!Number.isSafeInteger(v) || (v as number) < min || (v as number) > max) throw badArgs(`size must be an integer from ${min} to ${max}`, RangeError);
  return v as number;
}

/** packages.return's item ids: absent (every one the caller may give back), or a non-empty list of distinct ids. */
export function idsArg(args: unknown): number[] | undefined {
  const v = field(args, 'taskSubjectIds');
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || v.length === 0 || !v.every(isId)) throw badArgs('taskSubjectIds must be a non-empty list of positive integers');
  if (new Set(v).size !== v.length) throw badArgs('taskSubjectIds must not repeat an id');
  return v;
}
