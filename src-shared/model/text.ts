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
 * The server applies it to every field declared with NameText or FreeText (src-shared/model/textFields.ts),
 * the renderer's forms check the same function before sending.
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
