import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../database/schema';
import type { AiJobsTable } from '../database/aiSchema';
import type { AiJob, AiJobState, AiJobType, AiTool, TrainOutcome } from '../../src-shared/api/ai';
import type { PageOf } from '../../src-shared/api/envelope';
import { cleanTextOf } from '../../src-shared/model/text';
import { cleanErrorMessage } from '../ai/serviceText';

export type JobRow = Selectable<AiJobsTable>;
export interface JobItemInput {
  key: string;
  taskSubjectId: number | null;
  subjectId: number | null;
  frameId: number;
}
export interface Applied {
  items: number;
  objects: number;
  skippedTouched: number;
  failed: number;
  /** what the model found that no label takes, by class, most found first (docs/ai-models.md) */
  unmapped?: { className: string; count: number }[];
  /** boxes of polygon and mask labels the segmenter did not outline (docs/ai-models.md, "Pre-annotation with masks") */
  notOutlined?: number;
}
export const NO_APPLIED: Applied = { items: 0, objects: 0, skippedTouched: 0, failed: 0 };

/** The key a service knows a dispatch of a job by: its id and attempt, so each dispatch has its own seq run. */
export const dispatchKey = (row: Pick<JobRow, 'id' | 'attempt'>): string => `${row.id}.${row.attempt}`;
export function parseDispatchKey(key: string): { id: number; attempt: number } | null {
  const m = /^(\d{1,10})\.(\d{1,4})$/.exec(key);
  return m ? { id: Number(m[1]), attempt: Number(m[2]) } : null;
}

