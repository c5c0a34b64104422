// Ajv comes with Fastify (its default validator); only its types are needed here.
import type { Ajv, FuncKeywordDefinition } from 'ajv';
import { TEXT_KEYWORD } from '../../src-shared/model/textFields';
import { normalizeTextOf, type TextKind, type TextProblem } from '../../src-shared/model/text';

interface DataContext {
  parentData?: Record<string | number, unknown>;
  parentDataProperty?: string | number;
}

/** The message, for API clients; the renderer words the problem itself in both languages. */
const TEXT_PROBLEM_MESSAGES: Record<TextProblem, string> = {
  control: 'must not contain control characters',
  bidi: 'must not contain text-direction controls',
  separator: 'must not contain line or paragraph separators',
  surrogate: 'must be well-formed Unicode',
  hiddenSpace: 'must not contain zero-width spaces',
  invisible: 'must contain a visible character',
};

type KeywordValidate = ((kind: TextKind, data: string, parentSchema: unknown, cxt?: DataContext) => boolean) & { errors?: object[] };

/**
 * Ajv plugin: the `x-text` keyword (src-shared/model/textFields.ts). It runs before the string's length
 * and pattern keywords, so those judge the stored form: the value is replaced in place by its
 * normalised form (NFC, a name trimmed), and a value the text rule refuses fails validation with
 * the problem in `params`, which plugins/envelope.ts turns into `error.textNotAllowed`.
 */
export function textKeyword(ajv: Ajv): Ajv {
  const validate: KeywordValidate = (kind, data, _parentSchema, cxt) => {
    const checked = normalizeTextOf(kind, data);
    if (!checked.ok) {
      validate.errors = [{ keyword: TEXT_KEYWORD, message: TEXT_PROBLEM_MESSAGES[checked.problem], params: { kind, problem: checked.problem } }];
      return false;
    }
    if (checked.value !== data && cxt?.parentData && cxt.parentDataProperty !== undefined) cxt.parentData[cxt.parentDataProperty] = checked.value;
    return true;
  };
  const definition: FuncKeywordDefinition = { keyword: TEXT_KEYWORD, type: 'string', schemaType: 'string', modifying: true, errors: true, before: 'maxLength', validate: validate as FuncKeywordDefinition['validate'] };
  ajv.addKeyword(definition);
  return ajv;
}
