/**
 * The performance reports over 1,000,000 task-subject log rows, on SQLite and on PostgreSQL,
 * through the HTTP app (inject): p50/p95 of each call with the filters a manager uses, next to
 * the naive report (the same summary as a GROUP BY over task_subject_logs) as the baseline.
 * Data: one team of 200 people (140 annotators, 60 reviewers, 10 groups), 5 projects of 4 tasks
 * (annotate, review), 180 days; each task subject is claimed, saved, submitted, claimed and
 * passed or (one in five) rejected: 5 log rows. The rollups are filled by migration 0011's
 * backfill, the same rules the live path applies row by row (tests/integration/server-performance-rollup.test.ts).
 * Usage: npx tsx bench/performance-reports.ts   (BENCH_ROWS log rows, default 1,000,000;
 * BENCH_N calls per report, default 50; PostgreSQL from TEST_DATABASE_URL or .run/pg.env)
 */
import { sql, type Kysely } from 'kysely';
import { startTestServer, type TestServer } from '../tests/support/testServer';
import type { DbKind } from '../tests/support/databases';
import type { Database } from '../src-server/database/schema';
import { backfillPerformanceRollups } from '../src-server/migrations/0011_performance_rollup';
import { fmt, percentiles, sample } from './lib/stats';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const N = Number(process.env.BENCH_N ?? 50);
const SUBJECTS = Math.floor(ROWS / 5);
const DAYS = 180;
const DAY = 86_400_000;
const PEOPLE = 200;
const TASKS = 20;
const PROJECTS = 5;

/** Rows numbered 1..n, in SQL both databases run. */
const series = (n: number) => sql`with recursive g(n) as (select 1 union all select n + 1 from g where n < ${sql.lit(n)})`;

