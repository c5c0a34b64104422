/**
 * `GET /core/project` latency over real HTTP on PostgreSQL with a team of 10,000 projects and
 * 1,000 members, as the owner and as an annotator who is a member of about 200 of them; next to
 * login (with its KDF) and a bare `SELECT 1` through the same Kysely handle in the same run.
 * Usage: tsx bench/project-list.ts   (PostgreSQL from TEST_DATABASE_URL or .run/pg.env;
 * BENCH_N sets the sample size per call, default 300)
 */
import { sql, type Kysely } from 'kysely';
import { startTestServer } from '../tests/support/testServer';
import { hashPassword } from '../src-server/auth/password';
import type { Database } from '../src-server/database/schema';
import { fmt, percentiles, sample } from './lib/stats';

const N = Number(process.env.BENCH_N ?? 300);
const PROJECTS = 10_000;
const MEMBERS = 1_000;
/** Another team's projects in the same tables, so "this team" is not the whole table. */
const OTHER_TEAM_PROJECTS = 5_000;
const PASSWORD = 'bench password 1';
const WORDS = ['street', 'parking', 'retail', 'medical', 'drone', 'harbor', 'forest', 'traffic', 'kitchen', 'warehouse', 'farm', 'rail', '路口', '商场'];
const KINDS = ['cars', 'faces', 'signs', 'shelves', 'boxes', 'cells', 'ships', 'trees', 'lanes', 'people'];

/** Inserts rows in chunks (PostgreSQL takes at most 65,535 parameters per statement). */
async function bulk<T extends keyof Database>(db: Kysely<Database>, table: T, rows: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows are built for this table just above
    await db.insertInto(table).values(rows.slice(i, i + 1000) as any).execute();
  }
}

