import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillPerformanceRollups } from '../../src-server/migrations/0011_performance_rollup';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World, type WorldUser } from '../support/world';
import { boxes, buildTask, type TaskFixture } from '../support/taskFixture';

const DAY = 86_400_000;
const COUNTERS = ['claims', 'submits', 'submitted_objects', 'rework_submits', 'skips', 'passes_given', 'rejects_given', 'reviewed_objects', 'active_ms',
  'passes_received', 'rejects_received', 'first_verdicts_received', 'first_passes_received'] as const;
type Counter = (typeof COUNTERS)[number];

/** A small seeded generator, so a failing workload replays. */
function random(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x / 2_147_483_648;
  };
}

interface LogRow {
  id: number; task_subject_id: number; task_id: number; project_id: number; workflow_id: number; step_index: number; user_id: number;
  action: string; active_ms: number; object_count: number; reject_reason_ids: string; reason: string; created_at: number;
}

/**
 * The rollups recomputed from the raw log by the definitions of docs/performance-reports.md,
 * replaying it in order and independently of the server's code: rework is followed as the flow
 * sets it (a rejection sets it, a submit, pass, move or reopen clears it).
 */
function recompute(log: readonly LogRow[]) {
  const daily = new Map<string, Record<Counter, number>>();
  const reasons = new Map<string, number>();
  const add = (day: number, projectId: number, taskId: number, workflowId: number, userId: number, counts: Partial<Record<Counter, number>>) => {
    const key = [day, projectId, taskId, workflowId, userId].join('|');
    const row = daily.get(key) ?? (Object.fromEntries(COUNTERS.map((c) => [c, 0])) as Record<Counter, number>);
    for (const [c, n] of Object.entries(counts)) row[c as Counter] += n;
    daily.set(key, row);
  };
  const rework = new Map<number, boolean>();
  const history = new Map<number, LogRow[]>();
  for (const l of log) {
    const day = Math.floor(l.created_at / DAY) * DAY;
    const past = history.get(l.task_subject_id) ?? [];
    const own: Partial<Record<Counter, number>> = { active_ms: l.active_ms };
    if (l.action === 'claim') own.claims = 1;
    if (l.action === 'skip') own.skips = 1;
    if (l.action === 'submit') Object.assign(own, { submits: 1, submitted_objects: l.object_count, rework_submits: rework.get(l.task_subject_id) ? 1 : 0 });
    if (l.action === 'pass' || l.action === 'reject') {
      Object.assign(own, { [l.action === 'pass' ? 'passes_given' : 'rejects_given']: 1, reviewed_objects: l.object_count });
      const judged = past.filter((p) => p.action === 'submit' && p.step_index < l.step_index).at(-1);
      const first = !past.some((p) => p.action === 'reject');
      if (judged) {
        const pass = l.action === 'pass' ? 1 : 0;
        add(day, l.project_id, l.task_id, judged.workflow_id, judged.user_id, {
          passes_received: pass, rejects_received: 1 - pass, first_verdicts_received: first ? 1 : 0, first_passes_received: first ? pass : 0,
        });
        if (!pass) {
          const ids = JSON.parse(l.reject_reason_ids) as number[];
          // No reason of the catalogue: the reviewer's own words (-1) or none (0).
          for (const id of ids.length ? ids : [l.reason.trim() ? -1 : 0]) {
            const key = [day, l.project_id, l.task_id, judged.workflow_id, judged.user_id, id].join('|');
            reasons.set(key, (reasons.get(key) ?? 0) + 1);
          }
        }
      }
    }
    if (Object.entries(own).some(([, n]) => n !== 0)) add(day, l.project_id, l.task_id, l.workflow_id, l.user_id, own);
    if (l.action === 'reject') rework.set(l.task_subject_id, true);
    if (['submit', 'pass', 'move', 'reopen'].includes(l.action)) rework.set(l.task_subject_id, false);
    history.set(l.task_subject_id, [...past, l]);
  }
  return {
    daily: [...daily.entries()].map(([k, v]) => `${k}|${COUNTERS.map((c) => v[c]).join(',')}`).sort(),
    reasons: [...reasons.entries()].map(([k, n]) => `${k}|${n}`).sort(),
  };
}

