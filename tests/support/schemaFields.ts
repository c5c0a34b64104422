import { TEXT_KEYWORD } from '../../src-shared/model/textFields';

/** A JSON schema as TypeBox writes it: what the walkers below look at. */
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  [TEXT_KEYWORD]?: string;
}

/** A field of a sample request: its path of keys and indexes, and the schema it has there. */
export interface SampleField {
  path: (string | number)[];
  schema: Schema;
}

const alternatives = (s: Schema): Schema[] => (s.anyOf ? s.anyOf.flatMap(alternatives) : [s]);

/**
 * Every field a sample value holds, with the schema alternative that fits it: objects by
 * property, arrays by element. Used to find the numbers and texts of real requests, so a test
 * changes one field of a request that is otherwise valid.
 */
export function sampleFields(schema: Schema | undefined, value: unknown, path: (string | number)[] = []): SampleField[] {
  if (!schema) return [];
  const out: SampleField[] = [];
  for (const alt of alternatives(schema)) {
    if (Array.isArray(value) && alt.items) value.forEach((v, i) => out.push(...sampleFields(alt.items, v, [...path, i])));
    else if (value !== null && typeof value === 'object' && !Array.isArray(value) && alt.properties) {
      for (const [k, v] of Object.entries(value)) out.push(...sampleFields(alt.properties[k], v, [...path, k]));
    } else if (typeof value === 'number' && (alt.type === 'integer' || alt.type === 'number')) out.push({ path, schema: alt });
    else if (typeof value === 'string' && alt.type === 'string') out.push({ path, schema: alt });
    else continue;
    break;
  }
  return out;
}

/** A copy of `value` with the field at `path` replaced. */
export function withField(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = withField(copy[head!], rest, replacement);
  return copy;
}

export const isNumberField = (f: SampleField) => f.schema.type === 'integer' || f.schema.type === 'number';
export const textKindOf = (f: SampleField) => f.schema[TEXT_KEYWORD];
