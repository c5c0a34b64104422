import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World } from '../support/world';

const SUBJECTS = 100_000;

/** A task over 100,000 subjects is made in one INSERT ... SELECT, and its lists stay index walks. */
describe.each(DB_KINDS)('tasks over 100,000 subjects on %s', (kind) => {
  let s: TestServer;
  let w: World;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  /** A batch of n subjects written by one statement (no frames: task creation does not read them). */
  async function bigBatch(n: number): Promise<number> {
    const { db } = s.app.ctx;
    const now = Date.now();
    const batchId = (await db.insertInto('batches').values({ project_id: w.projectP, name: 'Big', subject_count: n, created_by: w.users.owner.id, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    await sql`
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${sql.lit(n)})
      INSERT INTO subjects (project_id, batch_id, name, record_type, frame_count, size_bytes, content_hash, created_by, created_at)
      SELECT ${sql.lit(w.projectP)}, ${sql.lit(batchId)}, 'img_' || i, 'image', 1, 0, 'hash_' || i, ${sql.lit(w.users.owner.id)}, ${sql.lit(now)} FROM n
    `.execute(db);
    return batchId;
  }

  it('creates the task and its task subjects in a few seconds, and pages through them by keyset', async () => {
    w = await buildWorld(s.app.ctx);
    const batchId = await bigBatch(SUBJECTS);
    const started = performance.now();
    const made = await s.call({
      method: 'POST', url: '/core/task', token: w.users.owner.token,
      payload: { projectId: w.projectP, name: 'Big task', batchIds: [batchId], workflow: { steps: [{ type: 'annotate', memberIds: [w.users.annotator.id] }, { type: 'review', memberIds: [w.users.reviewer.id] }] } },
    });
    const took = performance.now() - started;
    expect(made.body.code).toBe(200);
    expect(made.body.data.progress).toEqual({ total: SUBJECTS, done: 0, rework: 0 });
    // About 1 s on SQLite and 3 s on PostgreSQL (its per-row foreign key checks are most of it) on
    // an idle 2-CPU machine; the bound leaves room for a busy one.
    expect(took, `task creation took ${Math.round(took)} ms`).toBeLessThan(15_000);
    const taskId = made.body.data.id;

    // Adding the same batch again skips every subject already in the task.
    const again = await s.call({ method: 'POST', url: '/core/task/batch', token: w.users.owner.token, payload: { projectId: w.projectP, taskId, batchIds: [batchId] } });
    expect(again.body.data).toMatchObject({ added: 0, total: SUBJECTS });

    // Deep keyset pages on the queue index answer as fast as the first one: compared with the
    // first page in the same moment (medians of 5 each), so a busy machine slows both alike. A
    // page found by skipping rows (OFFSET) would be many times slower this deep.
    const ids = await s.app.ctx.db.selectFrom('task_subjects').select('id').where('task_id', '=', taskId).orderBy('id', 'desc').limit(2).execute();
    const list = `/core/task/${taskId}/subject/list?projectId=${w.projectP}&workflowId=${made.body.data.steps[0].workflowId}&state=pending&pageSize=100`;
    const q = `${list}&afterId=${ids[1]!.id - 150}`;
    const medianMs = async (url: string) => {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        await s.call({ method: 'GET', url, token: w.users.annotator.token });
        times.push(performance.now() - t0);
      }
      return times.sort((a, b) => a - b)[2]!;
    };
    const firstMs = await medianMs(list);
    const deepMs = await medianMs(q);
    expect(deepMs, `deep page ${deepMs.toFixed(1)} ms, first page ${firstMs.toFixed(1)} ms`).toBeLessThan(firstMs * 3 + 20);
    const page = await s.call({ method: 'GET', url: q, token: w.users.annotator.token });
    expect(page.body.data.list).toHaveLength(100);
    expect(page.body.data.nextAfterId).toBe(page.body.data.list[99].taskSubjectId);

    const menu = await s.call({ method: 'GET', url: `/core/task/${taskId}/annotate/menu/list?projectId=${w.projectP}`, token: w.users.annotator.token });
    expect(menu.body.data[0]).toMatchObject({ pending: SUBJECTS, held: 0 });
  }, 120_000);
});
