import type { Kysely } from 'kysely';
import type { Database, OntologiesTable, OntologyFeaturesTable } from './schema';

export type { OntologiesTable, OntologyFeaturesTable };

/** The ontology tables are part of Database; these names stay for the code that uses them. */
export type OntologyDatabase = Database;
export const ontologyDb = (db: Kysely<Database>): Kysely<OntologyDatabase> => db;
