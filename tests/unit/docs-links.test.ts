/**
 * A fresh clone explains itself (issue 36): every link in README.md, CONTRIBUTING.md and docs/
 * leads to a file of the repository (and, with an anchor, to a heading of it), and no document
 * points outside the clone (../shared, a path above the repository's root).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function markdownFiles(): string[] {
  const docs = fs.readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md')).map((f) => path.join('docs', f));
  return ['README.md', 'CONTRIBUTING.md', 'THIRD-PARTY-NOTICES.md', ...docs].filter((f) => fs.existsSync(path.join(root, f)));
}

/** Links and images of a Markdown text, outside code spans and fenced blocks. */
function linksOf(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');

function anchorsOf(file: string): Set<string> {
  const text = fs.readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const m of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(m[1]!.replace(/`/g, ''));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

describe('the documents of the repository', () => {
  const files = markdownFiles();

  it('are there to walk', () => {
    expect(files).toContain('README.md');
    expect(files).toContain('docs/architecture.md');
    expect(files.length).toBeGreaterThan(20);
  });

  it('link only to files of the repository, and to headings those files have', () => {
    const broken: string[] = [];
    for (const file of files) {
      for (const link of linksOf(fs.readFileSync(path.join(root, file), 'utf8'))) {
        if (/^(https?:|mailto:)/i.test(link)) continue;
        const [target, anchor] = link.split('#') as [string, string | undefined];
        const resolved = target === '' ? path.join(root, file) : path.resolve(root, path.dirname(file), decodeURI(target));
        if (!resolved.startsWith(root + path.sep)) broken.push(`${file}: ${link} is outside the repository`);
        else if (!fs.existsSync(resolved)) broken.push(`${file}: ${link} does not exist`);
        else if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) broken.push(`${file}: ${link} names no heading of ${path.relative(root, resolved)}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('name no place outside the clone, in links or in text', () => {
    const outside = files.flatMap((file) => {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      return /\.\.\/shared\b/.test(text) ? [file] : [];
    });
    expect(outside).toEqual([]);
  });
});
