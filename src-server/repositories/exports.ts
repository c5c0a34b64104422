import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../database/schema';
import type { ExportsTable, ExportTransfersTable } from '../database/exportSchema';
import type { PageOf } from '../../src-shared/api/envelope';
import type { ExportFilters, ExportFormatName, ExportJob, ExportOptions, ExportReportData, ExportStatus, ExportTransfer } from '../../src-shared/api/export';

type ExportRow = Selectable<ExportsTable>;

const toTransfer = (r: Selectable<ExportTransfersTable>): ExportTransfer => ({
  id: r.id,
  exportId: r.export_id,
  destination: r.destination,
  status: r.status as ExportTransfer['status'],
  message: r.message,
  bytes: Number(r.bytes),
  reportedBy: r.reported_by,
  reportedAt: Number(r.reported_at),
});

const toJob = (r: ExportRow, transfers: ExportTransfer[]): ExportJob => {
  const done = r.done_items;
  const total = r.total_items;
  const finished = r.status === 'done';
  return {
    id: r.id,
    projectId: r.project_id,
    planId: r.plan_id,
    name: r.name,
    format: r.format as ExportFormatName,
    filters: JSON.parse(r.filters) as ExportFilters,
    options: JSON.parse(r.options) as ExportOptions,
    status: r.status as ExportStatus,
    done,
    total,
    percent: finished ? 100 : total > 0 ? Math.min(99.9, Math.floor((done / total) * 1000) / 10) : 0,
    objectKey: r.object_key,
    sizeBytes: Number(r.size_bytes),
    report: r.report ? (JSON.parse(r.report) as ExportReportData) : null,
    errorCode: r.error_code,
    errorDetail: r.error_detail,
    attempts: r.attempts,
    createdBy: r.created_by,
    createdAt: Number(r.created_at),
    startedAt: r.started_at === null ? null : Number(r.started_at),
    finishedAt: r.finished_at === null ? null : Number(r.finished_at),
    transfers,
  };
};

/** What a runner needs of the export it holds. */
export interface ClaimedExport {
  id: number;
  projectId: number;
  name: string;
  format: ExportFormatName;
  filters: ExportFilters;
  options: ExportOptions;
  attempts: number;
}

/**
 * Export runs and their lifecycle. A runner holds a running export by a lease (`runner_id`,
 * `heartbeat_at`): every write of a runner is conditional on still holding it, so a cancel, a
 * delete, or another runner taking over a lapsed lease makes the old runner's writes no-ops,
 * which is how it learns to stop. This works the same with one server or several.
 */
