import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerContext } from '../../src-server/context';
import { BatchesRepository } from '../../src-server/repositories/batches';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World, type WorldUser } from '../support/world';

let hashSeq = 0;
/** Inserts subjects of one batch straight into the database, in order; answers their ids. */
async function insertSubjects(ctx: ServerContext, projectId: number, batchId: number, names: string[], typeOf: (i: number) => 'image' | 'frame'): Promise<number[]> {
  const now = ctx.now();
  const ids: number[] = [];
  for (let i = 0; i < names.length; i += 500) {
    const rows = names.slice(i, i + 500).map((name, k) => ({
      project_id: projectId, batch_id: batchId, name, record_type: typeOf(i + k), frame_count: 1, size_bytes: 10,
      content_hash: String(++hashSeq).padStart(64, '0'), created_by: 1, created_at: now,
    }));
    const made = await ctx.db.insertInto('subjects').values(rows).returning('id').execute();
    const batchIds = made.map((r) => r.id).sort((a, b) => a - b);
    await ctx.db
      .insertInto('subject_frames')
      .values(batchIds.map((id) => ({ subject_id: id, frame_index: 0, object_key: `dataset/${projectId}/${id}.jpg`, file_name: `${id}.jpg`, content_type: 'image/jpeg', size_bytes: 10, width: 8, height: 6, content_hash: 'f'.repeat(64) })))
      .execute();
    ids.push(...batchIds);
  }
  // The batch's counters, as the import route keeps them.
  const byType = new Map<string, number>();
  names.forEach((_, i) => byType.set(typeOf(i), (byType.get(typeOf(i)) ?? 0) + 1));
  await new BatchesRepository(ctx.db).addToCount(batchId, byType);
  return ids;
}

const newBatch = async (ctx: ServerContext, projectId: number, name: string) =>
  (await ctx.db.insertInto('batches').values({ project_id: projectId, name, created_by: 1, created_at: 0, updated_at: 0 }).returning('id').executeTakeFirstOrThrow()).id;

/**
 * The subject list at depth: pages found through the batches' counts must be exactly the
 * pages OFFSET would give, with batches whose id ranges overlap and other projects' ids in
 * between; keyset paging, filters, counts and samples over the same data.
 */
