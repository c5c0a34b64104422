import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database/connect';
import type { Migration } from './types';

/**
 * The performance reports' rollups of task_subject_logs (src-server/database/performanceSchema.ts):
 * one row per person, workflow step and UTC day, and one per reason an annotator's work was
 * rejected for, so a report reads a few thousand rows instead of scanning a million log rows.
 * New log rows are added by the transaction that appends them (repositories/performanceRollup.ts);
 * rows logged before this migration are added by the backfill below, by the same rules.
 */
export const m0011: Migration = {
  async up(db, columns) {
    const key = (t: string) =>
      db.schema
        .createTable(t)
        .addColumn('day', columns.bigint, (c) => c.notNull())
        .addColumn('project_id', 'integer', (c) => c.notNull())
        // Deleting a task (or its project) deletes its log rows, and so its figures.
        .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('workflow_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull());
    const counter = (name: string, type = 'integer' as const) => (t: ReturnType<typeof key>) => t.addColumn(name, type, (c) => c.notNull().defaultTo(0));
    let daily = key('performance_daily');
    for (const c of ['claims', 'submits', 'submitted_objects', 'rework_submits', 'skips', 'passes_given', 'rejects_given', 'reviewed_objects']) daily = counter(c)(daily);
    daily = daily.addColumn('active_ms', columns.bigint, (c) => c.notNull().defaultTo(0));
    for (const c of ['passes_received', 'rejects_received', 'first_verdicts_received', 'first_passes_received']) daily = counter(c)(daily);
    // The key leads with the project: a team's report reads its projects' day ranges.
    await daily.addPrimaryKeyConstraint('performance_daily_pk', ['project_id', 'day', 'task_id', 'workflow_id', 'user_id']).execute();
    // A vendor team's report reads its members' day ranges on other teams' projects.
    await db.schema.createIndex('performance_daily_user').on('performance_daily').columns(['user_id', 'day']).execute();

    await key('performance_reject_reasons')
      .addColumn('reason_id', 'integer', (c) => c.notNull())
      .addColumn('rejects', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('performance_reject_reasons_pk', ['project_id', 'day', 'task_id', 'workflow_id', 'user_id', 'reason_id'])
      .execute();
    await db.schema.createIndex('performance_reject_reasons_user').on('performance_reject_reasons').columns(['user_id', 'day']).execute();

    await backfillPerformanceRollups(db, columns.dialect);
  },
};

const DAY = sql.lit(86_400_000);

/**
 * Each verdict (pass, reject) with the log row of the annotate work it judged (the last submit
 * at a step before the review) and whether the task subject was rejected before it: the same
 * rules as verdictContextOf in src-server/performance/rollupDelta.ts.
 */
const VERDICTS = sql`verdicts as (
  select l.id, l.created_at, l.project_id, l.task_id, l.action, l.reject_reason_ids, l.reason,
    (select s.id from task_subject_logs s
      where s.task_subject_id = l.task_subject_id and s.action = 'submit' and s.step_index < l.step_index and s.id < l.id
      order by s.id desc limit 1) as submit_id,
    case when exists (select 1 from task_subject_logs r
      where r.task_subject_id = l.task_subject_id and r.action = 'reject' and r.id < l.id) then 1 else 0 end as rejected_before
  from task_subject_logs l
  where l.action in ('pass', 'reject'))`;

/**
 * Fills the rollups from every log row (they must be empty): what the live path adds row by row,
 * computed in two statements. The migration runs it; tests and benchmarks use it to check and to
 * seed the rollups.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- runs against the schema as this migration left it
export async function backfillPerformanceRollups(db: Kysely<any>, dialect: DialectName): Promise<void> {
  // A submit is rework when the last earlier row that sets or clears the rework flag is a rejection.
  await sql`with ${VERDICTS}
    insert into performance_daily (day, project_id, task_id, workflow_id, user_id, claims, submits, submitted_objects,
      rework_submits, skips, passes_given, rejects_given, reviewed_objects, active_ms,
      passes_received, rejects_received, first_verdicts_received, first_passes_received)
    select day, project_id, task_id, workflow_id, user_id, sum(claims), sum(submits), sum(submitted_objects),
      sum(rework_submits), sum(skips), sum(passes_given), sum(rejects_given), sum(reviewed_objects), sum(active_ms),
      sum(passes_received), sum(rejects_received), sum(first_verdicts_received), sum(first_passes_received)
    from (
      select (l.created_at / ${DAY}) * ${DAY} as day, l.project_id, l.task_id, l.workflow_id, l.user_id,
        case when l.action = 'claim' then 1 else 0 end as claims,
        case when l.action = 'submit' then 1 else 0 end as submits,
        case when l.action = 'submit' then l.object_count else 0 end as submitted_objects,
        case when l.action = 'submit' and (select p.action from task_subject_logs p
            where p.task_subject_id = l.task_subject_id and p.id < l.id and p.action in ('reject', 'submit', 'pass', 'move', 'reopen')
            order by p.id desc limit 1) = 'reject' then 1 else 0 end as rework_submits,
        case when l.action = 'skip' then 1 else 0 end as skips,
        case when l.action = 'pass' then 1 else 0 end as passes_given,
        case when l.action = 'reject' then 1 else 0 end as rejects_given,
        case when l.action in ('pass', 'reject') then l.object_count else 0 end as reviewed_objects,
        l.active_ms as active_ms,
        0 as passes_received, 0 as rejects_received, 0 as first_verdicts_received, 0 as first_passes_received
      from task_subject_logs l
      where l.action in ('claim', 'skip', 'submit', 'pass', 'reject') or l.active_ms > 0
      union all
      select (v.created_at / ${DAY}) * ${DAY}, v.project_id, v.task_id, s.workflow_id, s.user_id,
        0, 0, 0, 0, 0, 0, 0, 0, 0,
        case when v.action = 'pass' then 1 else 0 end,
        case when v.action = 'reject' then 1 else 0 end,
        1 - v.rejected_before,
        case when v.action = 'pass' then 1 - v.rejected_before else 0 end
      from verdicts v join task_subject_logs s on s.id = v.submit_id
    ) x
    group by day, project_id, task_id, workflow_id, user_id`.execute(db);

  // Each rejection once per distinct reason; when it named none of the catalogue, -1 for the
  // reviewer's own words and 0 for nothing (TYPED_REASON, NO_REASON in rollupDelta.ts).
  const reasons =
    dialect === 'postgres'
      ? sql`left join lateral jsonb_array_elements_text(v.reject_reason_ids::jsonb) as j(value) on true`
      : sql`left join json_each(v.reject_reason_ids) as j`;
  await sql`with ${VERDICTS},
    judged as (
      select distinct v.id, (v.created_at / ${DAY}) * ${DAY} as day, v.project_id, v.task_id, s.workflow_id, s.user_id,
        coalesce(cast(j.value as integer), case when trim(v.reason) <> '' then -1 else 0 end) as reason_id
      from verdicts v join task_subject_logs s on s.id = v.submit_id ${reasons}
      where v.action = 'reject')
    insert into performance_reject_reasons (day, project_id, task_id, workflow_id, user_id, reason_id, rejects)
    select day, project_id, task_id, workflow_id, user_id, reason_id, count(*) from judged
    group by day, project_id, task_id, workflow_id, user_id, reason_id`.execute(db);
}
