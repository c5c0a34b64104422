import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';
import type { ExportOntology } from './formats';
import { featureOf } from '../routes/ontology/views';

/** The project's ontology as the writers take it: its features in display order (none: an empty list). */
export async function loadExportOntology(db: Kysely<Database>, projectId: number): Promise<ExportOntology> {
  const rows = await db
    .selectFrom('ontology_features as f')
    .innerJoin('ontologies as o', 'o.id', 'f.ontology_id')
    .selectAll('f')
    .where('o.project_id', '=', projectId)
    .orderBy('f.sort_order')
    .orderBy('f.id')
    .execute();
  return { features: rows.map(featureOf) };
}
