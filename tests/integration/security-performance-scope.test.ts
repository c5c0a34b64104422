import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World, type WorldUser } from '../support/world';
import { boxes, buildTask, type TaskFixture } from '../support/taskFixture';

const GROUPINGS = ['person', 'group', 'vendor', 'project', 'day'] as const;
const REPORTS = ['summary', 'efficiency', 'personnel', 'quality', 'workload'] as const;

/**
 * A member of team A who also joins team B must not carry A's projects into B's reports: B's
 * owner sees B's own projects and the work B's members did on projects shared with B as a
 * vendor, never other projects those members work on (the role table).
 */
describe.each(DB_KINDS)('performance reports stay within the team\'s projects on %s', (kind) => {
  let s: TestServer;
  let w: World;
  /** project P2 of team A, shared with team B as A's vendor */
  let sharedP2: number;
  let secrets: string[];
  let saveSeq = 0;

  const call = (u: WorldUser, path: string, payload: object) => s.call({ method: 'POST', url: `/core${path}`, token: u.token, payload });
  /** Claim at `step`, save `objects` boxes (annotate steps), then submit, pass or reject. */
  const work = async (u: WorldUser, t: TaskFixture, step: number, action: 'annotate/submit' | 'review/submit' | 'review/reject', extra: object = {}) => {
    const card = (await call(u, '/task/subject/claim', { projectId: t.projectId, taskId: t.taskId, workflowId: t.steps[step]!.workflowId })).body.data;
    let version = card.version as number;
    if (action === 'annotate/submit') {
      const saved = await call(u, '/annotate', { taskSubjectId: card.taskSubjectId, saveId: `scope-save-${++saveSeq}`, baseVersion: version, frames: [{ frameId: card.frameIds[0], data: boxes(2) }] });
      expect(saved.body.msg, JSON.stringify(saved.body.data)).toBe('ok');
      version = saved.body.data.version;
    }
    s.advance(60_000);
    const r = await call(u, `/task/subject/${action}`, { taskSubjectId: card.taskSubjectId, version, activeMs: 30_000, ...extra });
    expect({ action, msg: r.body.msg }).toEqual({ action, msg: 'ok' });
  };
  const named = async (t: TaskFixture, task: string) => {
    await s.app.ctx.db.updateTable('tasks').set({ name: task }).where('id', '=', t.taskId).execute();
    for (const step of t.steps) await s.app.ctx.db.updateTable('workflows').set({ name: `${task} step ${step.stepIndex + 1}` }).where('id', '=', step.workflowId).execute();
  };

  beforeAll(async () => {
    s = await startTestServer(kind);
    w = await buildWorld(s.app.ctx);
    const { db } = s.app.ctx;
    const now = s.app.ctx.now();
    const { annotator, reviewer, owner, vendorAnnotator } = w.users;
    // Team A's annotator joins team B as well.
    await db.insertInto('team_members').values({ team_id: w.teamB, user_id: annotator.id, role: 'annotator', joined_at: now }).execute();
    // Team A engages team B as a vendor and shares P2 with it (not P).
    sharedP2 = (await db.insertInto('projects').values({ team_id: w.teamA, name: 'Project P2 shared with B', type: 'image', is_vendor: 1, created_by: owner.id, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    const vendorB = (await db.insertInto('vendors').values({ team_id: w.teamA, vendor_team_id: w.teamB, name: 'Team B as vendor', created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    await db.insertInto('project_vendors').values({ project_id: sharedP2, vendor_id: vendorB }).execute();
    await db.insertInto('project_members').values({ project_id: sharedP2, user_id: annotator.id, role: 'annotator', added_at: now }).execute();

    // On P: the annotator's work is rejected for a reason, reworked and passed; the vendor's annotator submits too.
    const p = await buildTask(s.app.ctx, { projectId: w.projectP, createdBy: owner.id, steps: [{ type: 'annotate', members: [annotator.id, vendorAnnotator.id] }, { type: 'review', members: [reviewer.id] }], subjects: 3 });
    await named(p, 'Secret task of A');
    const reason = (await db.insertInto('reject_reasons').values({ project_id: w.projectP, reason: 'Secret reject reason of A', created_by: owner.id, created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    await work(annotator, p, 0, 'annotate/submit');
    await work(reviewer, p, 1, 'review/reject', { reasonIds: [reason] });
    await work(annotator, p, 0, 'annotate/submit');
    await work(reviewer, p, 1, 'review/submit');
    await work(vendorAnnotator, p, 0, 'annotate/submit');
    // On P2 (shared with B): the same annotator submits once.
    const p2 = await buildTask(s.app.ctx, { projectId: sharedP2, createdBy: owner.id, steps: [{ type: 'annotate', members: [annotator.id] }], subjects: 1 });
    await named(p2, 'Task shared with B');
    await work(annotator, p2, 0, 'annotate/submit');

    const projectP = await db.selectFrom('projects').select('name').where('id', '=', w.projectP).executeTakeFirstOrThrow();
    secrets = [projectP.name, 'Secret task of A', 'Secret reject reason of A'];
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  /** Every answer team B's owner gets: each report however grouped, the filter choices, each exported file. */
  const everythingB = async () => {
    const out: Record<string, unknown> = {};
    for (const report of REPORTS) {
      for (const groupBy of report === 'summary' || report === 'personnel' ? [undefined] : GROUPINGS) {
        const r = await call(w.users.ownerB, `/performance/${report}`, groupBy ? { groupBy } : {});
        expect(r.body.msg).toBe('ok');
        out[`${report}${groupBy ? `/${groupBy}` : ''}`] = r.body.data;
      }
      const file = await s.app.inject({ method: 'POST', url: '/core/performance/export', headers: { 'x-annot-token': w.users.ownerB.token }, payload: { report, format: 'csv' } });
      expect(file.statusCode).toBe(200);
      out[`export/${report}`] = file.body;
    }
    out.screen = (await call(w.users.ownerB, '/performance/screen', {})).body.data;
    return out;
  };

  it('shows team B nothing of team A\'s projects that B\'s member works on: no names, tasks, steps, reasons or figures, in any report, choice or file', async () => {
    const seen = await everythingB();
    const text = JSON.stringify(seen);
    expect(secrets.filter((secret) => text.includes(secret))).toEqual([]);
    // Only the shared project's one submit counts.
    expect(seen.summary).toMatchObject({ people: 1, claimed: 1, submitted: 1, reviewed: 0, rejected: 0 });
    expect((seen['quality/person'] as { rows: unknown[] }).rows).toEqual([]);
    expect((seen['efficiency/project'] as { rows: { key: unknown }[] }).rows.map((r) => r.key)).toEqual([{ id: sharedP2, name: 'Project P2 shared with B' }]);
    const screen = seen.screen as { projects: { projectId: number }[]; tasks: { name: string; steps: { name: string }[] }[] };
    expect(screen.projects.map((p) => p.projectId).sort((a, b) => a - b)).toEqual([w.projectQ, sharedP2].sort((a, b) => a - b));
    expect(screen.tasks.map((t) => [t.name, t.steps.map((st) => st.name)])).toEqual([['Task shared with B', ['Task shared with B step 1']]]);
  });

  it('still shows a vendor team its own people\'s work on the project shared with it, and only theirs', async () => {
    const vendor = (await call(w.users.vendorManager, '/performance/personnel', {})).body.data;
    expect(vendor.rows.map((r: { name: string; submitted: number }) => [r.name, r.submitted])).toEqual([['Vendor annotator', 1]]);
    const screen = (await call(w.users.vendorManager, '/performance/screen', {})).body.data;
    expect(screen.projects).toEqual([{ projectId: w.projectP, name: expect.any(String), own: false }]);
    // Team A itself sees all the work on its projects, its member's rework included.
    const own = (await call(w.users.owner, '/performance/summary', {})).body.data;
    expect(own).toMatchObject({ submitted: 4, rejected: 1, passed: 1 });
  });
});
