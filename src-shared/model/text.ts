/**
 * One rule for the text people type into the product: names (of teams, projects, labels, users,
 * files...) and free text (descriptions, notes, remarks). Both are normalised to NFC, and both
 * refuse what no user means to type:
 * - control characters (NUL, BEL, ESC, DEL, C1): they break terminals, CSV and logs, and
 *   PostgreSQL refuses NUL outright;
 * - bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they make
 *   `gpj.exe` read as `exe.jpg` ("Trojan Source");
 * - line and paragraph separators (U+2028, U+2029) and lone surrogates (not text at all);
 * - zero-width spaces and joiners that hide inside a word (U+200B, U+2060, U+FEFF, U+180E):
 *   `ad\u200Bmin` looks like `admin`. ZWNJ and ZWJ (U+200C, U+200D) stay: Persian, the Indic
 *   scripts and emoji sequences need them.
 * A name is trimmed (spaces and invisible format characters at either end), is one line, and
 * must keep at least one visible character; free text is kept as typed, one line or several.
 * The server applies it to every field declared with NameText, LineText or FreeText, and to every
 * key and string of a FreeJsonObject (src-shared/model/textFields.ts); the renderer's forms check
 * the same function before sending. Text from outside that no schema stands in front of (what a
 * model service sends, a host name) is held to it where it is stored: refused, or cleaned with
 * cleanTextOf.
 */

/** Why a text was refused; the renderer words each. */
export type TextProblem = 'control' | 'bidi' | 'separator' | 'surrogate' | 'hiddenSpace' | 'invisible';

export type TextCheck = { ok: true; value: string } | { ok: false; problem: TextProblem };

// eslint-disable-next-line no-control-regex -- control characters are exactly what the rule refuses
const CONTROL_IN_NAME = /[\u0000-\u001f\u007f-\u009f]/u;
/** Free text keeps tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/u;
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/u;
const SEPARATOR = /[\u2028\u2029]/u;
const LONE_SURROGATE = /\p{Surrogate}/u;
const HIDDEN_SPACE = /[\u200b\u2060\ufeff\u180e]/u;
/** Something a reader sees: a letter, digit, punctuation mark or symbol (emoji included). */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;
/** Blank characters Unicode files as letters or symbols (Hangul fillers, the blank braille cell). */
const BLANK_LOOKALIKES = /[\u115f\u1160\u3164\uffa0\u2800]/gu;
/** What trimming a name removes at either end: white space and invisible format characters. */
const EDGE = /^[\s\p{Cf}]+|[\s\p{Cf}]+$/gu;

function problemOf(value: string, control: RegExp): TextProblem | null {
  if (LONE_SURROGATE.test(value)) return 'surrogate';
  if (control.test(value)) return 'control';
  if (BIDI_CONTROL.test(value)) return 'bidi';
  if (SEPARATOR.test(value)) return 'separator';
  if (HIDDEN_SPACE.test(value)) return 'hiddenSpace';
  return null;
}

/** NFC where the text is well formed; a lone surrogate has no normal form and is refused as is. */
const nfc = (raw: string): string => (LONE_SURROGATE.test(raw) ? raw : raw.normalize('NFC'));

/** A name as stored: NFC, trimmed, one line, at least one visible character. */
export function normalizeName(raw: string): TextCheck {
  const value = nfc(raw).replace(EDGE, '');
  // Nothing left is an empty name, which the field's minimum length refuses like any blank.
  if (value === '') return { ok: true, value };
  const problem = problemOf(value, CONTROL_IN_NAME);
  if (problem) return { ok: false, problem };
  if (!VISIBLE.test(value.replace(BLANK_LOOKALIKES, ''))) return { ok: false, problem: 'invisible' };
  return { ok: true, value };
}

/**
 * Free text as stored: NFC, otherwise as typed; empty is allowed (the schema says if not).
 * `multiline` keeps line breaks and tabs (descriptions, notes); without it the text is one line
 * (filters, remarks).
 */
export function normalizeFreeText(raw: string, multiline: boolean): TextCheck {
  const value = nfc(raw);
  const problem = problemOf(value, multiline ? CONTROL_IN_TEXT : CONTROL_IN_NAME);
  return problem ? { ok: false, problem } : { ok: true, value };
}

/** The kinds of text a schema field may declare (src-shared/model/textFields.ts). */
export type TextKind = 'name' | 'line' | 'text';

export const normalizeTextOf = (kind: TextKind, raw: string): TextCheck =>
  kind === 'name' ? normalizeName(raw) : normalizeFreeText(raw, kind === 'text');

// The same classes as above, every occurrence, for cleaning.
// eslint-disable-next-line no-control-regex -- control characters are exactly what cleaning removes
const CONTROL_IN_NAME_ALL = /[\u0000-\u001f\u007f-\u009f]/gu;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_IN_TEXT_ALL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/gu;
const BIDI_CONTROL_ALL = /[\u202a-\u202e\u2066-\u2069]/gu;
const SEPARATOR_ALL = /[\u2028\u2029]/gu;
const LONE_SURROGATE_ALL = /\p{Surrogate}/gu;
const HIDDEN_SPACE_ALL = /[\u200b\u2060\ufeff\u180e]/gu;
/** Line breaks and tabs, which one line turns into a space. */
const BREAKS = /[\t\n\r\u2028\u2029]+/gu;

/** The first `max` code points (the unit of a schema's maxLength), never half a surrogate pair. */
function firstCodePoints(value: string, max: number): string {
  if (value.length <= max) return value;
  let units = 0;
  let points = 0;
  while (units < value.length && points < max) {
    units += (value.codePointAt(units) ?? 0) > 0xffff ? 2 : 1;
    points++;
  }
  return value.slice(0, units);
}

/**
 * Text from outside that is shown rather than typed (a model service's description, a
 * workstation's host name), made to pass the rule instead of being refused: what the rule
 * refuses is removed (a lone surrogate becomes U+FFFD, a line break in one line a space), then
 * it is cut at `maxLength` code points. The result always passes `normalizeTextOf(kind, ...)`
 * unchanged; a name with nothing visible left comes back empty, for the caller to refuse or
 * replace. Identifiers (a model's or a class's name, which go back to whoever sent them) are
 * not cleaned: they are refused when the rule would change them.
 */
export function cleanTextOf(kind: TextKind, raw: string, maxLength: number): string {
  let value = raw.replace(LONE_SURROGATE_ALL, '\ufffd');
  value = kind === 'text' ? value.replace(SEPARATOR_ALL, '\n') : value.replace(BREAKS, ' ');
  // Composed after the removals: `e`, NUL, U+0301 becomes `é`, not a mark left uncomposed.
  value = value
    .replace(kind === 'text' ? CONTROL_IN_TEXT_ALL : CONTROL_IN_NAME_ALL, '')
    .replace(BIDI_CONTROL_ALL, '')
    .replace(HIDDEN_SPACE_ALL, '')
    .normalize('NFC');
  if (kind === 'name') value = value.replace(EDGE, '');
  value = firstCodePoints(value, maxLength).normalize('NFC');
  if (kind !== 'name') return value;
  value = value.replace(EDGE, '');
  return VISIBLE.test(value.replace(BLANK_LOOKALIKES, '')) ? value : '';
}
