import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../database/schema';
import type { AiModelsTable, AiServicesTable } from '../database/aiSchema';
import type { AiModel, AiTool } from '../../src-shared/api/ai';
import type { ModelHead, ServiceModel } from '../../src-shared/ai/protocol';
import { cleanDescription, cleanErrorMessage, modelTextRefusal, refusalText, storableModel } from '../ai/serviceText';

export type ModelRow = Selectable<AiModelsTable>;
export type ServiceRow = Selectable<AiServicesTable>;

/** The tool a built-in model of this kind serves. */
const TOOL_OF_KIND: Record<string, AiTool> = { detector: 'box', segmenter: 'polygon', pose: 'keypoints', tracker: 'tracking' };

export const headOf = (row: ModelRow): ModelHead | undefined => (row.head ? (JSON.parse(row.head) as ModelHead) : undefined);
export const classesOf = (row: ModelRow): string[] => JSON.parse(row.classes) as string[];

/** Model services, models and the default model of each tool per project. */
export class AiModelsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async builtinService(): Promise<ServiceRow | undefined> {
    return this.db.selectFrom('ai_services').selectAll().where('builtin', '=', 1).executeTakeFirst();
  }

  async service(id: number): Promise<ServiceRow | undefined> {
    return this.db.selectFrom('ai_services').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The services a project's team can see: the built-in one and its own. */
  async servicesOfTeam(teamId: number): Promise<ServiceRow[]> {
    return this.db.selectFrom('ai_services').selectAll().where((eb) => eb.or([eb('team_id', 'is', null), eb('team_id', '=', teamId)])).orderBy('id').execute();
  }

  /** Records the built-in service at its (possibly new) address and key; answers its id. */
  async upsertBuiltinService(url: string, key: string, now: number): Promise<number> {
    const existing = await this.builtinService();
    if (existing) {
      await this.db.updateTable('ai_services').set({ url, service_key: key }).where('id', '=', existing.id).execute();
      return existing.id;
    }
    const r = await this.db
      .insertInto('ai_services')
      .values({ team_id: null, name: 'built-in', url, service_key: key, builtin: 1, online: 0, checked_at: null, error: null, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  /** A team's own services (not the built-in one). */
  async teamServices(teamId: number): Promise<{ id: number; url: string }[]> {
    return this.db.selectFrom('ai_services').select(['id', 'url']).where('team_id', '=', teamId).execute();
  }

  /** Models a team brought in that still count (uploaded files and services' models, not failed; trained versions aside). */
  async teamModelCount(teamId: number): Promise<number> {
    const r = await this.db
      .selectFrom('ai_models')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('team_id', '=', teamId)
      .where('parent_id', 'is', null)
      .where('state', '!=', 'failed')
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async addService(s: { teamId: number; name: string; url: string; key: string; now: number }): Promise<number> {
    const existing = await this.db.selectFrom('ai_services').select('id').where('team_id', '=', s.teamId).where('url', '=', s.url).executeTakeFirst();
    if (existing) {
      await this.db.updateTable('ai_services').set({ service_key: s.key }).where('id', '=', existing.id).execute();
      return existing.id;
    }
    const r = await this.db
      .insertInto('ai_services')
      .values({ team_id: s.teamId, name: s.name, url: s.url, service_key: s.key, builtin: 0, online: 0, checked_at: null, error: null, created_at: s.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  async markService(id: number, online: boolean, error: string | null, now: number): Promise<void> {
    await this.db.updateTable('ai_services').set({ online: online ? 1 : 0, error, checked_at: now }).where('id', '=', id).execute();
  }

  /**
   * Makes the rows of a built-in service's models match what it listed (new ones added, gone ones
   * marked failed). The listing is text from outside (src-server/ai/serviceText.ts): a model whose
   * name or class names the text rule does not take as they are counts as not offered (a row it
   * had is marked failed, saying why), and descriptions are cleaned.
   */
  async syncBuiltinModels(serviceId: number, models: readonly ServiceModel[], now: number): Promise<void> {
    const rows = await this.db.selectFrom('ai_models').selectAll().where('service_id', '=', serviceId).where('team_id', 'is', null).where('project_id', 'is', null).execute();
    const byName = new Map(rows.map((r) => [r.service_model, r]));
    const refused = new Map<string, string>();
    for (const m of models) {
      if (m.runtime !== 'builtin') continue;
      const refusal = modelTextRefusal({ name: m.name, serviceModel: m.name, classes: m.classes });
      if (refusal) {
        if (typeof m.name === 'string') refused.set(m.name, refusalText(refusal));
        continue;
      }
      const row = byName.get(m.name);
      const values = { name: m.name, description: cleanDescription(m.description), kind: m.kind, runtime: m.runtime, tool: TOOL_OF_KIND[m.kind] ?? 'box', classes: JSON.stringify(m.classes), trainable: m.trainable ? 1 : 0 };
      if (row) await this.db.updateTable('ai_models').set({ ...values, state: 'ready', error: null }).where('id', '=', row.id).execute();
      else
        await this.db
          .insertInto('ai_models')
          .values({ ...values, team_id: null, project_id: null, service_id: serviceId, parent_id: null, service_model: m.name, version: 1, head: null, artifact_key: null, state: 'ready', error: null, created_by: null, created_at: now })
          .execute();
    }
    const listed = new Set(models.filter((m) => !refused.has(m.name)).map((m) => m.name));
    const unlisted = rows.filter((r) => !listed.has(r.service_model));
    const gone = unlisted.filter((r) => !refused.has(r.service_model)).map((r) => r.id);
    if (gone.length) await this.db.updateTable('ai_models').set({ state: 'failed', error: 'the model service no longer offers this model' }).where('id', 'in', gone).execute();
    for (const r of unlisted) {
      const why = refused.get(r.service_model);
      if (why) await this.db.updateTable('ai_models').set({ state: 'failed', error: why }).where('id', '=', r.id).execute();
    }
  }

  /** Stores a model under the rules for text from outside (src-server/ai/serviceText.ts): refused with `ai.modelTextRefused`, or cleaned. */
  async insertModel(values: Omit<AiModelsTable, 'id'>): Promise<number> {
    const r = await this.db.insertInto('ai_models').values(storableModel(values)).returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  /** `error` may quote a model service (a failed load): cleaned as free text, at most 2,000 characters. */
  async setState(modelId: number, state: string, error: string | null, extra: { classes?: string } = {}): Promise<void> {
    await this.db.updateTable('ai_models').set({ state, error: error === null ? null : cleanErrorMessage(error), ...extra }).where('id', '=', modelId).execute();
  }

  async model(modelId: number): Promise<ModelRow | undefined> {
    return this.db.selectFrom('ai_models').selectAll().where('id', '=', modelId).executeTakeFirst();
  }

  /** A model the project may use: built-in, its team's, or trained in it; undefined otherwise. */
  async modelForProject(modelId: number, project: { projectId: number; teamId: number }): Promise<ModelRow | undefined> {
    return this.db
      .selectFrom('ai_models')
      .selectAll()
      .where('id', '=', modelId)
      .where((eb) =>
        eb.or([
          eb.and([eb('team_id', 'is', null), eb('project_id', 'is', null)]),
          eb.and([eb('team_id', '=', project.teamId), eb('project_id', 'is', null)]),
          eb('project_id', '=', project.projectId),
        ]),
      )
      .executeTakeFirst();
  }

  async modelsForProject(project: { projectId: number; teamId: number }, tool?: AiTool): Promise<ModelRow[]> {
    let q = this.db
      .selectFrom('ai_models')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('team_id', 'is', null), eb('project_id', 'is', null)]),
          eb.and([eb('team_id', '=', project.teamId), eb('project_id', 'is', null)]),
          eb('project_id', '=', project.projectId),
        ]),
      );
    if (tool) q = q.where('tool', '=', tool);
    return q.orderBy('id').execute();
  }

  async defaults(projectId: number): Promise<Map<string, number>> {
    const rows = await this.db.selectFrom('ai_defaults').selectAll().where('project_id', '=', projectId).execute();
    return new Map(rows.map((r) => [r.tool, r.model_id]));
  }

  async setDefault(projectId: number, tool: AiTool, modelId: number): Promise<void> {
    await this.db
      .insertInto('ai_defaults')
      .values({ project_id: projectId, tool, model_id: modelId })
      .onConflict((oc) => oc.columns(['project_id', 'tool']).doUpdateSet({ model_id: modelId }))
      .execute();
  }

  /** The newest version in the project of the model's line (itself when never trained here). */
  async nextVersion(parent: ModelRow): Promise<number> {
    const r = await this.db.selectFrom('ai_models').select((eb) => eb.fn.max('version').as('v')).where('parent_id', '=', parent.id).executeTakeFirst();
    return Math.max(parent.version, Number(r?.v ?? 0)) + 1;
  }

  async creatorNames(ids: readonly number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await this.db.selectFrom('users').select(['id', 'name']).where('id', 'in', [...new Set(ids)]).execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  async scores(projectId: number): Promise<Map<number, { stats: string; items: number; evaluated_at: number }>> {
    const rows = await this.db.selectFrom('ai_statistics').select(['model_id', 'stats', 'items', 'evaluated_at']).where('project_id', '=', projectId).execute();
    return new Map(rows.map((r) => [r.model_id, { stats: r.stats, items: r.items, evaluated_at: Number(r.evaluated_at) }]));
  }
}

/** A model row as the API answers it; the service's state wins over the model's when the service is away. */
export function toApiModel(
  row: ModelRow,
  p: { defaults: Map<string, number>; serviceOnline: boolean; names: Map<number, string>; score: AiModel['score'] },
): AiModel {
  const state = row.state === 'ready' && !p.serviceOnline ? 'unreachable' : (row.state as AiModel['state']);
  return {
    modelId: row.id,
    name: row.name,
    description: row.description,
    tool: row.tool as AiTool,
    kind: row.kind as AiModel['kind'],
    runtime: row.runtime as AiModel['runtime'],
    version: row.version,
    parentModelId: row.parent_id,
    projectId: row.project_id,
    builtIn: row.team_id === null && row.project_id === null,
    trainable: row.trainable === 1,
    state,
    error: row.error,
    classes: classesOf(row),
    isDefault: p.defaults.get(row.tool) === row.id,
    score: p.score,
    createdAt: Number(row.created_at),
    createdByName: row.created_by ? (p.names.get(row.created_by) ?? '') : '',
  };
}
