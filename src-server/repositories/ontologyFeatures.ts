import { sql, type Insertable, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { OntologyDatabase, OntologyFeaturesTable } from '../database/ontologySchema';
import type { OntologyTool } from '../../src-shared/model/ontology';
import { likeContains } from './like';

/** A condition no row meets: an empty id or tool list matches nothing rather than everything. */
const nothing = sql<SqlBool>`1 = 0`;

export type FeatureRow = Selectable<OntologyFeaturesTable>;
export type FeatureValues = Omit<Insertable<OntologyFeaturesTable>, 'id' | 'ontology_id' | 'created_at'>;

/** Feature filters; an empty `tools` list matches nothing. */
export interface FeatureFilters {
  tools?: readonly OntologyTool[];
  name?: string;
  featureIds?: readonly number[];
}

/** The features of ontologies, always read in their order (sort_order, then id). */
export class OntologyFeaturesRepository {
  constructor(private readonly db: Kysely<OntologyDatabase>) {}

  private filtered(ontologyId: number, f: FeatureFilters) {
    let q = this.db.selectFrom('ontology_features').where('ontology_id', '=', ontologyId);
    if (f.tools) q = f.tools.length > 0 ? q.where('tool', 'in', f.tools) : q.where(nothing);
    if (f.featureIds) q = f.featureIds.length > 0 ? q.where('id', 'in', f.featureIds) : q.where(nothing);
    if (f.name) q = q.where(likeContains('name', f.name));
    return q;
  }

  list(ontologyId: number, f: FeatureFilters = {}): Promise<FeatureRow[]> {
    return this.filtered(ontologyId, f).selectAll().orderBy('sort_order').orderBy('id').execute();
  }

  async page(ontologyId: number, f: FeatureFilters, page: number, pageSize: number): Promise<{ rows: FeatureRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.filtered(ontologyId, f).selectAll().orderBy('sort_order').orderBy('id').limit(pageSize).offset((page - 1) * pageSize).execute(),
      this.filtered(ontologyId, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Inserted one by one so the ids come back in the order given. */
  async insert(ontologyId: number, rows: readonly FeatureValues[], now: number): Promise<number[]> {
    const ids: number[] = [];
    for (const r of rows) {
      const { id } = await this.db.insertInto('ontology_features').values({ ...r, ontology_id: ontologyId, created_at: now }).returning('id').executeTakeFirstOrThrow();
      ids.push(id);
    }
    return ids;
  }

  async update(featureId: number, values: FeatureValues): Promise<void> {
    await this.db.updateTable('ontology_features').set(values).where('id', '=', featureId).execute();
  }

  async remove(ontologyId: number, featureIds: readonly number[]): Promise<void> {
    if (featureIds.length > 0) await this.db.deleteFrom('ontology_features').where('ontology_id', '=', ontologyId).where('id', 'in', featureIds).execute();
  }
}
