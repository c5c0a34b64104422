import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { ERROR_KEYS, errorMsg, type ErrorKey } from '../../src-shared/api/errors';
import { CLIENT_MESSAGE_KEYS, messageKeyOf } from '../../src-renderer/src/app/messageKey';
import { BridgeError } from '../../src-renderer/src/host/bridgeError';
import { STORAGE_MESSAGES } from '../../src-shared/ipc/storageErrors';
import { resources } from '../../src-renderer/src/i18n/resources';
import { LANGUAGES, browserLanguage } from '../../src-renderer/src/i18n/language';

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

/** Keys containing the separator would be unreachable with i18next's keySeparator '.'. */
function segmentsWithDots(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => [
    ...(k.includes('.') ? [`${prefix}${k}`] : []),
    ...(typeof v === 'string' ? [] : segmentsWithDots(v, `${prefix}${k}.`)),
  ]);
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

const locales = Object.entries(resources).map(([lng, r]) => ({ lng, tree: r.translation as Tree, keys: leaves(r.translation as Tree) }));
const serverKeys = (Object.keys(ERROR_KEYS) as ErrorKey[]).map(errorMsg);
const clientKeys = Object.values(CLIENT_MESSAGE_KEYS);

describe('renderer locales', () => {
  it("the access-key page's language is the first of the browser's the interface has", () => {
    expect(browserLanguage(['en-GB', 'zh-CN'])).toBe('en-US');
    expect(browserLanguage(['fr-FR', 'zh-TW', 'en-US'])).toBe('zh-CN');
    expect(browserLanguage(['fr-FR', 'de'])).toBeNull();
  });

  it('has a resource file for every language the switch offers', () => {
    expect(Object.keys(resources).sort()).toEqual(LANGUAGES.map((l) => l.code).sort());
  });

  it.each(locales.flatMap((a) => locales.filter((b) => b !== a).map((b) => [a.lng, b.lng, a, b] as const)))(
    '%s has every key %s has',
    (_a, _b, a, b) => {
      // English alone has `_one` forms: Chinese has one plural category (tests/unit/i18n-plurals.test.ts).
      const missing = [...b.keys.keys()].filter((k) => !a.keys.has(k) && !(k.endsWith('_one') && a.keys.has(k.replace(/_one$/, '_other'))));
      expect(missing).toEqual([]);
    },
  );

  it.each(locales.map((l) => [l.lng, l] as const))('%s translates every message key the server can send', (_lng, l) => {
    expect(serverKeys.filter((k) => !l.keys.has(k))).toEqual([]);
  });

  it.each(locales.map((l) => [l.lng, l] as const))('%s translates every client-side failure key', (_lng, l) => {
    expect(clientKeys.filter((k) => !l.keys.has(k))).toEqual([]);
  });

  it.each(locales.map((l) => [l.lng, l] as const))('%s has no empty text and no dotted key segment', (_lng, l) => {
    expect([...l.keys].filter(([, text]) => text.trim() === '').map(([k]) => k)).toEqual([]);
    expect(segmentsWithDots(l.tree)).toEqual([]);
  });

  it('uses the same interpolation variables in every locale', () => {
    const [first, ...rest] = locales;
    for (const other of rest) {
      for (const [key, text] of first!.keys) {
        expect({ key, vars: placeholders(other.keys.get(key) ?? '') }).toEqual({ key, vars: placeholders(text) });
      }
    }
  });

  it('has every key the renderer source asks for with a literal t(...)', () => {
    const root = path.join(import.meta.dirname, '../../src-renderer/src');
    const files = fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f));
    const used = new Set(
      files.flatMap((f) => [...fs.readFileSync(path.join(root, f), 'utf8').matchAll(/\bt\(\s*'([a-zA-Z][\w.]*)'/g)].map((m) => m[1]!)),
    );
    expect(used.size).toBeGreaterThan(20);
    // A counted text is asked for by its base key; i18next adds the plural suffix from `count`.
    for (const l of locales) expect([...used].filter((k) => !l.keys.has(k) && !l.keys.has(`${k}_other`))).toEqual([]);
  });

  it('resolves nested server keys such as error.user.mobileTaken through i18next', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ resources, lng: 'zh-CN', fallbackLng: false, initAsync: false });
    for (const { lng } of locales) {
      await i18n.changeLanguage(lng);
      for (const key of [...serverKeys, ...clientKeys]) {
        expect(i18n.exists(key), `${lng} ${key}`).toBe(true);
        expect(i18n.t(key)).not.toBe(key);
      }
    }
    await i18n.changeLanguage('en-US');
    expect(i18n.t('error.user.mobileTaken')).toMatch(/already registered/);
  });

  it('translates every storage failure the workstation reports, filling its status or part number', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ resources, lng: 'zh-CN', fallbackLng: false, initAsync: false });
    const failure = new BridgeError({ name: 'StorageError', message: 'Upload failed with status 503', code: 'UploadFailedStatus', params: { code: 503 } });
    const key = messageKeyOf(failure);
    expect(key).toBe('storageError.UploadFailedStatus');
    for (const { lng } of locales) {
      await i18n.changeLanguage(lng);
      for (const code of Object.keys(STORAGE_MESSAGES)) expect(i18n.exists(`storageError.${code}`), `${lng} ${code}`).toBe(true);
      expect(i18n.t(key, failure.params)).toContain('503');
      expect(i18n.t('storageError.PartMissingETag', { n: 7 })).toContain('7');
    }
    // A plain Error with a storage-like code is not mistaken for one.
    expect(messageKeyOf(Object.assign(new Error('x'), { code: 'NoSuchKey' }))).toBe('client.unknown');
  });
});

