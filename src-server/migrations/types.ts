import type { ColumnDataType, ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { DialectName } from '../database/connect';

/** Column types that differ between SQLite and PostgreSQL, so one migration serves both. */
export interface DialectColumns {
  dialect: DialectName;
  /** An auto-increment integer primary key. */
  id: { type: ColumnDataType; build: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder };
  /** A 64-bit integer (epoch milliseconds, counters). */
  bigint: ColumnDataType;
}

export interface Migration {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not today's types
  up(db: Kysely<any>, columns: DialectColumns): Promise<void>;
}

export function dialectColumns(dialect: DialectName): DialectColumns {
  return dialect === 'postgres'
    ? { dialect, id: { type: 'serial', build: (c) => c.primaryKey() }, bigint: 'bigint' }
    : { dialect, id: { type: 'integer', build: (c) => c.primaryKey().autoIncrement() }, bigint: 'integer' };
}