describe.each(DB_KINDS)('subject list on %s', (kind) => {
  let s: TestServer;
  let w: World;
  /** every subject of project P in id order, with its batch, type and name */
  let all: { id: number; batch: string; type: string; name: string }[];
  const batch: Record<string, number> = {};
  beforeAll(async () => {
    s = await startTestServer(kind);
    w = await buildWorld(s.app.ctx);
    const ctx = s.app.ctx;
    for (const b of ['A', 'B', 'C', 'D']) batch[b] = await newBatch(ctx, w.projectP, b);
    batch.Q = await newBatch(ctx, w.projectQ, 'Q');
    all = [];
    const add = async (b: string, n: number, projectId = w.projectP) => {
      const names = Array.from({ length: n }, (_, i) => (i % 10 === 3 ? `Cat_${b}${i}.jpg` : `img ${b}${i}.jpg`));
      const type = (i: number) => (i % 4 === 0 ? 'frame' : 'image');
      const ids = await insertSubjects(ctx, projectId, batch[b]!, names, type);
      if (projectId === w.projectP) ids.forEach((id, i) => all.push({ id, batch: b, type: type(i), name: names[i]! }));
    };
    // A's range spans B's (subjects added to A later); Q's ids sit inside C's range; D stays empty.
    await add('A', 1200);
    await add('B', 1000);
    await add('A', 300);
    await add('C', 700);
    await add('Q', 50, w.projectQ);
    await add('C', 800);
    all.sort((a, b) => a.id - b.id);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  const get = (u: WorldUser, url: string) => s.call({ method: 'GET', url: `/core${url}`, token: u.token });
  const list = async (query: string, u = w.users.annotator) => {
    const r = await get(u, `/project/${w.projectP}/subject/list?${query}`);
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    return r.body.data as { list: { dataId: number }[]; nextAfterId: number | null; page: number; pageSize: number };
  };
  const ids = (d: { list: { dataId: number }[] }) => d.list.map((x) => x.dataId);

  it('answers every page, near and deep, exactly as counting from the start would', async () => {
    const expected = all.map((x) => x.id);
    for (const [page, pageSize] of [[1, 50], [40, 50], [41, 50], [45, 50], [47, 50], [50, 50], [60, 50], [80, 50], [81, 50], [5, 500], [8, 500], [9, 500]] as const) {
      const d = await list(`page=${page}&pageSize=${pageSize}`);
      const slice = expected.slice((page - 1) * pageSize, page * pageSize);
      expect({ page, ids: ids(d) }).toEqual({ page, ids: slice });
      expect(d.nextAfterId).toBe(page * pageSize < expected.length ? slice[slice.length - 1] : null);
    }
    const first = (await list('pageSize=1')).list[0];
    expect(first).toMatchObject({ dataId: expected[0], recordType: 'frame', frameCount: 1, batchId: batch.A, firstFrame: { key: `dataset/${w.projectP}/${expected[0]}.jpg`, width: 8, height: 6 } });
  });

  it('walks the whole project by keyset, and pages count from afterId', async () => {
    const walked: number[] = [];
    let after = 0;
    for (;;) {
      const d = await list(`afterId=${after}&pageSize=500`);
      walked.push(...ids(d));
      if (d.nextAfterId === null) break;
      after = d.nextAfterId;
    }
    expect(walked).toEqual(all.map((x) => x.id));
    const pivot = all[1234]!.id;
    expect(ids(await list(`afterId=${pivot}&page=3&pageSize=10`))).toEqual(all.slice(1255, 1265).map((x) => x.id));
  });

  it('filters by batch, name and record type, and counts the same way', async () => {
    const check = async (query: string, keep: (x: (typeof all)[number]) => boolean) => {
      const expected = all.filter(keep).map((x) => x.id);
      const page2 = await list(`${query}&page=2&pageSize=100`);
      expect({ query, ids: ids(page2) }).toEqual({ query, ids: expected.slice(100, 200) });
      const count = await get(w.users.reviewer, `/project/${w.projectP}/subject/list/count?${query}`);
      expect({ query, count: count.body.data.count }).toEqual({ query, count: expected.length });
    };
    await check(`batchId=${batch.A}`, (x) => x.batch === 'A');
    await check('recordType=frame', (x) => x.type === 'frame');
    await check('name=cat_', (x) => x.name.toLowerCase().includes('cat_'));
    await check(`name=IMG%20c&batchId=${batch.C}&recordType=image`, (x) => x.batch === 'C' && x.type === 'image' && x.name.startsWith('img C'));
    const byType = await get(w.users.annotator, `/project/${w.projectP}/subject/list/frame?batchId=${batch.B}&pageSize=5`);
    expect(byType.body.data.list.map((x: { dataId: number }) => x.dataId)).toEqual(all.filter((x) => x.batch === 'B' && x.type === 'frame').slice(0, 5).map((x) => x.id));
    expect((await get(w.users.annotator, `/project/${w.projectP}/subject/list/count`)).body.data.count).toBe(4000);
    expect((await get(w.users.annotator, `/project/${w.projectP}/subject/count/${batch.D}`)).body.data.count).toBe(0);
    // A wildcard is a literal character.
    expect((await get(w.users.annotator, `/project/${w.projectP}/subject/list/count?name=%25`)).body.data.count).toBe(0);
  });

  it('draws the same sample for the same seed, distinct and within the filters', async () => {
    const sample = async (query: string) => {
      const r = await get(w.users.annotator, `/project/${w.projectP}/subject/simpling?${query}`);
      expect(r.body.code, JSON.stringify(r.body)).toBe(200);
      return r.body.data as { seed: number; list: { dataId: number; batchId: number; recordType: string }[] };
    };
    const a = await sample('size=100&seed=5');
    expect(a.seed).toBe(5);
    const aIds = a.list.map((x) => x.dataId);
    expect(new Set(aIds).size).toBe(100);
    expect(aIds).toEqual([...aIds].sort((x, y) => x - y));
    expect(aIds.every((id) => all.some((x) => x.id === id))).toBe(true);
    expect((await sample('size=100&seed=5')).list.map((x) => x.dataId)).toEqual(aIds);
    expect((await sample('size=100&seed=6')).list.map((x) => x.dataId)).not.toEqual(aIds);
    // Spread over the project, not bunched at one end.
    expect(new Set(a.list.map((x) => x.batchId))).toEqual(new Set([batch.A, batch.B, batch.C]));

    const filtered = await sample(`size=50&seed=1&batchId=${batch.C}&recordType=frame`);
    expect(filtered.list).toHaveLength(50);
    expect(filtered.list.every((x) => x.batchId === batch.C && x.recordType === 'frame')).toBe(true);
    // Nearly all of a batch, and more than it has.
    expect(new Set((await sample(`size=990&seed=3&batchId=${batch.B}`)).list.map((x) => x.dataId)).size).toBe(990);
    const cats = all.filter((x) => x.name.startsWith('Cat_')).map((x) => x.id);
    expect((await sample('size=1000&name=cat_')).list.map((x) => x.dataId)).toEqual(cats);
    expect((await sample('ratio=0.01&seed=9')).list).toHaveLength(40);
    expect((await sample('ratio=0')).list).toEqual([]);
    // No seed: the answer names the one used, which replays the sample.
    const free = await sample('size=10');
    expect((await sample(`size=10&seed=${free.seed}`)).list).toEqual(free.list);
  });

  it('refuses bad paging and sampling input with 400', async () => {
    const p = `/project/${w.projectP}/subject`;
    for (const url of [`${p}/list?pageSize=0`, `${p}/list?pageSize=501`, `${p}/list?afterId=-1`, `${p}/list?recordType=pointCloud`, `${p}/list/pointCloud`, `${p}/list?name=%01`, `${p}/list?page=0`, `${p}/simpling?size=0`, `${p}/simpling?size=1001`, `${p}/simpling?ratio=1.5`, `${p}/abc`]) {
      const r = await get(w.users.owner, url);
      // A control character breaks the text rule, which has its own key (docs/security.md).
      const msg = url.endsWith('name=%01') ? 'error.textNotAllowed' : 'error.validation';
      expect({ url, status: r.status, msg: r.body.msg }).toEqual({ url, status: 400, msg });
    }
    for (const [url, msg] of [[`${p}/simpling`, 'error.subject.sampleSizeOrRatio'], [`${p}/simpling?size=5&ratio=0.1`, 'error.subject.sampleSizeOrRatio'], [`${p}/simpling?ratio=0.5`, 'error.subject.sampleTooLarge']] as const) {
      const r = await get(w.users.owner, url);
      expect({ url, status: r.status, msg: r.body.msg }).toEqual({ url, status: 400, msg });
    }
  });

  it('keeps other projects out: 404 for their project, their batches and their subjects', async () => {
    const qSubject = (await s.app.ctx.db.selectFrom('subjects').select('id').where('project_id', '=', w.projectQ).executeTakeFirstOrThrow()).id;
    const cases: [WorldUser, string, string][] = [
      [w.users.owner, `/project/${w.projectQ}/subject/list`, 'error.project.notFound'],
      [w.users.outsider, `/project/${w.projectP}/subject/simpling?size=1`, 'error.project.notFound'],
      [w.users.owner, `/project/${w.projectP}/subject/${qSubject}`, 'error.subject.notFound'],
      [w.users.owner, `/project/${w.projectP}/subject/list?batchId=${batch.Q}`, 'error.batch.notFound'],
      [w.users.owner, `/project/${w.projectP}/subject/count/${batch.Q}`, 'error.batch.notFound'],
      [w.users.owner, `/project/${w.projectP}/subject/list/count?batchId=${batch.Q}`, 'error.batch.notFound'],
    ];
    for (const [u, url, msg] of cases) {
      const r = await get(u, url);
      expect({ url, status: r.status, msg: r.body.msg }).toEqual({ url, status: 404, msg });
    }
  });

  it('stays exact at depth after deletions leave gaps and change the counts', async () => {
    const doomed = [...all.slice(10, 30), ...all.slice(2990, 3000), ...all.slice(3990, 3995)].map((x) => x.id);
    const r = await s.call({ method: 'DELETE', url: `/core/project/${w.projectP}/subject?${doomed.map((id) => `subjectIds=${id}`).join('&')}`, token: w.users.owner.token });
    expect(r.body.code).toBe(200);
    const left = all.filter((x) => !doomed.includes(x.id)).map((x) => x.id);
    for (const page of [41, 59, 60, 79, 80]) {
      expect({ page, ids: ids(await list(`page=${page}&pageSize=50`)) }).toEqual({ page, ids: left.slice((page - 1) * 50, page * 50) });
    }
    expect((await get(w.users.annotator, `/project/${w.projectP}/subject/list/count`)).body.data.count).toBe(left.length);
  });
});