/** AI jobs and their items. */
export class AiJobsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(j: {
    projectId: number;
    modelId: number;
    type: AiJobType;
    tool: AiTool;
    taskId?: number | null;
    batchId?: number | null;
    params: object;
    parentJobId?: number | null;
    createdBy: number;
    now: number;
    items: readonly JobItemInput[];
  }): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const r = await trx
        .insertInto('ai_jobs')
        .values({
          project_id: j.projectId,
          model_id: j.modelId,
          type: j.type,
          tool: j.tool,
          state: 'queued',
          done: 0,
          total: j.items.length,
          task_id: j.taskId ?? null,
          batch_id: j.batchId ?? null,
          params: JSON.stringify(j.params),
          applied: JSON.stringify(NO_APPLIED),
          train: null,
          parent_job_id: j.parentJobId ?? null,
          error_code: null,
          error_message: null,
          attempt: 0,
          token_hash: null,
          last_seq: 0,
          heard_at: null,
          runner_id: null,
          created_by: j.createdBy,
          created_at: j.now,
          started_at: null,
          finished_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (let i = 0; i < j.items.length; i += 1000) {
        await trx
          .insertInto('ai_job_items')
          .values(j.items.slice(i, i + 1000).map((it) => ({ job_id: r.id, item_key: it.key, task_subject_id: it.taskSubjectId, subject_id: it.subjectId, frame_id: it.frameId, state: 'pending', result: null })))
          .execute();
      }
      return r.id;
    });
  }

  async get(id: number): Promise<JobRow | undefined> {
    return this.db.selectFrom('ai_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The job whose latest dispatch was given this token (by its sha256), finished or not. */
  async byTokenHash(tokenHash: string): Promise<JobRow | undefined> {
    return this.db.selectFrom('ai_jobs').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  async inProject(projectId: number, id: number): Promise<JobRow | undefined> {
    return this.db.selectFrom('ai_jobs').selectAll().where('id', '=', id).where('project_id', '=', projectId).executeTakeFirst();
  }

  /** A job of this type that is still going for this model in this project. */
  async running(projectId: number, modelId: number, type: AiJobType): Promise<JobRow | undefined> {
    return this.db
      .selectFrom('ai_jobs')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('model_id', '=', modelId)
      .where('type', '=', type)
      .where('state', 'in', ['queued', 'running'])
      .executeTakeFirst();
  }

  async queued(limit: number): Promise<JobRow[]> {
    return this.db.selectFrom('ai_jobs').selectAll().where('state', '=', 'queued').orderBy('id').limit(limit).execute();
  }

  /** Running jobs nobody has heard of since `before`. */
  async stalled(before: number): Promise<JobRow[]> {
    return this.db.selectFrom('ai_jobs').selectAll().where('state', '=', 'running').where('heard_at', '<', before).orderBy('id').limit(50).execute();
  }

  /**
   * Takes a queued (or stalled running) job for a new dispatch: one more attempt, a new token.
   * Conditional on what the caller saw, so two runners never dispatch the same attempt.
   */
  async takeForDispatch(row: JobRow, p: { runnerId: string; tokenHash: string; now: number }): Promise<JobRow | undefined> {
    const r = await this.db
      .updateTable('ai_jobs')
      .set({ state: 'running', attempt: row.attempt + 1, token_hash: p.tokenHash, last_seq: 0, heard_at: p.now, runner_id: p.runnerId, started_at: row.started_at ?? p.now })
      .where('id', '=', row.id)
      .where('attempt', '=', row.attempt)
      .where('state', '=', row.state)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1 ? this.get(row.id) : undefined;
  }

  /**
   * Accepts callback number `seq` of this dispatch exactly once: answers false for a repeat or
   * a late one (seq not above the last), and for a dispatch that is no longer current.
   */
  async acceptSeq(row: JobRow, seq: number, now: number): Promise<boolean> {
    const r = await this.db
      .updateTable('ai_jobs')
      .set({ last_seq: seq, heard_at: now })
      .where('id', '=', row.id)
      .where('attempt', '=', row.attempt)
      .where('state', '=', 'running')
      .where('last_seq', '<', seq)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async progress(id: number, applied: Applied): Promise<JobRow> {
    const done = await this.db
      .selectFrom('ai_job_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('job_id', '=', id)
      .where('state', '!=', 'pending')
      .executeTakeFirstOrThrow();
    await this.db.updateTable('ai_jobs').set({ done: Number(done.n), applied: JSON.stringify(applied) }).where('id', '=', id).execute();
    return (await this.get(id))!;
  }

  /**
   * Ends a job that is still going; answers false when it had already ended. The error may be a
   * model service's own words (a callback's `error`): text from outside, cleaned before it is
   * stored (src-server/ai/serviceText.ts).
   */
  async finish(id: number, state: AiJobState, now: number, error?: { code: string; message: string } | null, extra: { train?: TrainOutcome } = {}): Promise<boolean> {
    const r = await this.db
      .updateTable('ai_jobs')
      .set({
        state,
        finished_at: now,
        error_code: error ? cleanTextOf('line', error.code, 64) : null,
        error_message: error ? cleanErrorMessage(error.message) : null,
        // The last dispatch's token stays known: its holder learns the job ended (409), a stranger does not.
        ...(extra.train ? { train: JSON.stringify(extra.train) } : {}),
      })
      .where('id', '=', id)
      .where('state', 'in', ['queued', 'running'])
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async setTrain(id: number, train: TrainOutcome): Promise<void> {
    await this.db.updateTable('ai_jobs').set({ train: JSON.stringify(train) }).where('id', '=', id).execute();
  }

  async pendingItems(id: number): Promise<{ item_key: string; task_subject_id: number | null; subject_id: number | null; frame_id: number }[]> {
    return this.db.selectFrom('ai_job_items').select(['item_key', 'task_subject_id', 'subject_id', 'frame_id']).where('job_id', '=', id).where('state', '=', 'pending').orderBy('item_key').execute();
  }

  async items(id: number) {
    return this.db.selectFrom('ai_job_items').selectAll().where('job_id', '=', id).execute();
  }

  async itemsByKey(id: number, keys: readonly string[]) {
    if (!keys.length) return [];
    return this.db.selectFrom('ai_job_items').selectAll().where('job_id', '=', id).where('item_key', 'in', [...keys]).execute();
  }

  /**
   * Task subjects of a pre-annotation job that got predictions (an item done) and that were left
   * alone because a person had started them (an item skipped), each counted once however many
   * of its frames the service answered, in however many callbacks (issue 31).
   */
  async taskSubjectsApplied(id: number): Promise<{ done: number; skipped: number }> {
    const rows = await this.db
      .selectFrom('ai_job_items')
      .select(['state', (eb) => eb.fn.count<number>('task_subject_id').distinct().as('n')])
      .where('job_id', '=', id)
      .where('state', 'in', ['done', 'skipped'])
      .groupBy('state')
      .execute();
    const of = (state: string) => Number(rows.find((r) => r.state === state)?.n ?? 0);
    return { done: of('done'), skipped: of('skipped') };
  }

  async markItem(id: number, key: string, state: 'done' | 'skipped' | 'failed', result?: string): Promise<boolean> {
    const r = await this.db
      .updateTable('ai_job_items')
      .set({ state, ...(result !== undefined ? { result } : {}) })
      .where('job_id', '=', id)
      .where('item_key', '=', key)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async page(projectId: number, q: { page: number; pageSize: number; type?: AiJobType }): Promise<{ rows: JobRow[]; total: number }> {
    let base = this.db.selectFrom('ai_jobs').where('project_id', '=', projectId);
    if (q.type) base = base.where('type', '=', q.type);
    const [rows, total] = await Promise.all([
      base.selectAll().orderBy('id', 'desc').limit(q.pageSize).offset((q.page - 1) * q.pageSize).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  async activeInProject(projectId: number): Promise<JobRow[]> {
    return this.db.selectFrom('ai_jobs').selectAll().where('project_id', '=', projectId).where('state', 'in', ['queued', 'running']).orderBy('id').execute();
  }
}

/** Job rows as the API answers them. */
export async function toApiJobs(db: Kysely<Database>, rows: readonly JobRow[]): Promise<AiJob[]> {
  if (!rows.length) return [];
  const users = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', [...new Set(rows.map((r) => r.created_by))]).execute();
  const models = await db.selectFrom('ai_models').select(['id', 'name', 'version']).where('id', 'in', [...new Set(rows.map((r) => r.model_id))]).execute();
  const userName = new Map(users.map((u) => [u.id, u.name]));
  const modelName = new Map(models.map((m) => [m.id, m.version > 1 ? `${m.name} v${m.version}` : m.name]));
  return rows.map((r) => ({
    jobId: r.id,
    type: r.type as AiJobType,
    projectId: r.project_id,
    modelId: r.model_id,
    modelName: modelName.get(r.model_id) ?? '',
    tool: r.tool as AiTool,
    state: r.state as AiJobState,
    done: r.done,
    total: r.total,
    taskId: r.task_id,
    batchId: r.batch_id,
    applied: { unmapped: [], notOutlined: 0, ...(JSON.parse(r.applied) as Applied) },
    train: r.train ? (JSON.parse(r.train) as TrainOutcome) : null,
    error: r.error_code ? { code: r.error_code, message: r.error_message ?? '' } : null,
    createdBy: r.created_by,
    createdByName: userName.get(r.created_by) ?? '',
    createdAt: Number(r.created_at),
    startedAt: r.started_at === null ? null : Number(r.started_at),
    finishedAt: r.finished_at === null ? null : Number(r.finished_at),
  }));
}

export const pageOfJobs = (list: AiJob[], total: number, page: number, pageSize: number): PageOf<AiJob> => ({ list, total, page, pageSize });
