import { describe, expect, it } from 'vitest';
import { cleanTextOf, normalizeFreeText, normalizeName, normalizeTextOf } from '../../src-shared/model/text';
import { maskMobile } from '../../src-shared/model/mobile';
import { avatarOwner, shownAvatar } from '../../src-shared/model/avatar';

describe('the text rule for names', () => {
  it.each([
    ['NUL', 'a\u0000b', 'control'],
    ['BEL', 'bell\u0007', 'control'],
    ['a newline', 'two\nlines', 'control'],
    ['a C1 control', 'x\u0085y', 'control'],
    ['a right-to-left override', 'evil\u202Egnp.exe', 'bidi'],
    ['a directional isolate', 'a\u2067b', 'bidi'],
    ['a line separator', 'a\u2028b', 'separator'],
    ['a lone surrogate', 'x\ud800', 'surrogate'],
    ['a zero-width space inside a word', 'ad\u200Bmin', 'hiddenSpace'],
    ['Hangul fillers only', '\u3164\u3164', 'invisible'],
    ['a blank braille cell only', '\u2800', 'invisible'],
  ])('refuses %s', (_what, raw, problem) => {
    expect(normalizeName(raw)).toEqual({ ok: false, problem });
  });

  it('trims spaces and invisible format characters at the ends and composes to NFC', () => {
    expect(normalizeName('\uFEFF  Cafe\u0301\u200B  ')).toEqual({ ok: true, value: 'Caf\u00e9' });
  });

  it('leaves nothing of a name made only of spaces and zero-width characters, for the length check to refuse', () => {
    expect(normalizeName(' \u200B\uFEFF ')).toEqual({ ok: true, value: '' });
  });

  it.each([
    ['Chinese', '演示团队'],
    ['an emoji with a zero-width joiner', '\u{1F469}\u200D\u{1F4BB} crew'],
    ['Persian with a zero-width non-joiner', '\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645'],
    ['Hindi with combining marks', '\u0928\u092E\u0938\u094D\u0924\u0947'],
    ['punctuation only', '---'],
  ])('keeps %s as typed', (_what, raw) => {
    expect(normalizeName(raw)).toEqual({ ok: true, value: raw.normalize('NFC') });
  });
});

describe('the text rule for free text', () => {
  it('keeps line breaks and tabs in several lines, and refuses them in one line', () => {
    expect(normalizeFreeText('first\n\tsecond\r\n', true)).toEqual({ ok: true, value: 'first\n\tsecond\r\n' });
    expect(normalizeFreeText('first\nsecond', false)).toEqual({ ok: false, problem: 'control' });
  });

  it('refuses NUL and direction overrides in either', () => {
    expect(normalizeFreeText('a\u0000b', true)).toEqual({ ok: false, problem: 'control' });
    expect(normalizeFreeText('see \u202Efdp.exe', true)).toEqual({ ok: false, problem: 'bidi' });
  });

  it('allows an empty text and keeps surrounding spaces', () => {
    expect(normalizeFreeText('', false)).toEqual({ ok: true, value: '' });
    expect(normalizeFreeText('  indented', true)).toEqual({ ok: true, value: '  indented' });
  });
});

describe('cleaning text from outside to the rule', () => {
  it('removes what the rule refuses instead of refusing, and cuts at the limit in code points', () => {
    expect(cleanTextOf('text', 'Detects\u0000 \u001b[31mred\u202E\u2028more\r\n\tend\u200B', 100)).toBe('Detects [31mred\nmore\r\n\tend');
    expect(cleanTextOf('line', 'one\r\ntwo\tthree\u2029four', 100)).toBe('one two three four');
    expect(cleanTextOf('name', '  \uFEFFdesk\u202E-7\n ', 100)).toBe('desk-7');
    // composed after the removals, so nothing is left for the rule to change
    expect(cleanTextOf('name', 'Cafe\u0000\u0301', 100)).toBe('Caf\u00e9');
    expect(cleanTextOf('text', 'a\ud800b', 100)).toBe('a\ufffdb');
    expect(cleanTextOf('text', '\u{1F600}'.repeat(5), 3)).toBe('\u{1F600}'.repeat(3));
    // a name with nothing visible left is empty, for the caller to refuse or replace
    expect(cleanTextOf('name', '\u3164\u200B\u0007', 100)).toBe('');
    expect(cleanTextOf('name', 'ab   cd', 3)).toBe('ab');
  });

  it('always gives what the rule takes unchanged, whatever it is given', () => {
    const alphabet = ['a', 'Z', '7', ' ', '\t', '\n', '\r', '\u0000', '\u0007', '\u001b', '\u0085', '\u202E', '\u2066', '\u2028', '\u200B', '\uFEFF', '\u200D', '\u0301', 'e', '\ud800', '\udc00', '\u{1F469}', '\u3164', '\u2800', '\u00AD'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const wrong: unknown[] = [];
    for (let i = 0; i < 3000; i++) {
      const raw = Array.from({ length: next() % 24 }, () => alphabet[next() % alphabet.length]).join('');
      for (const kind of ['name', 'line', 'text'] as const) {
        const max = 1 + (next() % 16);
        const cleaned = cleanTextOf(kind, raw, max);
        const checked = normalizeTextOf(kind, cleaned);
        const taken = kind === 'name' && cleaned === '' ? true : checked.ok && checked.value === cleaned;
        if (!taken || [...cleaned].length > max) wrong.push({ kind, raw, max, cleaned, checked });
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('mobile numbers and avatars as others see them', () => {
  it('masks the middle of a number and keeps a short one whole', () => {
    expect(maskMobile('13800138000')).toBe('138****8000');
    expect(maskMobile('+8613800138000')).toBe('+861****8000');
    expect(maskMobile('123456')).toBe('123456');
  });

  it('takes only keys in a user\'s avatar folder as avatars', () => {
    expect(avatarOwner('user/12/avatar/a-1.png')).toBe(12);
    expect(avatarOwner('user/12/other/a.png')).toBeUndefined();
    expect(avatarOwner('user/12/avatar/../13/a.png')).toBeUndefined();
    expect(shownAvatar('https://tracker.example.com/p.png')).toBeNull();
    expect(shownAvatar('user/12/avatar/a.webp')).toBe('user/12/avatar/a.webp');
  });
});
