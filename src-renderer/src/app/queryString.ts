/**
 * Query-string encoding for the team server (spec section 7: parameters are encoded, arrays
 * and objects expanded).
 *
 * - arrays repeat the key: `{ ids: [1, 2] }` -> `ids=1&ids=2`
 * - objects use brackets, nesting as deep as the value: `{ filter: { a: 1, b: { c: 2 } } }`
 *   -> `filter[a]=1&filter[b][c]=2`; an array inside an object repeats its bracketed key
 * - undefined and null are left out (so optional filters can be passed as they are)
 * - Dates are sent as ISO strings; everything else through String()
 * Keys and values are percent-encoded with encodeURIComponent (brackets included).
 */
export type QueryValue = string | number | boolean | Date | null | undefined | QueryValue[] | QueryObject;
export interface QueryObject {
  [key: string]: QueryValue;
}

function append(pairs: string[], key: string, value: QueryValue): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) append(pairs, key, item);
  } else if (value instanceof Date) {
    pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(value.toISOString())}`);
  } else if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) append(pairs, `${key}[${k}]`, v);
  } else {
    pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  }
}

/** The encoded query without the leading `?`; empty when nothing is left to send. */
export function encodeQuery(query: QueryObject | undefined): string {
  if (!query) return '';
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) append(pairs, key, value);
  return pairs.join('&');
}
