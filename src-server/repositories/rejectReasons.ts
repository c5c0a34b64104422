import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';
import type { ProjectRejectReason } from '../../src-shared/api/project';

/** Whether a database error is a unique-constraint violation (PostgreSQL 23505, SQLite UNIQUE). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** The reasons reviewers pick from when they reject work, per project. */
export class RejectReasonsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Oldest first, so the order reviewers learned stays put. */
  async list(projectId: number): Promise<ProjectRejectReason[]> {
    const rows = await this.db
      .selectFrom('reject_reasons')
      .select(['id', 'reason', 'created_at'])
      .where('project_id', '=', projectId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ id: r.id, reason: r.reason, createdAt: r.created_at }));
  }

  async count(projectId: number): Promise<number> {
    const r = await this.db.selectFrom('reject_reasons').select((eb) => eb.fn.countAll<number>().as('n')).where('project_id', '=', projectId).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async exists(projectId: number, reason: string): Promise<boolean> {
    return (await this.db.selectFrom('reject_reasons').select('id').where('project_id', '=', projectId).where('reason', '=', reason).executeTakeFirst()) !== undefined;
  }

  async add(p: { projectId: number; reason: string; createdBy: number; now: number }): Promise<ProjectRejectReason> {
    const r = await this.db
      .insertInto('reject_reasons')
      .values({ project_id: p.projectId, reason: p.reason, created_by: p.createdBy, created_at: p.now })
      .returning(['id', 'reason', 'created_at'])
      .executeTakeFirstOrThrow();
    return { id: r.id, reason: r.reason, createdAt: r.created_at };
  }

  /** Deletes one reason of this project; false when the id is not one of its reasons. */
  async remove(projectId: number, id: number): Promise<boolean> {
    const r = await this.db.deleteFrom('reject_reasons').where('id', '=', id).where('project_id', '=', projectId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }
}
