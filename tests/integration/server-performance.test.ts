import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World, type WorldUser } from '../support/world';
import { boxes, buildTask, type TaskFixture } from '../support/taskFixture';

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * Work done through the real routes over two UTC days on project P of team A, with an annotate
 * and a review step: the annotator of team A, the vendor annotator (vendor team V) and the
 * reviewer of team A. The figures asserted below are computed by hand from this script.
 */
describe.each(DB_KINDS)('performance reports on %s', (kind) => {
  let s: TestServer;
  let w: World;
  let t: TaskFixture;
  let day1: string;
  let day2: string;
  let reasons: { wrongLabel: number; missed: number };
  let saveSeq = 0;

  const call = (u: WorldUser, path: string, payload: object, headers: Record<string, string> = {}) =>
    s.call({ method: 'POST', url: `/core${path}`, token: u.token, payload, headers });
  const report = async (u: WorldUser, name: string, payload: object) => {
    const r = await call(u, `/performance/${name}`, payload);
    expect(r.body).toMatchObject({ code: 200 });
    return r.body.data;
  };

  /** One worker's moves on the task; `activeMs` is reported after a minute of wall time, so none is clamped. */
  const worker = (u: WorldUser) => ({
    claim: async (step: number) => (await call(u, '/task/subject/claim', { projectId: w.projectP, taskId: t.taskId, workflowId: t.steps[step]!.workflowId })).body.data,
    save: async (card: { taskSubjectId: number; version: number; frameIds: number[] }, objects: number) => {
      const r = await call(u, '/annotate', { taskSubjectId: card.taskSubjectId, saveId: `perf-save-${++saveSeq}`, baseVersion: card.version, frames: [{ frameId: card.frameIds[0], data: boxes(objects) }] });
      expect(r.body.code).toBe(200);
      return { ...card, version: r.body.data.version as number };
    },
    move: async (action: 'annotate/submit' | 'annotate/skip' | 'review/submit' | 'review/reject', card: { taskSubjectId: number; version: number }, activeMs: number, extra: object = {}) => {
      s.advance(60_000);
      const r = await call(u, `/task/subject/${action}`, { taskSubjectId: card.taskSubjectId, version: card.version, activeMs, ...extra });
      expect({ action, msg: r.body.msg, data: r.body.msg === 'ok' ? null : r.body.data, sent: card.version }).toEqual({ action, msg: 'ok', data: null, sent: card.version });
      return r.body.data;
    },
  });

  beforeAll(async () => {
    s = await startTestServer(kind);
    w = await buildWorld(s.app.ctx);
    // Start one hour into the next UTC day, so each day's work stays within its day.
    const now = s.app.ctx.now();
    s.advance(Math.floor(now / DAY) * DAY + DAY + 3_600_000 - now);
    day1 = iso(s.app.ctx.now());
    day2 = iso(s.app.ctx.now() + DAY);
    const { annotator, vendorAnnotator, reviewer, owner } = w.users;
    t = await buildTask(s.app.ctx, {
      projectId: w.projectP,
      createdBy: owner.id,
      steps: [{ type: 'annotate', members: [annotator.id, vendorAnnotator.id] }, { type: 'review', members: [reviewer.id] }],
      subjects: 4,
    });
    const addReason = async (reason: string) =>
      (await s.app.ctx.db.insertInto('reject_reasons').values({ project_id: w.projectP, reason, created_by: owner.id, created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    reasons = { wrongLabel: await addReason('Wrong label'), missed: await addReason('Missed object') };
    const groupId = (await s.app.ctx.db.insertInto('team_groups').values({ team_id: w.teamA, name: 'Night shift', created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    await s.app.ctx.db.insertInto('group_members').values({ group_id: groupId, user_id: annotator.id }).execute();

    const a = worker(annotator);
    const v = worker(vendorAnnotator);
    const r = worker(reviewer);
    // Day 1. s1: annotated (3 objects), passed at once.
    await a.move('annotate/submit', await a.save(await a.claim(0), 3), 40_000);
    await r.move('review/submit', await r.claim(1), 20_000);
    // s2: annotated (2), rejected for two reasons, reworked (4), passed.
    await a.move('annotate/submit', await a.save(await a.claim(0), 2), 30_000);
    const back = await r.move('review/reject', await r.claim(1), 10_000, { reasonIds: [reasons.wrongLabel, reasons.missed] });
    await a.move('annotate/submit', await a.save(back, 4), 20_000);
    await r.move('review/submit', await r.claim(1), 5_000);
    // s3: the vendor's work (5), rejected for one reason; s4: claimed and skipped.
    // (The skip comes first: a claim hands a worker back what they already hold, rework first.)
    const s3 = await v.move('annotate/submit', await v.save(await v.claim(0), 5), 50_000);
    await v.move('annotate/skip', await v.claim(0), 10_000);
    const s3back = await r.move('review/reject', await r.claim(1), 15_000, { reasonIds: [reasons.wrongLabel] });
    expect(s3back).toMatchObject({ taskSubjectId: s3.taskSubjectId, holderId: w.users.vendorAnnotator.id });
    // Day 2: the vendor's rework of s3 is submitted and passed.
    s.advance(DAY);
    await v.move('annotate/submit', s3back, 25_000);
    await r.move('review/submit', await r.claim(1), 10_000);
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  const range = () => ({ from: day1, to: day2 });

  it('sums the range for a manager of the team: work, speed over active time, first-pass acceptance', async () => {
    const summary = await report(w.users.manager, 'summary', range());
    expect(summary).toEqual({
      from: day1, to: day2, people: 3,
      claimed: 9, submitted: 5, submittedObjects: 19, reworkSubmits: 2, skipped: 1,
      reviewed: 5, passed: 3, rejected: 2, reviewedObjects: 19,
      // 10 subjects and 38 objects handed on in 235 s of active time
      activeMs: 235_000, subjectsPerHour: 153.19, objectsPerHour: 582.13, activeMsPerSubject: 23_500,
      // s1 passed at once; s2 and s3 were rejected at their first review
      firstVerdicts: 3, firstPassAccepted: 1, firstPassRate: 0.3333,
    });
    // Day 2 alone: the vendor's rework and its pass.
    expect(await report(w.users.owner, 'summary', { from: day2, to: day2 })).toMatchObject({
      people: 2, claimed: 1, submitted: 1, submittedObjects: 5, reworkSubmits: 1, reviewed: 1, passed: 1, activeMs: 35_000, firstVerdicts: 0, firstPassRate: null,
    });
    // Epoch ms select their UTC day: the same as the day's name.
    expect(await report(w.users.owner, 'summary', { from: Date.parse(`${day2}T23:59:00Z`), to: Date.parse(`${day2}T00:00:01Z`) })).toMatchObject({ claimed: 1 });
  });

  it('lists each person: work, reviews done, speed, first-pass acceptance, rejections received, rework', async () => {
    const { rows } = await report(w.users.admin, 'personnel', range());
    expect(rows).toEqual([
      {
        userId: w.users.annotator.id, name: 'Annotator A', mobile: expect.stringMatching(/^\+1\d\d\*\*\*\*\d{4}$/),
        submitted: 3, submittedObjects: 9, reviewed: 0, reviewedObjects: 0, objects: 9,
        activeMs: 90_000, subjectsPerHour: 120, objectsPerHour: 360, activeMsPerSubject: 30_000,
        firstVerdicts: 2, firstPassAccepted: 1, firstPassRate: 0.5, rejectionsReceived: 1, reworkSubmits: 1,
      },
      {
        userId: w.users.reviewer.id, name: 'Reviewer A', mobile: expect.any(String),
        submitted: 0, submittedObjects: 0, reviewed: 5, reviewedObjects: 19, objects: 19,
        activeMs: 60_000, subjectsPerHour: 300, objectsPerHour: 1140, activeMsPerSubject: 12_000,
        firstVerdicts: 0, firstPassAccepted: 0, firstPassRate: null, rejectionsReceived: 0, reworkSubmits: 0,
      },
      {
        userId: w.users.vendorAnnotator.id, name: 'Vendor annotator', mobile: expect.any(String),
        submitted: 2, submittedObjects: 10, reviewed: 0, reviewedObjects: 0, objects: 10,
        activeMs: 85_000, subjectsPerHour: 84.71, objectsPerHour: 423.53, activeMsPerSubject: 42_500,
        firstVerdicts: 1, firstPassAccepted: 0, firstPassRate: 0, rejectionsReceived: 1, reworkSubmits: 1,
      },
    ]);
    expect(rows[0].mobile).not.toBe(w.users.annotator.mobile);
    // A person's objects are the Efficiency tab's objects for them: one figure on both tabs.
    const efficiency = await report(w.users.admin, 'efficiency', { ...range(), groupBy: 'person' });
    const onEfficiency = new Map(efficiency.rows.map((r: { key: { id: number }; objects: number }) => [r.key.id, r.objects]));
    for (const r of rows) expect(r.objects, r.name).toBe(onEfficiency.get(r.userId));
  });

  it('groups efficiency by person, group, vendor, project and day', async () => {
    const eff = async (groupBy: string) => (await report(w.users.manager, 'efficiency', { ...range(), groupBy })).rows;
    const project = await eff('project');
    expect(project).toEqual([
      { key: { id: w.projectP, name: expect.stringContaining('Project P') }, submitted: 5, reviewed: 5, subjects: 10, objects: 38, activeMs: 235_000, subjectsPerHour: 153.19, objectsPerHour: 582.13, activeMsPerSubject: 23_500 },
    ]);
    // Members of no group (the reviewer, the vendor's annotator) and the night shift (the annotator).
    expect((await eff('group')).map((r: { key: { name: string }; subjects: number; activeMs: number }) => [r.key.name, r.subjects, r.activeMs])).toEqual([
      ['', 7, 145_000],
      ['Night shift', 3, 90_000],
    ]);
    const vendor = await eff('vendor');
    expect(vendor.map((r: { key: { id: number | null; name: string }; subjects: number }) => [r.key.id, r.subjects])).toEqual(
      expect.arrayContaining([[null, 8], [w.vendorId, 2]]),
    );
    expect(vendor.find((r: { key: { id: number | null } }) => r.key.id === null).key.name).toMatch(/^Team A/);
    expect((await eff('day')).map((r: { key: { name: string }; subjects: number; activeMs: number }) => [r.key.name, r.subjects, r.activeMs])).toEqual([
      [day1, 8, 200_000],
      [day2, 2, 35_000],
    ]);
    expect((await eff('person')).map((r: { key: { id: number }; subjectsPerHour: number }) => [r.key.id, r.subjectsPerHour])).toEqual([
      [w.users.annotator.id, 120], [w.users.reviewer.id, 300], [w.users.vendorAnnotator.id, 84.71],
    ]);
  });

  it('shows the quality each annotator\'s work received, with rejection reasons by name', async () => {
    const person = (await report(w.users.manager, 'quality', { ...range(), groupBy: 'person' })).rows;
    expect(person).toEqual([
      {
        key: { id: w.users.annotator.id, name: 'Annotator A' }, reviewed: 3, passed: 2, rejected: 1, firstVerdicts: 2, firstPassAccepted: 1, firstPassRate: 0.5, reworkSubmits: 1,
        reasons: [{ reasonId: reasons.missed, kind: 'catalogue', name: 'Missed object', count: 1 }, { reasonId: reasons.wrongLabel, kind: 'catalogue', name: 'Wrong label', count: 1 }],
      },
      {
        key: { id: w.users.vendorAnnotator.id, name: 'Vendor annotator' }, reviewed: 2, passed: 1, rejected: 1, firstVerdicts: 1, firstPassAccepted: 0, firstPassRate: 0, reworkSubmits: 1,
        reasons: [{ reasonId: reasons.wrongLabel, kind: 'catalogue', name: 'Wrong label', count: 1 }],
      },
    ]);
    const day = (await report(w.users.manager, 'quality', { ...range(), groupBy: 'day' })).rows;
    expect(day).toEqual([
      {
        key: { id: Date.parse(day1), name: day1 }, reviewed: 4, passed: 2, rejected: 2, firstVerdicts: 3, firstPassAccepted: 1, firstPassRate: 0.3333, reworkSubmits: 1,
        reasons: [{ reasonId: reasons.wrongLabel, kind: 'catalogue', name: 'Wrong label', count: 2 }, { reasonId: reasons.missed, kind: 'catalogue', name: 'Missed object', count: 1 }],
      },
      { key: { id: Date.parse(day2), name: day2 }, reviewed: 1, passed: 1, rejected: 0, firstVerdicts: 0, firstPassAccepted: 0, firstPassRate: null, reworkSubmits: 1, reasons: [] },
    ]);
  });

  it('counts the workload per person and day', async () => {
    const { rows } = await report(w.users.owner, 'workload', { ...range(), groupBy: 'person' });
    const line = (r: { key: { name: string }; day: string; claimed: number; submitted: number; reviewed: number; objects: number; activeMs: number }) =>
      [r.day, r.key.name, r.claimed, r.submitted, r.reviewed, r.objects, r.activeMs];
    expect(rows.map(line)).toEqual([
      [day1, 'Annotator A', 2, 3, 0, 9, 90_000],
      [day1, 'Reviewer A', 4, 0, 4, 14, 50_000],
      [day1, 'Vendor annotator', 2, 1, 0, 5, 60_000],
      [day2, 'Reviewer A', 1, 0, 1, 5, 10_000],
      [day2, 'Vendor annotator', 0, 1, 0, 5, 25_000],
    ]);
    const perDay = (await report(w.users.owner, 'workload', { ...range(), groupBy: 'day' })).rows.map(line);
    expect(perDay).toEqual([[day1, day1, 8, 4, 4, 28, 200_000], [day2, day2, 1, 1, 1, 10, 35_000]]);
  });

  it('narrows by project, step, person, group and vendor', async () => {
    const claimed = async (filter: object) => (await report(w.users.owner, 'summary', { ...range(), ...filter })).claimed;
    expect(await claimed({ projectIds: [w.projectP] })).toBe(9);
    expect(await claimed({ projectIds: [w.projectQ] })).toBe(0);
    expect(await claimed({ workflowIds: [t.steps[1]!.workflowId] })).toBe(5);
    expect(await claimed({ taskIds: [t.taskId], userIds: [w.users.annotator.id] })).toBe(2);
    const groups = await report(w.users.owner, 'screen', {});
    expect(await claimed({ groupIds: [groups.groups[0].groupId] })).toBe(2);
    expect(await claimed({ vendorIds: [w.vendorId] })).toBe(2);
  });

  it('offers the filter choices of the team and the span of days with data', async () => {
    const screen = await report(w.users.manager, 'screen', {});
    expect(screen.projects).toEqual([{ projectId: w.projectP, name: expect.stringContaining('Project P'), own: true }]);
    expect(screen.tasks).toEqual([
      { taskId: t.taskId, projectId: w.projectP, name: expect.any(String), steps: [
        { workflowId: t.steps[0]!.workflowId, stepIndex: 0, type: 'annotate', name: '' },
        { workflowId: t.steps[1]!.workflowId, stepIndex: 1, type: 'review', name: '' },
      ] },
    ]);
    expect(screen.people.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['Annotator A', 'Reviewer A', 'Vendor annotator', 'Vendor manager']));
    expect(screen.people.map((p: { name: string }) => p.name)).not.toContain('Owner B');
    expect(screen.groups).toEqual([{ groupId: expect.any(Number), name: 'Night shift' }]);
    expect(screen.vendors).toEqual([{ vendorId: w.vendorId, name: 'Vendor V' }]);
    expect(screen).toMatchObject({ dataSpan: { from: day1, to: day2 }, maxDays: 366 });
  });

  it('shows a vendor team its own people\'s work on a client\'s project, and another team nothing', async () => {
    const vendor = await report(w.users.vendorManager, 'summary', range());
    expect(vendor).toMatchObject({
      people: 1, claimed: 2, submitted: 2, submittedObjects: 10, reworkSubmits: 1, skipped: 1, reviewed: 0, activeMs: 85_000,
      firstVerdicts: 1, firstPassAccepted: 0, firstPassRate: 0,
    });
    expect((await report(w.users.vendorManager, 'personnel', range())).rows.map((r: { name: string }) => r.name)).toEqual(['Vendor annotator']);
    const screen = await report(w.users.vendorManager, 'screen', {});
    expect(screen.projects).toEqual([{ projectId: w.projectP, name: expect.any(String), own: false }]);
    expect(screen.dataSpan).toEqual({ from: day1, to: day2 });

    expect(await report(w.users.ownerB, 'summary', range())).toMatchObject({ people: 0, claimed: 0, activeMs: 0, subjectsPerHour: null });
    expect((await report(w.users.ownerB, 'personnel', range())).rows).toEqual([]);
    expect(await report(w.users.ownerB, 'screen', {})).toMatchObject({ projects: [{ projectId: w.projectQ, own: true }], tasks: [], dataSpan: null });
  });

  it('exports the same figures as CSV, headers in the caller\'s language, formulas defused', async () => {
    await s.app.ctx.db.updateTable('users').set({ name: '=HYPERLINK("http://x","A")' }).where('id', '=', w.users.annotator.id).execute();
    try {
      const res = await s.app.inject({
        method: 'POST', url: '/core/performance/export',
        headers: { 'x-annot-token': w.users.manager.token, 'accept-language': 'en-US,en;q=0.9,zh;q=0.5' },
        payload: { ...range(), report: 'personnel', format: 'csv' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="performance-personnel-${day1}_${day2}.csv"`);
      const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe('User ID,Name,Mobile,Submitted,Objects submitted,Reviewed,Objects reviewed,Active time (ms),Subjects per hour,Objects per hour,' +
        'Active ms per subject,First reviews,First-pass accepted,First-pass rate,Rejections received,Rework submissions');
      expect(lines[1]).toMatch(new RegExp(`^${w.users.annotator.id},"'=HYPERLINK\\(""http://x"",""A""\\)",[^,]+,3,9,0,0,90000,120,360,30000,2,1,0.5,1,1$`));
      expect(lines[2]).toMatch(/,Reviewer A,.*,0,0,5,19,60000,300,1140,12000,0,0,,0,0$/);
      expect(lines).toHaveLength(5);

      const zh = await s.app.inject({
        method: 'POST', url: '/core/performance/export', headers: { 'x-annot-token': w.users.manager.token, 'accept-language': 'zh-CN' },
        payload: { ...range(), report: 'quality', groupBy: 'day', format: 'csv' },
      });
      expect(zh.body.split('\r\n')[0]).toBe('\uFEFF日期,审核数,通过数,驳回数,首次审核数,一次通过数,一次通过率,返工提交数,驳回原因');
      expect(zh.body.split('\r\n')[1]).toBe(`${day1},4,2,2,3,1,0.3333,1,Wrong label × 2; Missed object × 1`);
    } finally {
      await s.app.ctx.db.updateTable('users').set({ name: 'Annotator A' }).where('id', '=', w.users.annotator.id).execute();
    }
  });

  it('exports an XLSX that reads back with the figures of the JSON call', async () => {
    const res = await s.app.inject({
      method: 'POST', url: '/core/performance/export', headers: { 'x-annot-token': w.users.owner.token, 'accept-language': 'en' },
      payload: { ...range(), report: 'workload', groupBy: 'person', format: 'xlsx' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="performance-workload-${day1}_${day2}.xlsx"`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Workload')!;
    const values = sheet.getSheetValues().slice(1).map((row) => (row as unknown[]).slice(1));
    expect(values[0]).toEqual(['Person', 'Day', 'Claimed', 'Submitted', 'Reviewed', 'Objects', 'Active time (ms)']);
    const json = (await report(w.users.owner, 'workload', { ...range(), groupBy: 'person' })).rows;
    expect(values.slice(1)).toEqual(json.map((r: { key: { name: string }; day: string; claimed: number; submitted: number; reviewed: number; objects: number; activeMs: number }) =>
      [r.key.name, r.day, r.claimed, r.submitted, r.reviewed, r.objects, r.activeMs]));
  });

  it('refuses bad ranges and foreign filters with translated errors, also for exports', async () => {
    const failure = async (u: WorldUser, path: string, payload: object) => {
      const r = await call(u, path, payload);
      return { status: r.status, msg: r.body.msg, data: r.body.data };
    };
    expect(await failure(w.users.owner, '/performance/summary', { from: day2, to: day1 })).toEqual({ status: 400, msg: 'error.performance.badRange', data: { from: day2, to: day1 } });
    expect(await failure(w.users.owner, '/performance/quality', { from: '2025-01-01', to: '2026-01-02' })).toEqual({ status: 400, msg: 'error.performance.rangeTooLong', data: { maxDays: 366 } });
    expect(await failure(w.users.owner, '/performance/workload', { from: '2026-02-30' })).toEqual({ status: 400, msg: 'error.performance.badDate', data: { field: 'from' } });
    expect((await failure(w.users.owner, '/performance/efficiency', { groupBy: 'month' })).status).toBe(400);
    const groupB = (await s.app.ctx.db.insertInto('team_groups').values({ team_id: w.teamB, name: 'B crew', created_at: 0 }).returning('id').executeTakeFirstOrThrow()).id;
    expect(await failure(w.users.owner, '/performance/personnel', { groupIds: [groupB] })).toEqual({ status: 404, msg: 'error.performance.groupNotFound', data: { groupIds: [groupB] } });
    expect(await failure(w.users.owner, '/performance/summary', { vendorIds: [w.vendorId + 1000] })).toEqual({ status: 404, msg: 'error.performance.vendorNotFound', data: { vendorIds: [w.vendorId + 1000] } });
    expect((await failure(w.users.annotator, '/performance/summary', {})).status).toBe(403);
    expect(await failure(w.users.outsider, '/performance/summary', {})).toMatchObject({ status: 409, msg: 'error.team.noCurrentTeam' });

    const exported = await call(w.users.owner, '/performance/export', { from: day2, to: day1, report: 'summary', format: 'xlsx' });
    expect(exported).toMatchObject({ status: 400, body: { code: 400, msg: 'error.performance.badRange' } });
    expect((await call(w.users.owner, '/performance/export', { report: 'screen', format: 'csv' })).status).toBe(400);
  });
});
