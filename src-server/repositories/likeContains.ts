import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * "column contains text", ignoring case, with `%`, `_` and `!` in the text taken literally.
 * The explicit ESCAPE and lower() on both sides make SQLite (case-insensitive LIKE, no default
 * escape) and PostgreSQL (case-sensitive LIKE, backslash escape) answer the same.
 */
export function likeContains(column: string, text: string): RawBuilder<SqlBool> {
  const pattern = `%${text.toLowerCase().replace(/[!%_]/g, (c) => '!' + c)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '!'`;
}
