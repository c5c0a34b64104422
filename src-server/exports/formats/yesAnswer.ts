/** What reads as "yes" in an answer to a flag-like attribute (VOC's truncated, difficult, occluded; COCO's is_crowd). */
import type { NamedAnswer } from './attributeKeys';

const YES = new Set(['yes', 'true', '1', 'y', '是']);
const NO = new Set(['no', 'false', '0', 'n', '否']);

export const isYes = (v: NamedAnswer | undefined): boolean =>
  v === true || (typeof v === 'number' && v !== 0) || (typeof v === 'string' && YES.has(v.trim().toLowerCase()));

/** What reads as "no": the other side of isYes. */
export const isNo = (v: NamedAnswer | undefined): boolean =>
  v === false || v === 0 || (typeof v === 'string' && NO.has(v.trim().toLowerCase()));

/** Whether the answers by name (attributeKeys.ts) say yes to the attribute of this (English) name, compared trimmed and ignoring case. */
export function answeredYes(named: Readonly<Record<string, NamedAnswer>>, name: string): boolean {
  return Object.entries(named).some(([k, v]) => k.trim().toLowerCase() === name && isYes(v));
}
