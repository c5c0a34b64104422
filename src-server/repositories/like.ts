import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** Escapes LIKE wildcards so a user's "50%" or "a_b" matches literally (with ESCAPE '\'). */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);

/**
 * `lower(column) LIKE lower(pattern) ESCAPE '\'`. The explicit ESCAPE and lower() on both sides
 * make SQLite (case-insensitive LIKE, no default escape) and PostgreSQL (case-sensitive LIKE)
 * answer the same. The pattern's wildcards are the caller's; escape user text with escapeLike.
 */
export const likeIgnoringCase = (column: string, pattern: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`;

/** "column contains text", ignoring case, the text taken literally. */
export const likeContains = (column: string, text: string): RawBuilder<SqlBool> => likeIgnoringCase(column, `%${escapeLike(text)}%`);
