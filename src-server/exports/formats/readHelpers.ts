/** Small checks the readers share, each failing with the file and the field it looked at. */
import { badFormat } from './formatError';
import type { ImportedItem } from './types';

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseJson(file: string, data: Buffer): unknown {
  try {
    return JSON.parse(data.toString('utf8'));
  } catch (err) {
    throw badFormat(file, `not valid JSON (${(err as Error).message})`);
  }
}

export function finiteNumbers(file: string, field: string, v: unknown, count?: number): number[] {
  if (!Array.isArray(v) || !v.every((n) => typeof n === 'number' && Number.isFinite(n)) || (count !== undefined && v.length !== count)) {
    throw badFormat(file, `${field} must be ${count ?? 'a list of'} numbers`, { field });
  }
  return v as number[];
}

/** Label names in the order the file first uses them. */
export function labelNamesOf(items: readonly ImportedItem[]): string[] {
  const names = new Set<string>();
  for (const item of items) for (const frame of item.frames) for (const o of frame.objects) names.add(o.label);
  return [...names];
}