async function seed(db: Kysely<Database>, dialect: DbKind) {
  const now = Date.now();
  const start = Math.floor(now / DAY) * DAY - (DAYS - 1) * DAY;
  const users = await db
    .insertInto('users')
    .values(Array.from({ length: PEOPLE }, (_, i) => ({ mobile: `1390000${String(i).padStart(4, '0')}`, name: `Person ${String(i).padStart(3, '0')}`, password_hash: 'x', current_team_id: null, created_at: now, updated_at: now })))
    .returning('id')
    .execute();
  const u0 = users[0]!.id;
  const teamId = (await db.insertInto('teams').values({ name: 'Bench team', owner_id: u0, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  await db.insertInto('team_members').values(users.map((u, i) => ({ team_id: teamId, user_id: u.id, role: i === 0 ? 'owner' : i < 140 ? 'annotator' : 'reviewer', joined_at: now }))).execute();
  await db.updateTable('users').set({ current_team_id: teamId }).execute();
  for (let g = 0; g < 10; g++) {
    const groupId = (await db.insertInto('team_groups').values({ team_id: teamId, name: `Group ${g}`, created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    await db.insertInto('group_members').values(users.filter((_, i) => i % 10 === g).map((u) => ({ group_id: groupId, user_id: u.id }))).execute();
  }
  const projects: number[] = [];
  const batches: number[] = [];
  for (let p = 0; p < PROJECTS; p++) {
    const projectId = (await db.insertInto('projects').values({ team_id: teamId, name: `Project ${p}`, type: 'image', is_vendor: 0, created_by: u0, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    projects.push(projectId);
    batches.push((await db.insertInto('batches').values({ project_id: projectId, name: 'all', created_by: u0, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id);
    await db.insertInto('reject_reasons').values(['Wrong label', 'Loose box'].map((reason) => ({ project_id: projectId, reason, created_by: u0, created_at: now }))).execute();
  }
  const tasks: number[] = [];
  const steps: number[] = [];
  for (let t = 0; t < TASKS; t++) {
    const projectId = projects[t % PROJECTS]!;
    const taskId = (await db.insertInto('tasks').values({ project_id: projectId, name: `Task ${t}`, created_by: u0, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    tasks.push(taskId);
    for (const [i, type] of ['annotate', 'review'].entries()) {
      steps.push((await db.insertInto('workflows').values({ task_id: taskId, project_id: projectId, step_index: i, type, name: type, created_at: now }).returning('id').executeTakeFirstOrThrow()).id);
    }
  }
  // The SQL below maps numbers to ids by arithmetic: a fresh database hands them out in a row.
  const consecutive = (ids: number[], stride = 1) => ids.every((id, i) => id === ids[0]! + i * stride);
  if (!consecutive(projects) || !consecutive(batches) || !consecutive(tasks) || !consecutive(steps) || !consecutive(users.map((u) => u.id))) throw new Error('ids are not consecutive');
  const reason0 = (await db.selectFrom('reject_reasons').select('id').orderBy('id').executeTakeFirstOrThrow()).id;

  // Subject n: project n % 5, task n % 20; worked on day n / 140 % 180 by annotator (n % 20) + 20 * (n / 20 % 7)
  // (each annotator keeps to one task; every run of 140 subjects gives each of them one) and reviewer
  // 140 + (n % 20) + 20 * (n / 20 % 3): every person works every day.
  await sql`${series(SUBJECTS)} insert into subjects (project_id, batch_id, name, record_type, frame_count, size_bytes, content_hash, created_by, created_at)
    select ${projects[0]} + n % ${PROJECTS}, ${batches[0]} + n % ${PROJECTS}, 'item_' || n, 'image', 1, 1000, 'h' || n, ${u0}, ${now} from g`.execute(db);
  const s0 = (await db.selectFrom('subjects').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  await sql`insert into task_subjects (task_id, project_id, subject_id, workflow_id, step_index, state, created_at, updated_at)
    select ${tasks[0]} + (s.id - ${s0} + 1) % ${TASKS}, s.project_id, s.id, ${steps[0]} + 2 * ((s.id - ${s0} + 1) % ${TASKS}) + 1, 1, 'done', ${now}, ${now}
    from subjects s order by s.id`.execute(db);
  const ts0 = (await db.selectFrom('task_subjects').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const int = dialect === 'postgres' ? sql`bigint` : sql`integer`;
  await sql`insert into task_subject_logs (task_subject_id, task_id, project_id, workflow_id, step_index, user_id, action, from_state, to_state,
      active_ms, object_count, reason, reject_reason_ids, created_at)
    select ts.id, ts.task_id, ts.project_id, ${steps[0]} + 2 * (x.n % ${TASKS}) + case when k.k >= 3 then 1 else 0 end, case when k.k >= 3 then 1 else 0 end,
      case when k.k >= 3 then ${u0} + 140 + x.n % ${TASKS} + 20 * ((x.n / ${TASKS}) % 3) else ${u0} + x.n % ${TASKS} + 20 * ((x.n / ${TASKS}) % 7) end,
      case k.k when 0 then 'claim' when 1 then 'save' when 2 then 'submit' when 3 then 'claim' else case when x.n % 5 = 0 then 'reject' else 'pass' end end,
      'pending', 'claimed',
      case k.k when 2 then 30000 + (x.n * 7919) % 120000 when 4 then 5000 + (x.n * 104729) % 30000 else 0 end,
      case when k.k >= 2 then x.n % 25 else 0 end, '',
      case when k.k = 4 and x.n % 5 = 0 then '[' || (${reason0} + 2 * (x.n % ${PROJECTS})) || ']' else '[]' end,
      cast(${start} as ${int}) + ((x.n / 140) % ${DAYS}) * ${sql.lit(DAY)} + 3600000 * 8 + (x.n % 1000) * 20000 + k.k * 60000
    from (select id, cast(id - ${ts0} + 1 as ${int}) as n from task_subjects) x
    join task_subjects ts on ts.id = x.id
    cross join (select 0 as k union all select 1 union all select 2 union all select 3 union all select 4) k
    order by ts.id, k.k`.execute(db);
  return { teamId, owner: u0, projects, tasks, start };
}

interface Row { name: string; sqlite?: { p50: number; p95: number }; postgres?: { p50: number; p95: number } }
const results = new Map<string, Row>();

async function run(kind: DbKind) {
  const s: TestServer = await startTestServer(kind);
  try {
    const db = s.app.ctx.db;
    let t0 = performance.now();
    const seeded = await seed(db, kind);
    const seedS = (performance.now() - t0) / 1000;
    t0 = performance.now();
    await backfillPerformanceRollups(db, kind);
    if (kind === 'postgres') await sql`vacuum analyze`.execute(db);
    else await sql`analyze`.execute(db);
    const backfillS = (performance.now() - t0) / 1000;
    const logRows = Number((await db.selectFrom('task_subject_logs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const rollupRows = Number((await db.selectFrom('performance_daily').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    console.log(`${kind}: ${logRows} log rows seeded in ${seedS.toFixed(0)} s; ${rollupRows} rollup rows backfilled in ${backfillS.toFixed(1)} s`);

    const token = await s.app.ctx.repos.sessions.open(seeded.owner, Date.now());
    const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
    const today = Math.floor(Date.now() / DAY) * DAY;
    const last = (days: number) => ({ from: iso(today - (days - 1) * DAY), to: iso(today) });
    const post = async (path: string, payload: object) => {
      const r = await s.app.inject({ method: 'POST', url: `/core/performance/${path}`, headers: { 'x-annot-token': token }, payload });
      if (r.statusCode !== 200) throw new Error(`${path}: ${r.statusCode} ${r.body.slice(0, 200)}`);
      return r;
    };
    const calls: [string, () => Promise<unknown>][] = [
      ['summary, last 30 days', () => post('summary', last(30))],
      ['summary, 180 days', () => post('summary', last(180))],
      ['efficiency by person, 90 days', () => post('efficiency', { ...last(90), groupBy: 'person' })],
      ['efficiency by group, 180 days', () => post('efficiency', { ...last(180), groupBy: 'group' })],
      ['personnel, 30 days', () => post('personnel', last(30))],
      ['quality by day, 90 days, one project', () => post('quality', { ...last(90), groupBy: 'day', projectIds: [seeded.projects[0]] })],
      ['quality by person, 180 days', () => post('quality', { ...last(180), groupBy: 'person' })],
      ['workload by person × day, 30 days', () => post('workload', { ...last(30), groupBy: 'person' })],
      ['screen', () => post('screen', {})],
      ['export personnel CSV, 30 days', () => post('export', { ...last(30), report: 'personnel', format: 'csv' })],
      ['export workload XLSX, 30 days', () => post('export', { ...last(30), report: 'workload', groupBy: 'person', format: 'xlsx' })],
    ];
    // The baseline: the summary's plain counts straight from the log (no first-pass, no rework).
    const naive = (days: number) => async () => {
      const from = today - (days - 1) * DAY;
      await sql`select count(distinct user_id) as people, sum(case when action = 'claim' then 1 else 0 end) as claims,
          sum(case when action = 'submit' then 1 else 0 end) as submits, sum(case when action = 'submit' then object_count else 0 end) as objects,
          sum(case when action = 'pass' then 1 else 0 end) as passes, sum(case when action = 'reject' then 1 else 0 end) as rejects,
          sum(case when action = 'skip' then 1 else 0 end) as skips, sum(active_ms) as active_ms
        from task_subject_logs where project_id in (select id from projects where team_id = ${seeded.teamId})
          and created_at >= ${from} and created_at < ${today + DAY}`.execute(db);
    };
    calls.push(['baseline: naive log scan summary, 30 days', naive(30)], ['baseline: naive log scan summary, 180 days', naive(180)]);
    for (const [name, fn] of calls) {
      const p = percentiles(await sample(N, fn, 5));
      const row = results.get(name) ?? { name };
      row[kind] = { p50: p.p50, p95: p.p95 };
      results.set(name, row);
    }
  } finally {
    await s.close();
  }
}

for (const kind of ['sqlite', 'postgres'] as const) await run(kind);

const cell = (x?: { p50: number; p95: number }) => (x ? `${fmt(x.p50)} / ${fmt(x.p95)}` : '-');
console.log(`\n${ROWS.toLocaleString('en')} log rows, ${N} calls each, ms p50 / p95 (through the HTTP app, inject)\n`);
console.log('| call | SQLite | PostgreSQL |');
console.log('|---|---|---|');
for (const r of results.values()) console.log(`| ${r.name} | ${cell(r.sqlite)} | ${cell(r.postgres)} |`);
const ratio = (kind: 'sqlite' | 'postgres', days: number) => {
  const base = results.get(`baseline: naive log scan summary, ${days} days`)?.[kind]?.p50;
  const ours = results.get(`summary, ${days === 30 ? 'last 30 days' : '180 days'}`)?.[kind]?.p50;
  return base && ours ? `${(base / ours).toFixed(1)}×` : '-';
};
console.log(`\nNaive scan p50 / summary call p50: 30 days SQLite ${ratio('sqlite', 30)}, PostgreSQL ${ratio('postgres', 30)}; 180 days SQLite ${ratio('sqlite', 180)}, PostgreSQL ${ratio('postgres', 180)}`);
