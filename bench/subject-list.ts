/**
 * The subject list over real HTTP on PostgreSQL with 1,000,000 subjects in one project (100
 * batches of 10,000, a quarter of them 5-frame sequences) and, in the same tables, a project of
 * 10,000 for the growth comparison; next to a bare `SELECT 1` through the same Kysely handle.
 * Usage: tsx bench/subject-list.ts   (PostgreSQL from TEST_DATABASE_URL or .run/pg.env, in a
 * fresh database; BENCH_N sets the sample size per call, default 300)
 */
import { sql, type Kysely } from 'kysely';
import { startTestServer } from '../tests/support/testServer';
import { hashPassword } from '../src-server/auth/password';
import type { Database } from '../src-server/database/schema';
import { fmt, percentiles, sample } from './lib/stats';

const N = Number(process.env.BENCH_N ?? 300);
const PAGE_SIZE = 50;
const PASSWORD = 'bench password 1';

/** A project of `batches` × `perBatch` subjects, every fourth a 5-frame sequence, ids in runs per batch. */
async function seedProject(db: Kysely<Database>, p: { teamId: number; owner: number; name: string; batches: number; perBatch: number; now: number }) {
  const { owner, now } = p;
  const projectId = (
    await db.insertInto('projects').values({ team_id: p.teamId, name: p.name, type: 'image', is_vendor: 0, created_by: owner, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()
  ).id;
  const batchIds: number[] = [];
  for (let b = 0; b < p.batches; b++) {
    const batchId = (
      await db
        .insertInto('batches')
        .values({ project_id: projectId, name: `batch ${String(b).padStart(3, '0')}`, subject_count: p.perBatch, created_by: owner, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    batchIds.push(batchId);
    const first = b * p.perBatch;
    await sql`
      insert into subjects (project_id, batch_id, name, record_type, frame_count, size_bytes, content_hash, created_by, created_at)
      select ${projectId}, ${batchId}, 'cam' || (g % 7) || '_' || lpad((${first}::int + g)::text, 7, '0') || '.jpg',
             case when g % 4 = 0 then 'frame' else 'image' end, case when g % 4 = 0 then 5 else 1 end,
             case when g % 4 = 0 then 1250000 else 250000 end,
             md5(${projectId}::text || ':' || (${first}::int + g)) || md5((${first}::int + g)::text), ${owner}, ${now}::bigint
      from generate_series(1, ${p.perBatch}::int) g`.execute(db);
    await sql`
      insert into subject_frames (subject_id, frame_index, object_key, file_name, content_type, size_bytes, width, height, content_hash)
      select s.id, f.i, 'dataset/' || ${projectId}::int || '/' || s.batch_id || '/' || s.id || '_' || f.i || '.jpg', s.id || '_' || f.i || '.jpg',
             'image/jpeg', 250000, 1920, 1080, md5(s.id || '/' || f.i) || md5(f.i || '/' || s.id)
      from subjects s cross join lateral generate_series(0, s.frame_count - 1) as f(i)
      where s.batch_id = ${batchId}::int`.execute(db);
    // The per-type counters the import route keeps (migration 0009).
    await sql`
      insert into batch_type_counts (batch_id, record_type, subject_count)
      select batch_id, record_type, count(*) from subjects where batch_id = ${batchId}::int group by batch_id, record_type`.execute(db);
  }
  return { projectId, batchIds };
}

const s = await startTestServer('postgres');
const address = await s.app.listen({ host: '127.0.0.1', port: 0 });
try {
  const db = s.app.ctx.db;
  const now = Date.now();
  const t0 = performance.now();
  const owner = (
    await db.insertInto('users').values({ mobile: '13700000000', name: 'Bench owner', password_hash: await hashPassword(PASSWORD), current_team_id: null, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()
  ).id;
  const teamId = (await db.insertInto('teams').values({ name: 'Bench team', owner_id: owner, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  await db.insertInto('team_members').values({ team_id: teamId, user_id: owner, role: 'owner', joined_at: now }).execute();
  await db.updateTable('users').set({ current_team_id: teamId }).where('id', '=', owner).execute();
  const big = await seedProject(db, { teamId, owner, name: 'Million', batches: 100, perBatch: 10_000, now });
  const small = await seedProject(db, { teamId, owner, name: 'Ten thousand', batches: 10, perBatch: 1000, now });
  // What autovacuum does shortly after a bulk load: planner statistics and the visibility map.
  await sql`vacuum analyze`.execute(db);
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

  const login = await fetch(`${address}/core/user/login/mobile`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mobile: '13700000000', password: PASSWORD }),
  });
  const token = ((await login.json()) as { data: { tokenValue: string } }).data.tokenValue;
  const get = async (path: string) => {
    const r = await fetch(`${address}/core${path}`, { headers: { 'x-annot-token': token } });
    const body = (await r.json()) as { code: number; data: { list?: unknown[]; count?: number } };
    if (body.code !== 200) throw new Error(`${path} failed: ${JSON.stringify(body)}`);
    return body.data;
  };

  const rows: [string, ReturnType<typeof percentiles>][] = [];
  rows.push(['SELECT 1 (bare)', percentiles(await sample(N, () => sql`select 1`.execute(db)))]);
  for (const [label, project, total] of [['1,000,000', big, 1_000_000], ['10,000', small, 10_000]] as const) {
    const base = `/project/${project.projectId}/subject`;
    const ids = await db.selectFrom('subjects').select('id').where('project_id', '=', project.projectId).orderBy('id', 'desc').limit(PAGE_SIZE * 2).execute();
    const nearEnd = ids[ids.length - 1]!.id;
    const middleBatch = project.batchIds[Math.floor(project.batchIds.length / 2)]!;
    const perBatch = total / project.batchIds.length;
    const middlePage = Math.floor(total / PAGE_SIZE / 2);
    const cases: [string, (i: number) => string][] = [
      ['list, first page', () => `${base}/list?pageSize=${PAGE_SIZE}`],
      ['list, keyset near the end (afterId)', () => `${base}/list?pageSize=${PAGE_SIZE}&afterId=${nearEnd}`],
      [`list, page ${middlePage} (middle)`, () => `${base}/list?pageSize=${PAGE_SIZE}&page=${middlePage}`],
      [`list, page ${total / PAGE_SIZE} (last)`, () => `${base}/list?pageSize=${PAGE_SIZE}&page=${total / PAGE_SIZE}`],
      [`list, random page of ${total / PAGE_SIZE}`, (i) => `${base}/list?pageSize=${PAGE_SIZE}&page=${1 + ((i * 7919) % (total / PAGE_SIZE))}`],
      ['list, batch filter, first page', () => `${base}/list?pageSize=${PAGE_SIZE}&batchId=${middleBatch}`],
      [`list, batch filter, page ${perBatch / PAGE_SIZE} (batch's last)`, () => `${base}/list?pageSize=${PAGE_SIZE}&batchId=${middleBatch}&page=${perBatch / PAGE_SIZE}`],
      ['list/frame (recordType), first page', () => `${base}/list/frame?pageSize=${PAGE_SIZE}`],
      ['list, recordType=frame, keyset near the end', () => `${base}/list?pageSize=${PAGE_SIZE}&recordType=frame&afterId=${nearEnd - 400}`],
      ['list, name contains "cam3_", first page', () => `${base}/list?pageSize=${PAGE_SIZE}&name=cam3_`],
      ['list/count (no filter)', () => `${base}/list/count`],
      ['list/count, batch filter', () => `${base}/list/count?batchId=${middleBatch}`],
      ['count/{batchId}', () => `${base}/count/${middleBatch}`],
      ['simpling, size 100 (new seed each call)', (i) => `${base}/simpling?size=100&seed=${i}`],
      ['simpling, size 100, batch filter', (i) => `${base}/simpling?size=100&seed=${i}&batchId=${middleBatch}`],
      ['one subject with its frames', (i) => `/project/${project.projectId}/subject/${ids[i % ids.length]!.id}`],
    ];
    for (const [name, path] of cases) rows.push([`${label}: ${name}`, percentiles(await sample(N, (i) => get(path(i))))]);
    // Counting a record type reads the project's rows (no counter, no index on record_type).
    rows.push([`${label}: list/count, recordType=frame`, percentiles(await sample(Math.ceil(N / 10), () => get(`${base}/list/count?recordType=frame`), 3))]);
  }

  const base = rows[0]![1].p95;
  console.log(`postgres, subjects per project as labelled (both projects in the same tables), page size ${PAGE_SIZE}`);
  console.log('| call | n | p50 ms | p95 ms | p99 ms | p95 / SELECT 1 p95 |');
  console.log('|---|---|---|---|---|---|');
  for (const [name, p] of rows) console.log(`| ${name} | ${p.n} | ${fmt(p.p50)} | ${fmt(p.p95)} | ${fmt(p.p99)} | ${(p.p95 / base).toFixed(1)}x |`);
} finally {
  await s.close();
}
