// Ajv comes with Fastify (its default validator); only its types are needed here.
import type { Ajv, FuncKeywordDefinition } from 'ajv';
import { FREE_JSON_KIND, TEXT_KEYWORD } from '../../src-shared/model/textFields';
import { normalizeTextOf, type TextKind, type TextProblem } from '../../src-shared/model/text';

interface DataContext {
  instancePath?: string;
  parentData?: Record<string | number, unknown>;
  parentDataProperty?: string | number;
}

/** The issue's message, for API clients; the renderer words the problem itself in both languages. */
const TEXT_PROBLEM_MESSAGES: Record<TextProblem, string> = {
  control: 'must not contain control characters',
  bidi: 'must not contain text-direction controls',
  separator: 'must not contain line or paragraph separators',
  surrogate: 'must be well-formed Unicode',
  hiddenSpace: 'must not contain zero-width spaces',
  invisible: 'must contain a visible character',
};

type Kind = TextKind | typeof FREE_JSON_KIND;
type KeywordValidate = ((kind: Kind, data: unknown, parentSchema: unknown, cxt?: DataContext) => boolean) & { errors?: object[] };

/** A JSON pointer segment (RFC 6901), as Ajv writes instance paths. */
const pointer = (key: string | number) => `/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;

const issue = (kind: TextKind, problem: TextProblem, instancePath?: string) => ({
  keyword: TEXT_KEYWORD,
  message: TEXT_PROBLEM_MESSAGES[problem],
  params: { kind, problem },
  ...(instancePath !== undefined ? { instancePath } : {}),
});

/**
 * Every text of a free-form JSON value under the rule: string values as free text of several
 * lines, keys as one line; values are replaced by their NFC form in place. Walked with a stack,
 * not recursion: a 1 MiB body can nest half a million levels. Answers the first refusal.
 */
function checkFreeJson(root: Record<string, unknown>, basePath: string): object | null {
  const stack: [Record<string, unknown> | unknown[], string][] = [[root, basePath]];
  while (stack.length) {
    const [node, path] = stack.pop()!;
    const keys: (string | number)[] = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node);
    for (const key of keys) {
      const at = path + pointer(key);
      if (typeof key === 'string') {
        const k = normalizeTextOf('line', key);
        if (!k.ok) return issue('line', k.problem, at);
      }
      const value = (node as Record<string | number, unknown>)[key];
      if (typeof value === 'string') {
        const v = normalizeTextOf('text', value);
        if (!v.ok) return issue('text', v.problem, at);
        if (v.value !== value) (node as Record<string | number, unknown>)[key] = v.value;
      } else if (value !== null && typeof value === 'object') stack.push([value as Record<string, unknown>, at]);
    }
  }
  return null;
}

/**
 * Ajv plugin: the `x-text` keyword (src-shared/model/textFields.ts). It runs before the type's own
 * keywords (it belongs to no type, and Ajv runs those first), so the string's length and pattern
 * judge the stored form: the value is replaced in place by its normalised form (NFC, a name
 * trimmed), and a value the text rule refuses fails validation with the problem in `params`,
 * which plugins/envelope.ts turns into `error.textNotAllowed`. On a free-form JSON object
 * (`FreeJsonObject`) it does the same for every key and string inside, naming the one refused.
 */
export function textKeyword(ajv: Ajv): Ajv {
  const validate: KeywordValidate = (kind, data, _parentSchema, cxt) => {
    if (kind === FREE_JSON_KIND) {
      // Not an object: the type keyword refuses it.
      if (data === null || typeof data !== 'object') return true;
      const refused = checkFreeJson(data as Record<string, unknown>, cxt?.instancePath ?? '');
      if (refused) validate.errors = [refused];
      return !refused;
    }
    if (typeof data !== 'string') return true;
    const checked = normalizeTextOf(kind, data);
    if (!checked.ok) {
      validate.errors = [issue(kind, checked.problem)];
      return false;
    }
    if (checked.value !== data && cxt?.parentData && cxt.parentDataProperty !== undefined) cxt.parentData[cxt.parentDataProperty] = checked.value;
    return true;
  };
  const definition: FuncKeywordDefinition = { keyword: TEXT_KEYWORD, schemaType: 'string', modifying: true, errors: true, validate: validate as FuncKeywordDefinition['validate'] };
  ajv.addKeyword(definition);
  return ajv;
}
