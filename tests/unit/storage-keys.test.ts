import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertSafeKey, InvalidKeyError, keyInFolder, normaliseKey, parseKey } from '../../src-server/storage/keys';

const reasonOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (err) {
    return err instanceof InvalidKeyError ? err.reason : `not an InvalidKeyError: ${String(err)}`;
  }
};

describe('object key normalisation (spec section 5)', () => {
  it('keeps keys under our prefixes, with or without the root prefix before them', () => {
    expect(normaliseKey('dataset/1/a.png')).toBe('dataset/1/a.png');
    expect(normaliseKey('tenant/dataset/1/a.png', 'tenant')).toBe('dataset/1/a.png');
    expect(normaliseKey('user/7/log.zip', 'tenant')).toBe('user/7/log.zip');
    // the root prefix is dropped only in front of one of our prefixes
    expect(normaliseKey('tenant/other/1/a', 'tenant')).toBe('tenant/other/1/a');
    expect(normaliseKey('tenantx/dataset/1/a', 'tenant')).toBe('tenantx/dataset/1/a');
  });

  it('drops one leading slash from other paths, and nothing else', () => {
    expect(normaliseKey('/dataset/1/a.png')).toBe('dataset/1/a.png');
    expect(normaliseKey('/tenant/export/2/r.zip', 'tenant')).toBe('export/2/r.zip');
    expect(normaliseKey('//dataset/1/a.png')).toBe('/dataset/1/a.png');
    expect(normaliseKey('a/b')).toBe('a/b');
  });
});

describe('object key rules', () => {
  it('parses the folder and its id', () => {
    expect(parseKey('dataset/12/img/a b.png')).toEqual({ key: 'dataset/12/img/a b.png', area: 'dataset', ownerId: 12 });
    expect(parseKey('/annotate/3/x.json')).toEqual({ key: 'annotate/3/x.json', area: 'annotate', ownerId: 3 });
    expect(parseKey('t/export/2147483647/r.zip', 't')).toMatchObject({ area: 'export', ownerId: 2147483647 });
    expect(keyInFolder('user', 5, '/logs/a.zip')).toEqual({ key: 'user/5/logs/a.zip', area: 'user', ownerId: 5 });
  });

  it.each([
    ['', 'segment'],
    ['other/1/a', 'prefix'],
    ['datasets/1/a', 'prefix'],
    ['//dataset/1/a', 'absolute'],
    ['dataset/1/../2/a', 'segment'],
    ['dataset/1/./a', 'segment'],
    ['dataset/1//a', 'segment'],
    ['dataset/1/a/', 'segment'],
    ['dataset/1/a\u0000', 'forbiddenCharacter'],
    ['dataset/1/a\u007f', 'forbiddenCharacter'],
    ['dataset/1/a\u0085', 'forbiddenCharacter'],
    ['dataset/1/a\\b', 'forbiddenCharacter'],
    ['dataset/1', 'fileName'],
    ['dataset/x/a', 'folderId'],
    ['dataset/01/a', 'folderId'],
    ['dataset/2147483648/a', 'folderId'],
    ['dataset/-1/a', 'folderId'],
    ['dataset/1/a.meta.json', 'reservedName'],
    [`dataset/1/${'é'.repeat(128)}`, 'segmentTooLong'],
    [`dataset/1/${'a/'.repeat(520)}b`, 'tooLong'],
  ])('refuses %j (%s)', (key, reason) => {
    expect(reasonOf(() => parseKey(key))).toBe(reason);
  });

  it('counts the root prefix in the 1024-byte limit', () => {
    const key = `dataset/1/${'a/'.repeat(505)}b`;
    expect(reasonOf(() => parseKey(key))).toBeUndefined();
    expect(reasonOf(() => parseKey(key, 'a-long-root-prefix'))).toBe('tooLong');
  });

  it('never lets an escaping or foreign key through, whatever the input', () => {
    const segment = fc.oneof(fc.constantFrom('..', '.', '', 'dataset', 'user', '1', '%2e%2e', 'a\u0000', '\\'), fc.string({ maxLength: 6 }));
    const anyKey = fc.array(segment, { minLength: 1, maxLength: 6 }).map((s) => s.join('/'));
    fc.assert(
      fc.property(anyKey, fc.constantFrom('', 'root'), (raw, root) => {
        let parsed;
        try {
          parsed = parseKey(raw, root);
        } catch (err) {
          expect(err).toBeInstanceOf(InvalidKeyError);
          return;
        }
        const segments = parsed.key.split('/');
        expect(segments.every((s) => s !== '' && s !== '.' && s !== '..')).toBe(true);
        expect(['dataset', 'annotate', 'export', 'user']).toContain(segments[0]);
        expect(segments.length).toBeGreaterThanOrEqual(3);
        expect(() => assertSafeKey(parsed.key)).not.toThrow();
      }),
      { numRuns: 3000, seed: 4242 },
    );
  });
});
