import { Type } from 'typebox';
import type { TextKind } from './text';

/**
 * The JSON-schema keyword that puts a string field under the text rule of
 * src-shared/model/text.ts. The server's validator implements it (src-server/plugins/textKeyword.ts):
 * it normalises the value in place before the length and pattern checks, and refuses what the
 * rule refuses as a validation error naming the field and the problem.
 */
export const TEXT_KEYWORD = 'x-text';

type StringOptions = { minLength?: number; pattern?: string; description?: string };

const textField = (kind: TextKind, maxLength: number, options: StringOptions) => Type.String({ maxLength, ...options, [TEXT_KEYWORD]: kind });

/** A name (team, project, label, user, file...): trimmed, one line, something visible, 1 to max characters. */
export const NameText = (maxLength: number, options: Omit<StringOptions, 'minLength'> = {}) => textField('name', maxLength, { minLength: 1, ...options });

/** One line of free text (a remark, a filter): as typed, possibly empty. */
export const LineText = (maxLength: number, options: StringOptions = {}) => textField('line', maxLength, options);

/** Free text of several lines (a description, a note, an instruction): as typed, possibly empty. */
export const FreeText = (maxLength: number, options: StringOptions = {}) => textField('text', maxLength, options);

/**
 * A free-form JSON object (a project's, task's or step's settings): its shape is the client's,
 * but every text in it is text from outside all the same. The server's validator walks it
 * (src-server/plugins/textKeyword.ts): each string value is free text (several lines), each
 * key one line, under the same rule, stored in NFC; a refusal names the key path.
 */
export const FREE_JSON_KIND = 'json';
export const FreeJsonObject = (options: { description?: string } = {}) => Type.Record(Type.String(), Type.Unknown(), { ...options, [TEXT_KEYWORD]: FREE_JSON_KIND });
