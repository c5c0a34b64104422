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

/**
 * A list of ids: absent (packages.return: every item the caller may give back; packages.lostExport:
 * every lost item), or a non-empty list of distinct ids.
 */
export function idsArg(args: unknown, name = 'taskSubjectIds'): number[] | undefined {
  const v = field(args, name);
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || v.length === 0 || !v.every(isId)) throw badArgs(`${name} must be a non-empty list of positive integers`);
  if (new Set(v).size !== v.length) throw badArgs(`${name} must not repeat an id`);
  return v;
}

/** The same, required. */
export function requiredIdsArg(args: unknown, name: string): number[] {
  const ids = idsArg(args, name);
  if (!ids) throw badArgs(`${name} must be a non-empty list of positive integers`);
  return ids;
}

/** The file to write (already resolved inside the chosen folders by the path guard). */
export function fileArg(args: unknown): string {
  const v = field(args, 'file');
  if (typeof v !== 'string' || v === '') throw badArgs('file must be a non-empty path');
  return v;
}
