import { describe, expect, it } from 'vitest';
import { normalizeFreeText, normalizeName } from '../../src-shared/model/text';
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