export class ExportsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private async withTransfers(rows: ExportRow[]): Promise<ExportJob[]> {
    if (rows.length === 0) return [];
    const transfers = await this.db.selectFrom('export_transfers').selectAll().where('export_id', 'in', rows.map((r) => r.id)).orderBy('id').execute();
    const byExport = new Map<number, ExportTransfer[]>();
    for (const t of transfers) byExport.set(t.export_id, [...(byExport.get(t.export_id) ?? []), toTransfer(t)]);
    return rows.map((r) => toJob(r, byExport.get(r.id) ?? []));
  }

  async create(p: { projectId: number; planId: number | null; name: string; format: ExportFormatName; filters: ExportFilters; options: ExportOptions; userId: number; now: number }): Promise<ExportJob> {
    const r = await this.db
      .insertInto('exports')
      .values({
        project_id: p.projectId,
        plan_id: p.planId,
        name: p.name,
        format: p.format,
        filters: JSON.stringify(p.filters),
        options: JSON.stringify(p.options),
        status: 'queued',
        done_items: 0,
        total_items: 0,
        size_bytes: 0,
        attempts: 0,
        created_by: p.userId,
        created_at: p.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toJob(r, []);
  }

  async find(projectId: number, id: number): Promise<ExportJob | undefined> {
    const r = await this.db.selectFrom('exports').selectAll().where('project_id', '=', projectId).where('id', '=', id).executeTakeFirst();
    return r && (await this.withTransfers([r]))[0];
  }

  async list(projectId: number, q: { ids?: readonly number[]; status?: ExportStatus; page: number; pageSize: number }): Promise<PageOf<ExportJob>> {
    let base = this.db.selectFrom('exports').where('project_id', '=', projectId);
    if (q.ids) base = base.where('id', 'in', [...q.ids]);
    if (q.status) base = base.where('status', '=', q.status);
    const [rows, total] = await Promise.all([
      base.selectAll().orderBy('id', 'desc').limit(q.pageSize).offset((q.page - 1) * q.pageSize).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { list: await this.withTransfers(rows), total: Number(total.n), page: q.page, pageSize: q.pageSize };
  }

  /**
   * Fails the running exports whose runner went away (lease lapsed) after `maxAttempts` starts:
   * a job that keeps taking its server down is not retried for ever. Answers the failed rows.
   */
  async failExhausted(now: number, leaseMs: number, maxAttempts: number): Promise<{ id: number; projectId: number }[]> {
    const rows = await this.db
      .updateTable('exports')
      .set({ status: 'failed', error_code: 'export.interrupted', error_detail: `the server stopped during each of ${maxAttempts} attempts`, finished_at: now, runner_id: null })
      .where('status', '=', 'running')
      .where('heartbeat_at', '<', now - leaseMs)
      .where('attempts', '>=', maxAttempts)
      .returning(['id', 'project_id'])
      .execute();
    return rows.map((r) => ({ id: r.id, projectId: r.project_id }));
  }

  /**
   * Takes the oldest export waiting for a runner: queued, or running under a lapsed lease (its
   * server stopped: it starts over, as a new attempt). One conditional UPDATE, so two runners
   * never take the same export; a lost race answers undefined and the caller looks again.
   */
  async claimNext(runnerId: string, now: number, leaseMs: number): Promise<ClaimedExport | undefined> {
    const waiting = (eb: ExpressionBuilder<Database, 'exports'>) =>
      eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('heartbeat_at', '<', now - leaseMs)])]);
    const candidate = await this.db.selectFrom('exports').select('id').where(waiting).orderBy('id').limit(1).executeTakeFirst();
    if (!candidate) return undefined;
    const r = await this.db
      .updateTable('exports')
      .set({ status: 'running', runner_id: runnerId, heartbeat_at: now, attempts: sql`attempts + 1`, started_at: now, done_items: 0 })
      .where('id', '=', candidate.id)
      .where(waiting)
      .returningAll()
      .executeTakeFirst();
    if (!r) return undefined;
    return { id: r.id, projectId: r.project_id, name: r.name, format: r.format as ExportFormatName, filters: JSON.parse(r.filters), options: JSON.parse(r.options), attempts: r.attempts };
  }

  /** Renews the lease and records progress; false when the runner no longer holds it (cancelled, deleted, taken over). */
  async heartbeat(id: number, runnerId: string, now: number, progress: { done: number; total: number }): Promise<boolean> {
    const r = await this.db
      .updateTable('exports')
      .set({ heartbeat_at: now, done_items: progress.done, total_items: progress.total })
      .where('id', '=', id)
      .where('runner_id', '=', runnerId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Marks it done with its zip, if the runner still holds it; false means the zip must go. */
  async finish(id: number, runnerId: string, p: { now: number; objectKey: string; sizeBytes: number; report: ExportReportData; total: number }): Promise<boolean> {
    const r = await this.db
      .updateTable('exports')
      .set({ status: 'done', object_key: p.objectKey, size_bytes: p.sizeBytes, report: JSON.stringify(p.report), done_items: p.total, total_items: p.total, finished_at: p.now, runner_id: null })
      .where('id', '=', id)
      .where('runner_id', '=', runnerId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async fail(id: number, runnerId: string, p: { now: number; code: string; detail: string }): Promise<boolean> {
    const r = await this.db
      .updateTable('exports')
      .set({ status: 'failed', error_code: p.code, error_detail: p.detail.slice(0, 1000), finished_at: p.now, runner_id: null })
      .where('id', '=', id)
      .where('runner_id', '=', runnerId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Hands a run back to the queue (its server is stopping); the interrupted start does not count. */
  async requeue(id: number, runnerId: string): Promise<void> {
    await this.db
      .updateTable('exports')
      .set({ status: 'queued', runner_id: null, heartbeat_at: null, done_items: 0, attempts: sql`attempts - 1` })
      .where('id', '=', id)
      .where('runner_id', '=', runnerId)
      .where('status', '=', 'running')
      .execute();
  }

  /** Cancels a queued or running export; answers its row as it is after (undefined: none such). */
  async cancel(projectId: number, id: number, now: number): Promise<{ cancelled: boolean; status: ExportStatus } | undefined> {
    const r = await this.db
      .updateTable('exports')
      .set({ status: 'cancelled', finished_at: now, runner_id: null })
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) > 0) return { cancelled: true, status: 'cancelled' };
    const row = await this.db.selectFrom('exports').select('status').where('project_id', '=', projectId).where('id', '=', id).executeTakeFirst();
    return row && { cancelled: false, status: row.status as ExportStatus };
  }

  /** Deletes exports of the project; answers those that existed with their zip keys. */
  async remove(projectId: number, ids: readonly number[]): Promise<{ id: number; objectKey: string | null; status: ExportStatus }[]> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('exports').select(['id', 'object_key', 'status']).where('project_id', '=', projectId).where('id', 'in', [...ids]).execute();
      if (rows.length > 0) await trx.deleteFrom('exports').where('id', 'in', rows.map((r) => r.id)).execute();
      return rows.map((r) => ({ id: r.id, objectKey: r.object_key, status: r.status as ExportStatus }));
    });
  }

  async addTransfer(p: { exportId: number; projectId: number; destination: string; status: 'delivered' | 'failed'; message: string; bytes: number; userId: number; now: number }): Promise<ExportTransfer> {
    const r = await this.db
      .insertInto('export_transfers')
      .values({ export_id: p.exportId, project_id: p.projectId, destination: p.destination, status: p.status, message: p.message, bytes: p.bytes, reported_by: p.userId, reported_at: p.now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toTransfer(r);
  }
}