/** The world of the benchmark, built straight through the database. */
async function seed(db: Kysely<Database>, now: number) {
  const hash = await hashPassword(PASSWORD);
  const users = Array.from({ length: MEMBERS + 12 }, (_, i) => ({
    mobile: `1370${String(i).padStart(7, '0')}`, name: `Member ${i}`, password_hash: hash, current_team_id: null, created_at: now, updated_at: now,
  }));
  await bulk(db, 'users', users);
  const ids = (await db.selectFrom('users').select('id').orderBy('id').execute()).map((u) => u.id);
  const [owner, annotator, vendorOwner, otherOwner] = [ids[0]!, ids[1]!, ids[MEMBERS]!, ids[MEMBERS + 1]!];
  const team = (await db.insertInto('teams').values({ name: 'Bench team', owner_id: owner, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  const vendorTeam = (await db.insertInto('teams').values({ name: 'Bench vendor', owner_id: vendorOwner, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  const otherTeam = (await db.insertInto('teams').values({ name: 'Other team', owner_id: otherOwner, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  const roleOf = (i: number) => (i === 0 ? 'owner' : i === 1 ? 'annotator' : i < 10 ? 'admin' : i < 50 ? 'manager' : i < 250 ? 'reviewer' : 'annotator');
  await bulk(db, 'team_members', ids.slice(0, MEMBERS).map((user_id, i) => ({ team_id: team, user_id, role: roleOf(i), joined_at: now })));
  await bulk(db, 'team_members', ids.slice(MEMBERS, MEMBERS + 10).map((user_id, i) => ({ team_id: vendorTeam, user_id, role: i === 0 ? 'owner' : 'annotator', joined_at: now })));
  await db.insertInto('team_members').values({ team_id: otherTeam, user_id: otherOwner, role: 'owner', joined_at: now }).execute();
  await db.updateTable('users').set({ current_team_id: team }).where('id', 'in', [owner, annotator]).execute();

  const project = (teamId: number, i: number, createdBy: number) => ({
    team_id: teamId,
    name: `${WORDS[i % WORDS.length]} ${KINDS[(i * 7) % KINDS.length]} ${String(i).padStart(5, '0')}`,
    type: i % 3 === 0 ? 'frame' : 'image',
    is_vendor: 0,
    description: '',
    created_by: createdBy,
    created_at: now - (PROJECTS - i) * 60_000,
    updated_at: now - ((i * 7919) % PROJECTS) * 60_000,
  });
  await bulk(db, 'projects', Array.from({ length: OTHER_TEAM_PROJECTS }, (_, i) => project(otherTeam, i, otherOwner)));
  await bulk(db, 'projects', Array.from({ length: PROJECTS }, (_, i) => project(team, i, owner)));
  const projectIds = (await db.selectFrom('projects').select('id').where('team_id', '=', team).orderBy('id').execute()).map((p) => p.id);

  // Members on a third of the projects (one to four each); the bench annotator on every 50th.
  const members: Record<string, unknown>[] = [];
  projectIds.forEach((projectId, i) => {
    if (i % 3 === 0) {
      for (let k = 0; k < 1 + (i % 4); k++) members.push({ project_id: projectId, user_id: ids[2 + ((i * 13 + k * 101) % (MEMBERS - 2))]!, role: k === 0 ? 'manager' : 'annotator', added_at: now });
    }
    if (i % 50 === 0) members.push({ project_id: projectId, user_id: annotator, role: 'annotator', added_at: now });
  });
  await bulk(db, 'project_members', members);
  const vendorId = (await db.insertInto('vendors').values({ team_id: team, vendor_team_id: vendorTeam, name: 'Bench vendor', created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  await bulk(db, 'project_vendors', projectIds.filter((_, i) => i % 500 === 1).map((project_id) => ({ project_id, vendor_id: vendorId })));
  // A team sharing with us as its vendor: a few projects that reach our team from outside.
  const inbound = (await db.insertInto('vendors').values({ team_id: otherTeam, vendor_team_id: team, name: 'Us', created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  const otherIds = (await db.selectFrom('projects').select('id').where('team_id', '=', otherTeam).orderBy('id').limit(20).execute()).map((p) => p.id);
  await bulk(db, 'project_vendors', otherIds.map((project_id) => ({ project_id, vendor_id: inbound })));
  // What autovacuum does shortly after a bulk load: planner statistics and the visibility map.
  await sql`vacuum analyze`.execute(db);
  return { ownerMobile: users[0]!.mobile, annotatorMobile: users[1]!.mobile, memberFilter: [annotator, ids[2 + 13]!] };
}

const s = await startTestServer('postgres');
const address = await s.app.listen({ host: '127.0.0.1', port: 0 });
try {
  const db = s.app.ctx.db;
  const world = await seed(db, Date.now());
  const login = async (mobile: string) => {
    const r = await fetch(`${address}/core/user/login/mobile`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mobile, password: PASSWORD }),
    });
    const body = (await r.json()) as { code: number; data: { tokenValue: string } };
    if (body.code !== 200) throw new Error('login failed');
    return body.data.tokenValue;
  };
  const list = async (token: string, query: string) => {
    const r = await fetch(`${address}/core/project?${query}`, { headers: { 'x-annot-token': token } });
    const body = (await r.json()) as { code: number; data: { total: number; list: unknown[] } };
    if (body.code !== 200) throw new Error(`list failed: ${JSON.stringify(body)}`);
    return body.data;
  };

  const rows: [string, ReturnType<typeof percentiles>][] = [];
  rows.push(['SELECT 1 (bare)', percentiles(await sample(N, () => sql`select 1`.execute(db)))]);
  for (const [who, mobile] of [['owner', world.ownerMobile], ['annotator', world.annotatorMobile]] as const) {
    const token = await login(mobile);
    const pages = (q: string) => list(token, `${q}&pageSize=50`).then((d) => Math.max(1, Math.ceil(d.total / 50)));
    const last = await pages('page=1');
    const byName = await pages('page=1&type=frame&orderBy=projectName&order=asc');
    const cases: [string, string][] = [
      ['first page', 'page=1'],
      [`middle page (${Math.ceil(last / 2)} of ${last})`, `page=${Math.ceil(last / 2)}`],
      [`last page (${last})`, `page=${last}`],
      ['name contains "retail"', 'page=1&projectName=retail&projectNameCondition=contains'],
      [`type=frame, by name, middle page (${Math.ceil(byName / 2)})`, `page=${Math.ceil(byName / 2)}&type=frame&orderBy=projectName&order=asc`],
      ['memberIds any (2 users)', `page=1&memberIds=${world.memberFilter[0]}&memberIds=${world.memberFilter[1]}&memberIdsCondition=any`],
    ];
    for (const [name, q] of cases) {
      const total = (await list(token, `${q}&pageSize=50`)).total;
      rows.push([`GET /core/project as ${who}: ${name}, ${total} matching`, percentiles(await sample(N, () => list(token, `${q}&pageSize=50`)))]);
    }
  }
  rows.push(['POST /core/user/login/mobile', percentiles(await sample(Math.ceil(N / 3), () => login(world.ownerMobile), 5))]);

  const base = rows[0]![1].p95;
  console.log(`postgres, ${PROJECTS} projects in the team (+${OTHER_TEAM_PROJECTS} of another team), ${MEMBERS} members, page size 50`);
  console.log('| call | n | p50 ms | p95 ms | p99 ms | p95 / SELECT 1 p95 |');
  console.log('|---|---|---|---|---|---|');
  for (const [name, p] of rows) console.log(`| ${name} | ${p.n} | ${fmt(p.p50)} | ${fmt(p.p95)} | ${fmt(p.p99)} | ${(p.p95 / base).toFixed(1)}x |`);
} finally {
  await s.close();
}
