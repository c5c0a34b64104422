/**
 * THIRD-PARTY-NOTICES.md, made from what the product ships (inventory.ts, models.ts): the models
 * and runtimes, every package with its version and licence, then the licence texts the packages
 * carry, each text once with the packages that carry it. Only from the lockfile and the installed
 * packages' own files, in a fixed order, so the same lockfile makes the same file anywhere.
 */
import fs from 'node:fs';
import path from 'node:path';
import { shippedPackages } from './inventory';
import { SHIPPED_MODELS } from './models';

export const NOTICES_FILE = 'THIRD-PARTY-NOTICES.md';

const LICENCE_FILE = /^(licen[cs]e|copying|notice)(\.(md|txt|markdown))?$/i;

/** The licence and notice files a package carries, their texts joined. */
function licenceText(root: string, dir: string): string | null {
  const folder = path.join(root, dir);
  let names: string[];
  try {
    names = fs.readdirSync(folder).filter((n) => LICENCE_FILE.test(n)).sort();
  } catch {
    return null;
  }
  const texts = names.map((n) => fs.readFileSync(path.join(folder, n), 'utf8').replace(/\r\n/g, '\n').trim()).filter(Boolean);
  return texts.length ? texts.join('\n\n') : null;
}

export function renderNotices(root: string): string {
  const packages = shippedPackages(root);
  const lines: string[] = [
    '# Third-party notices',
    '',
    'Made by `npm run notices` from `package-lock.json` and `scripts/licences/models.ts`; do not edit by hand.',
    'The product itself is under the Apache License 2.0 (`LICENSE`). It ships the models and packages below, each under',
    'its own licence; `npm test` fails when one comes in whose licence conflicts with ours (`scripts/licences/policy.ts`).',
    '',
    '## Models and runtimes',
    '',
    '| model | files | licence | origin |',
    '|---|---|---|---|',
    ...SHIPPED_MODELS.map((m) => `| ${m.name} | ${m.files.map((f) => `\`${f}\``).join(', ')} | ${m.licence} | ${m.origin} |`),
    '',
    `## Packages (${packages.length})`,
    '',
    'Platform builds (marked *optional*) are installed only on their platform; their licence texts are in the packages.',
    '',
    '| package | version | licence |',
    '|---|---|---|',
    ...packages.map((p) => `| ${p.name} | ${p.version} | ${p.licence ?? 'none declared'}${p.optional ? ' *(optional)*' : ''}${p.corrected ? ` (${p.corrected})` : ''} |`),
    '',
    '## Licence texts',
    '',
  ];
  const byText = new Map<string, string[]>();
  const without: string[] = [];
  for (const p of packages.filter((x) => !x.optional)) {
    const text = licenceText(root, p.dir);
    const id = `${p.name}@${p.version}`;
    if (text === null) without.push(`${id} (${p.licence ?? 'none declared'})`);
    else (byText.get(text) ?? byText.set(text, []).get(text)!).push(id);
  }
  for (const [text, ids] of [...byText.entries()].sort((a, b) => a[1][0]!.localeCompare(b[1][0]!))) {
    lines.push(`### ${ids.join(', ')}`, '', '```text', text.replace(/```/g, "'''"), '```', '');
  }
  if (without.length) lines.push('### Packages that carry no licence file', '', 'Their licence is the one their package declares:', '', ...without.map((w) => `- ${w}`), '');
  return `${lines.join('\n')}`;
}
