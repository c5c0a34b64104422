import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md stays true of the tree (issue 36): every repository path it names in
 * backticks exists, it points at nothing outside the clone, and the sections code comments cite
 * ("docs/architecture.md §2", "§3", "§5") keep their numbers. A path with a `<placeholder>` or a
 * `*` is checked up to it: `src-server/routes/<group>/index.ts` needs `src-server/routes/`,
 * `tests/unit/canvas-*.test.ts` needs a name in `tests/unit/` that starts with `canvas-`.
 */
const root = path.resolve(import.meta.dirname, '../..');
const PAGE = 'docs/architecture.md';

/** What counts as a repository path: a top folder's prefix, or a file at the top of the repository. */
const PREFIXES = ['src-', 'tests/', 'bench/', 'scripts/', 'docs/', 'resources/'];
const TOP_LEVEL_FILE = /^(package(-lock)?\.json|tsconfig(\.[\w-]+)?\.json|[\w.-]+\.config\.(js|ts|mjs|cjs)|README\.md|CONTRIBUTING\.md|THIRD-PARTY-NOTICES\.md|LICENSE)$/;

/** The text of every code span and fenced block of a Markdown text. */
function codeTexts(markdown: string): string[] {
  const fences = [...markdown.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].map((m) => m[1]!);
  const prose = markdown.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '');
  const spans = [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
  return [...spans, ...fences];
}

/** The repository paths among the words of those texts (a command's arguments too). */
function namedPaths(markdown: string): string[] {
  const words = codeTexts(markdown).flatMap((t) => t.split(/\s+/));
  const cleaned = words.map((w) => w.replace(/^[("'[]+/, '').replace(/[)"',;:\]]+$/, '')).filter(Boolean);
  return [...new Set(cleaned.filter((w) => PREFIXES.some((p) => w.startsWith(p)) || TOP_LEVEL_FILE.test(w)))];
}

/** Why a named path is not in the repository, or null when it is. */
function problemWith(named: string): string | null {
  const cut = named.search(/[<*]/);
  const fixed = cut === -1 ? named : named.slice(0, cut);
  const full = path.resolve(root, fixed);
  if (full !== root && !full.startsWith(root + path.sep)) return 'is outside the repository';
  if (cut === -1 || fixed.endsWith('/')) {
    if (!fs.existsSync(full)) return 'does not exist';
    if (fixed.endsWith('/') && !fs.statSync(full).isDirectory()) return 'is not a folder';
    return null;
  }
  // `tests/unit/canvas-*.test.ts`: a name in the folder must begin with what comes before the `*`.
  const folder = path.dirname(full);
  const start = path.basename(full);
  if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) return `has no folder ${path.relative(root, folder)}/`;
  return fs.readdirSync(folder).some((entry) => entry.startsWith(start)) ? null : `names nothing in ${path.relative(root, folder)}/ that starts with "${start}"`;
}

describe('docs/architecture.md', () => {
  const text = fs.readFileSync(path.join(root, PAGE), 'utf8');
  const paths = namedPaths(text);

  it('names the code it describes (the reading of paths works)', () => {
    expect(paths.length).toBeGreaterThan(150);
    expect(paths).toContain('eslint.config.js');
    expect(paths).toContain('src-server/app.ts');
  });

  it('names only paths that exist in the repository', () => {
    const missing = paths.flatMap((p) => {
      const problem = problemWith(p);
      return problem ? [`${p} ${problem}`] : [];
    });
    expect(missing).toEqual([]);
  });

  it('points at nothing outside the clone', () => {
    expect(text).not.toMatch(/\.\.\/shared\b/);
    expect(text).not.toMatch(/\/work\/shared\b/);
  });

  it('keeps the section numbers code comments cite: §2 layering, §3 contracts, §5 object storage', () => {
    const headings = [...text.matchAll(/^## (\d+)\. (.+)$/gm)].map((m) => [Number(m[1]), m[2]!] as const);
    expect(headings.map(([n]) => n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const titled = new Map(headings);
    expect(titled.get(2)).toMatch(/layering/i);
    expect(titled.get(3)).toMatch(/contracts/i);
    expect(titled.get(5)).toMatch(/object storage/i);
  });
});
