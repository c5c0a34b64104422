import { Mobile } from '../../../../../src-shared/api/user';

const MOBILE = new RegExp((Mobile as { pattern?: string }).pattern ?? '');

/** The most numbers one invitation or add call takes (src-shared/api/invite.ts, team.ts). */
export const MAX_MOBILES = 100;

/**
 * Numbers as people paste them: one per line or separated by commas, semicolons or spaces,
 * with dashes, dots and brackets inside ("138-0013-8000"). Repeats count once, in order.
 */
export function parseMobiles(text: string): { valid: string[]; invalid: string[] } {
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const token of text.split(/[\s,;，；、]+/)) {
    const cleaned = token.replace(/[-.()（）]/g, '');
    if (!cleaned) continue;
    const list = MOBILE.test(cleaned) ? valid : invalid;
    if (!list.includes(cleaned)) list.push(cleaned);
  }
  return { valid, invalid };
}