/** Random work through the real routes, with two reviews, rework, skips, moves and log/edit-free active time, over three days. */
describe.each(DB_KINDS)('performance rollups on %s', (kind) => {
  let s: TestServer;
  let w: World;
  let t: TaskFixture;
  let saveSeq = 0;
  const call = (u: WorldUser, path: string, payload: object) => s.call({ method: 'POST', url: `/core${path}`, token: u.token, payload });

  beforeAll(async () => {
    s = await startTestServer(kind);
    w = await buildWorld(s.app.ctx);
    const { annotator, vendorAnnotator, reviewer, manager, owner } = w.users;
    t = await buildTask(s.app.ctx, {
      projectId: w.projectP,
      createdBy: owner.id,
      steps: [{ type: 'annotate', members: [annotator.id, vendorAnnotator.id] }, { type: 'review', members: [reviewer.id] }, { type: 'review', members: [manager.id] }],
      subjects: 24,
    });
    const reasonIds = await Promise.all(
      ['Wrong label', 'Loose box', 'Missed object'].map(async (reason) =>
        (await s.app.ctx.db.insertInto('reject_reasons').values({ project_id: w.projectP, reason, created_by: owner.id, created_at: 0 }).returning('id').executeTakeFirstOrThrow()).id),
    );
    const rnd = random(kind === 'sqlite' ? 7 : 11);
    const workers: [WorldUser, number][] = [[annotator, 0], [vendorAnnotator, 0], [reviewer, 1], [manager, 2]];
    for (let round = 0; round < 160; round++) {
      if (round % 55 === 54) s.advance(DAY);
      const [u, step] = workers[Math.floor(rnd() * workers.length)]!;
      const claimed = await call(u, '/task/subject/claim', { projectId: w.projectP, taskId: t.taskId, workflowId: t.steps[step]!.workflowId });
      const card = claimed.body.data;
      if (!card) continue;
      s.advance(30_000);
      const activeMs = Math.floor(rnd() * 20_000);
      const body = { taskSubjectId: card.taskSubjectId, version: card.version, activeMs };
      if (card.stepIndex === 0) {
        const saved = await call(u, '/annotate', { taskSubjectId: card.taskSubjectId, saveId: `mix-save-${++saveSeq}`, baseVersion: card.version, frames: [{ frameId: card.frameIds[0], data: boxes(1 + Math.floor(rnd() * 6)) }] });
        const version = saved.body.data.version;
        s.advance(30_000);
        await call(u, rnd() < 0.1 ? '/task/subject/annotate/skip' : '/task/subject/annotate/submit', { ...body, version });
      } else if (rnd() < 0.35) {
        const pick = reasonIds.filter(() => rnd() < 0.5);
        await call(u, '/task/subject/review/reject', { ...body, ...(pick.length ? { reasonIds: pick } : { reason: 'see notes' }) });
      } else {
        await call(u, '/task/subject/review/submit', body);
      }
      // Now and then a manager moves a waiting subject back to the start (rework cleared).
      if (round % 40 === 39) {
        const pending = await s.app.ctx.db.selectFrom('task_subjects').select('id').where('task_id', '=', t.taskId).where('state', '=', 'pending').where('step_index', '>', 0).limit(1).execute();
        if (pending.length) await call(owner, `/task/${t.taskId}/subject/change/workflow`, { projectId: w.projectP, workflowId: t.steps[0]!.workflowId, taskSubjectIds: [pending[0]!.id] });
      }
    }
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  const snapshot = async () => {
    const { db } = s.app.ctx;
    const daily = await db.selectFrom('performance_daily').selectAll().execute();
    const reasons = await db.selectFrom('performance_reject_reasons').selectAll().execute();
    return {
      daily: daily.map((r) => `${[r.day, r.project_id, r.task_id, r.workflow_id, r.user_id].map(Number).join('|')}|${COUNTERS.map((c) => Number(r[c])).join(',')}`).sort(),
      reasons: reasons.map((r) => `${[r.day, r.project_id, r.task_id, r.workflow_id, r.user_id, r.reason_id].map(Number).join('|')}|${Number(r.rejects)}`).sort(),
    };
  };
  const rawLog = async () =>
    (await s.app.ctx.db.selectFrom('task_subject_logs').selectAll().orderBy('id').execute()).map((l) => ({
      ...l, active_ms: Number(l.active_ms), created_at: Number(l.created_at),
    })) as LogRow[];

  it('keeps the rollups equal to a recomputation from the raw log after a mixed workload', async () => {
    const log = await rawLog();
    // The workload did what it should exercise.
    const actions = new Set(log.map((l) => l.action));
    for (const a of ['claim', 'save', 'submit', 'skip', 'pass', 'reject', 'move']) expect(actions).toContain(a);
    expect(new Set(log.map((l) => Math.floor(l.created_at / DAY))).size).toBeGreaterThanOrEqual(3);
    const expected = recompute(log);
    expect(expected.daily.length).toBeGreaterThan(10);
    expect(await snapshot()).toEqual(expected);
  });

  it('backfills the same rollups from the log (what migration 0011 does for rows logged before it)', async () => {
    const live = await snapshot();
    await s.app.ctx.db.deleteFrom('performance_daily').execute();
    await s.app.ctx.db.deleteFrom('performance_reject_reasons').execute();
    await backfillPerformanceRollups(s.app.ctx.db, s.app.ctx.dialect);
    expect(await snapshot()).toEqual(live);
  });

  it('reports the recomputed totals: the summary call equals the sums of the raw log', async () => {
    const log = await rawLog();
    const sum = (f: (l: LogRow) => number) => log.reduce((n, l) => n + f(l), 0);
    const from = new Date(log[0]!.created_at).toISOString().slice(0, 10);
    const to = new Date(log.at(-1)!.created_at).toISOString().slice(0, 10);
    const r = await call(w.users.owner, '/performance/summary', { from, to });
    expect(r.body.data).toMatchObject({
      claimed: sum((l) => Number(l.action === 'claim')),
      submitted: sum((l) => Number(l.action === 'submit')),
      skipped: sum((l) => Number(l.action === 'skip')),
      passed: sum((l) => Number(l.action === 'pass')),
      rejected: sum((l) => Number(l.action === 'reject')),
      activeMs: sum((l) => l.active_ms),
    });
  });
});
