import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { resources } from '../../src-renderer/src/i18n/resources';
import { stepName } from '../../src-renderer/src/app/stepName';

type Tree = { [key: string]: string | Tree };

/** Every leaf of a resource tree as a dotted key, with its text. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [lk, lv] of leaves(v, key)) out.set(lk, lv);
  }
  return out;
}

const en = leaves(resources['en-US'].translation as Tree);
const zh = leaves(resources['zh-CN'].translation as Tree);
const usesCount = (text: string) => /\{\{\s*count\s*[,}]/.test(text);
const PLURAL = /_(one|other)$/;

/**
 * A number interpolated right before an English plural noun ("{{total}} projects") reads wrong
 * at 1 unless it is i18next's `count` with plural forms. These names carry words, not numbers.
 */
const WORD_VARIABLES = new Set([
  // limits: constants well above one ("at most {{max}} characters")
  'max', 'min',
  'name', 'names', 'role', 'reason', 'format', 'tool', 'team', 'label', 'feature', 'features', 'group', 'action', 'page', 'path', 'folder', 'list', 'value', 'when', 'why', 'message', 'status', 'size', 'items', 'objects', 'frames', 'records', 'zips',
  // key names as the platform writes them (Esc, Enter, ⌫): words, not numbers
  'esc', 'enter', 'backspace', 'shift', 'alt']);

async function instance(lng: string) {
  const i18n = i18next.createInstance();
  await i18n.init({ resources, lng, fallbackLng: false, initAsync: false, interpolation: { escapeValue: false } });
  return i18n;
}

describe('plural and number rules of the renderer texts', () => {
  it('gives every English text that interpolates a count its _one and _other forms', () => {
    const problems: string[] = [];
    for (const [key, text] of en) {
      if (usesCount(text) && !PLURAL.test(key)) problems.push(`${key}: counts without plural forms`);
      const base = key.replace(PLURAL, '');
      if (key.endsWith('_other') && !en.has(`${base}_one`)) problems.push(`${key}: no ${base}_one`);
      if (key.endsWith('_one') && !en.has(`${base}_other`)) problems.push(`${key}: no ${base}_other`);
    }
    expect(problems).toEqual([]);
  });

  it('puts no other number variable before an English plural noun', () => {
    const problems: string[] = [];
    for (const [key, text] of en) {
      for (const m of text.matchAll(/\{\{\s*(\w+)[^}]*\}\}\s+(?!(?:is|was|has|ms)\b)([a-z]+s)\b/g)) {
        if (m[1] !== 'count' && !WORD_VARIABLES.has(m[1]!)) problems.push(`${key}: {{${m[1]}}} ${m[2]}`);
      }
      if (/[a-z](?<!http)\(s\)/.test(text)) problems.push(`${key}: "(s)" instead of plural forms`);
    }
    expect(problems).toEqual([]);
  });

  it('keeps Chinese counted texts in the one form Chinese has (_other), key for key with English', () => {
    const problems: string[] = [];
    for (const [key, text] of zh) {
      if (key.endsWith('_one')) problems.push(`${key}: Chinese has no "one" form`);
      if (usesCount(text) && !key.endsWith('_other')) problems.push(`${key}: counts without _other`);
    }
    for (const key of en.keys()) if (key.endsWith('_one') && !zh.has(key.replace(/_one$/, '_other'))) problems.push(`${key}: no Chinese _other`);
    expect(problems).toEqual([]);
  });

  it('formats every count as a number of the language (thousands separators)', () => {
    const raw = [...en, ...zh].filter(([, text]) => /\{\{\s*count\s*\}\}/.test(text)).map(([key]) => key);
    expect(raw).toEqual([]);
  });

  it.each([
    ['en-US', 'ontology.labelCount', ['0 labels', '1 label', '2 labels', '1,000 labels']],
    ['zh-CN', 'ontology.labelCount', ['0 个标签', '1 个标签', '2 个标签', '1,000 个标签']],
    ['en-US', 'projects.total', ['0 projects', '1 project', '2 projects', '1,000 projects']],
    ['zh-CN', 'projects.total', ['共 0 个项目', '共 1 个项目', '共 2 个项目', '共 1,000 个项目']],
    ['en-US', 'notes.resolved', ['0 notes marked resolved', '1 note marked resolved', '2 notes marked resolved', '1,000 notes marked resolved']],
    ['en-US', 'common.count.frames', ['0 frames', '1 frame', '2 frames', '1,000 frames']],
    ['zh-CN', 'common.count.frames', ['0 帧', '1 帧', '2 帧', '1,000 帧']],
  ] as const)('%s says %s for 0, 1, 2 and 1000', async (lng, key, expected) => {
    const i18n = await instance(lng);
    expect([0, 1, 2, 1000].map((count) => i18n.t(key, { count }))).toEqual(expected);
  });

  it('names a step nobody named in the reader\'s language, and a named step as typed', async () => {
    const zhT = (await instance('zh-CN')).t;
    const enT = (await instance('en-US')).t;
    expect(stepName(zhT, { type: 'review', name: '', stepIndex: 1 })).toBe('审核 2');
    expect(stepName(enT, { type: 'annotate', name: '', stepIndex: 0 })).toBe('Annotate 1');
    expect(stepName(zhT, { type: 'review', name: 'QA pass', stepIndex: 3 })).toBe('QA pass');
  });
});
