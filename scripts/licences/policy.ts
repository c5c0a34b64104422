/**
 * Which licences may ship with the product (LICENSE: Apache-2.0, docs/decisions.md). Permissive
 * licences are fine as they are. Weak copyleft is fine for a library used unmodified as a
 * separate part a user can replace (LGPL: libvips, loaded by sharp as a shared library; MPL-2.0:
 * file-level, mediabunny's files shipped as they are) with its notice kept. Strong copyleft
 * (GPL, AGPL, SSPL, EUPL), non-commercial or no-derivatives terms, and anything unknown conflict:
 * a team's lawyers would have to read each, so the check stops at them.
 */

export const PERMISSIVE = new Set([
  'MIT', 'MIT-0', 'ISC', 'Apache-2.0', 'BSD-2-Clause', 'BSD-3-Clause', '0BSD', 'BlueOak-1.0.0', 'CC0-1.0', 'Unlicense', 'Zlib', 'CC-BY-4.0', 'Python-2.0', 'BSL-1.0',
]);
export const WEAK_COPYLEFT = new Set(['LGPL-2.1-only', 'LGPL-2.1-or-later', 'LGPL-3.0-only', 'LGPL-3.0-or-later', 'MPL-2.0']);

export type Verdict = { ok: true; weak: boolean } | { ok: false; why: string };

type Token = '(' | ')' | 'AND' | 'OR' | string;

const tokens = (expr: string): Token[] => expr.replace(/\(/g, ' ( ').replace(/\)/g, ' ) ').trim().split(/\s+/).filter(Boolean);

/**
 * An SPDX expression judged: `A OR B` is fine when one side is (the product picks it), `A AND B`
 * when both are; `WITH` exceptions are judged by the licence they except from.
 */
export function judge(expr: string | null | undefined): Verdict {
  if (!expr) return { ok: false, why: 'no licence declared' };
  const list = tokens(expr);
  let at = 0;
  const primary = (): Verdict => {
    const t = list[at++];
    if (t === '(') {
      const v = orExpr();
      if (list[at++] !== ')') return { ok: false, why: `unbalanced "${expr}"` };
      return v;
    }
    if (t === undefined) return { ok: false, why: `incomplete "${expr}"` };
    if (list[at] === 'WITH') at += 2;
    if (PERMISSIVE.has(t)) return { ok: true, weak: false };
    if (WEAK_COPYLEFT.has(t)) return { ok: true, weak: true };
    return { ok: false, why: t };
  };
  const andExpr = (): Verdict => {
    let v = primary();
    while (list[at] === 'AND') {
      at++;
      const w = primary();
      v = !v.ok ? v : !w.ok ? w : { ok: true, weak: v.weak || w.weak };
    }
    return v;
  };
  const orExpr = (): Verdict => {
    let v = andExpr();
    while (list[at] === 'OR') {
      at++;
      const w = andExpr();
      // the better of the two: a permissive choice over a weak one over a conflict
      v = v.ok && (!v.weak || !w.ok || w.weak) ? v : w;
    }
    return v;
  };
  const verdict = orExpr();
  return at === list.length ? verdict : { ok: false, why: `cannot read "${expr}"` };
}
