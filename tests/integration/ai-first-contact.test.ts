import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World } from '../support/world';
import { buildTask } from '../support/taskFixture';
import { realFrames } from '../support/aiFixture';
import { builtinModel } from '../support/routeSamples/ai';
import { projectPlayers } from '../support/routeSamples/taskSubject';
import { eventually } from '../support/eventually';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_PROJECT_NAME, seedDemoTeam } from '../../src-server/seed/demoTeam';
import { AnnotationsRepository } from '../../src-server/repositories/annotations';
import { ONTOLOGY_VERSION } from '../../src-shared/model/ontology';
import { COCO_SKELETON_TEMPLATE } from '../../src-shared/model/cocoSkeleton';

interface Entry {
  className: string;
  target: { featureId: number; labelId: string } | null;
  how: string | null;
  sure: boolean;
  decided: boolean;
}

/**
 * A new team's first contact with AI (issue 31): the seeded demo project pre-annotates out of the
 * box, and a project's bilingual labels take a model's classes by name, synonym and group, with
 * guesses asked once and remembered.
 */
describe.each(DB_KINDS)('AI on first contact on %s', (kind) => {
  let s: TestServer;
  let w: World;
  const finished = (token: string, projectId: number, jobId: number) =>
    eventually(`job ${jobId} to end`, async () => {
      const r = await s.call({ method: 'GET', url: `/core/ai/apply/list?projectId=${projectId}&pageSize=100`, token });
      const j = r.body.data.list.find((x: { jobId: number }) => x.jobId === jobId);
      return j && ['succeeded', 'failed', 'cancelled'].includes(j.state) ? j : undefined;
    }, 120_000);

  beforeAll(async () => {
    s = await startTestServer(kind, { env: { AI_SERVICE_ALLOWED_HOSTS: new URL(inject('aiServiceUrl')).host } });
    w = await buildWorld(s.app.ctx);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('pre-annotates the seeded demo task: people as Person, the cat and the horse as Animal, the cup as Object, nothing left unsaid', { timeout: 180_000 }, async () => {
    await seedDemoTeam(s.app);
    const owner = DEMO_ACCOUNTS.find((a) => a.role === 'owner')!;
    const login = await s.call({ method: 'POST', url: '/core/user/login/mobile', payload: { mobile: owner.mobile, password: DEMO_PASSWORD } });
    const token = login.body.data.tokenValue as string;
    const project = await s.app.ctx.db.selectFrom('projects').select('id').where('name', '=', DEMO_PROJECT_NAME).executeTakeFirstOrThrow();
    const task = await s.app.ctx.db.selectFrom('tasks').select('id').where('project_id', '=', project.id).executeTakeFirstOrThrow();

    // Nothing to confirm: the demo's "Object 物品" takes every class the other labels do not.
    const model = await builtinModel(s.app.ctx, 'detector');
    const mapping = await s.call({ method: 'GET', url: `/core/ai/model/mapping?projectId=${project.id}&modelId=${model.id}`, token });
    expect(mapping.body.code, JSON.stringify(mapping.body)).toBe(200);
    expect(mapping.body.data.unsure).toBe(0);

    const start = await s.call({ method: 'POST', url: '/core/ai/model/task', token, payload: { projectId: project.id, taskId: task.id } });
    expect(start.body.code, JSON.stringify(start.body)).toBe(200);
    const job = await finished(token, project.id, start.body.data.jobId);
    expect(job.state).toBe('succeeded');
    expect(job.applied.items).toBe(10);
    expect(job.applied.unmapped).toEqual([]);

    // Which labels each photograph got, by name.
    const ontology = await s.call({ method: 'GET', url: `/core/project/${project.id}/ontology`, token });
    const names = new Map<string, string>();
    for (const f of ontology.body.data.features as { featureId: number; labels: { id: string; name: string }[] }[]) for (const l of f.labels) names.set(`${f.featureId}:${l.id}`, l.name);
    const rows = await s.app.ctx.db
      .selectFrom('task_subjects as ts')
      .innerJoin('subject_frames as sf', 'sf.subject_id', 'ts.subject_id')
      .select(['ts.id as taskSubjectId', 'sf.id as frameId', 'sf.file_name'])
      .where('ts.task_id', '=', task.id)
      .execute();
    const annotations = new AnnotationsRepository(s.app.ctx.db);
    const found = new Map<string, Set<string>>();
    for (const r of rows) {
      const [frame] = await annotations.frames(r.taskSubjectId, [r.frameId]);
      found.set(r.file_name, new Set((frame?.data.objects ?? []).map((o) => names.get(`${o.featureId}:${o.labelId}`)!)));
    }
    expect(found.get('astronaut.png')).toContain('Person 人');
    expect(found.get('chelsea.png')).toContain('Animal 动物');
    expect(found.get('horse.png')).toContain('Animal 动物');
    expect(found.get('coffee.png')).toContain('Object 物品');
  });

  /** A project whose box labels are written as people write them, in both languages. */
  async function bilingualProject(labels: { id: string; name: string; aliases?: string[] }[]) {
    const ctx = s.app.ctx;
    const now = ctx.now();
    const projectId = (await ctx.db.insertInto('projects').values({ team_id: w.teamA, name: `Bilingual ${labels.length}-${now}-${Math.random()}`, type: 'image', is_vendor: 0, created_by: w.users.owner.id, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    const ontologyId = (await ctx.db.insertInto('ontologies').values({ project_id: projectId, name: 'AI', created_by: w.users.owner.id, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    const definition = { version: ONTOLOGY_VERSION, labels: labels.map((l) => ({ ...l, color: '#ff0000' })), attributes: [] };
    const featureId = (await ctx.db.insertInto('ontology_features').values({ ontology_id: ontologyId, name: 'Objects 物体', tool: 'box', sort_order: 0, label_count: labels.length, definition: JSON.stringify(definition), created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    await ctx.db.insertInto('project_members').values({ project_id: projectId, user_id: w.users.annotator.id, role: 'annotator', added_at: now }).execute();
    return { projectId, featureId };
  }

  it('maps classes by name, synonym and group in both languages, asks about a catch-all guess, and remembers a manager\'s choice', async () => {
    const { projectId, featureId } = await bilingualProject([{ id: 'p', name: 'Pedestrians 行人' }, { id: 'a', name: '动物' }, { id: 'o', name: 'Object 物品' }, { id: 'f', name: '叉车', aliases: ['cup'] }]);
    const model = await builtinModel(s.app.ctx, 'detector');
    const url = `/core/ai/model/mapping?projectId=${projectId}&modelId=${model.id}`;
    const read = async (token: string) => {
      const r = await s.call({ method: 'GET', url, token });
      expect(r.body.code, JSON.stringify(r.body)).toBe(200);
      return { unsure: r.body.data.unsure as number, byClass: new Map((r.body.data.classes as Entry[]).map((e) => [e.className, e])) };
    };
    const first = await read(w.users.annotator.token);
    expect(first.byClass.get('person')).toMatchObject({ target: { featureId, labelId: 'p' }, how: 'name', sure: true, decided: false });
    expect(first.byClass.get('horse')).toMatchObject({ target: { labelId: 'a' }, how: 'group', sure: true });
    expect(first.byClass.get('cup')).toMatchObject({ target: { labelId: 'f' }, how: 'name', sure: true });
    expect(first.byClass.get('laptop')).toMatchObject({ target: { labelId: 'o' }, how: 'catchAll', sure: false });
    expect(first.unsure).toBe(80 - 1 - 10 - 1);

    // An annotator sees the mapping but does not choose it.
    const body = { projectId, modelId: model.id, classes: [{ className: 'laptop', target: { featureId, labelId: 'o' } }, { className: 'toothbrush', target: null }] };
    expect((await s.call({ method: 'POST', url: '/core/ai/model/mapping', token: w.users.annotator.token, payload: body })).status).toBe(403);
    const saved = await s.call({ method: 'POST', url: '/core/ai/model/mapping', token: w.users.owner.token, payload: body });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    const after = await read(w.users.owner.token);
    expect(after.byClass.get('laptop')).toMatchObject({ target: { labelId: 'o' }, how: 'person', sure: true, decided: true });
    expect(after.byClass.get('toothbrush')).toMatchObject({ target: null, how: 'person', decided: true });
    expect(after.unsure).toBe(first.unsure - 2);

    // A class the model does not have, or a label of no box or outline feature here: refused, translated, nothing stored.
    for (const classes of [[{ className: 'unicorn', target: null }], [{ className: 'cat', target: { featureId: featureId + 999, labelId: 'a' } }]]) {
      const bad = await s.call({ method: 'POST', url: '/core/ai/model/mapping', token: w.users.owner.token, payload: { projectId, modelId: model.id, classes } });
      expect([bad.status, bad.body.msg]).toEqual([400, 'error.ai.classMapInvalid']);
    }
    expect((await read(w.users.owner.token)).byClass.get('cat')).toMatchObject({ how: 'group', decided: false });
  });

  it('a run over people in a project without a person label says what it found and left out, and a choice made after counts on the next run', { timeout: 180_000 }, async () => {
    const { projectId, featureId } = await bilingualProject([{ id: 'a', name: 'Animal 动物' }]);
    const ctx = s.app.ctx;
    const run = async () => {
      const t = await buildTask(ctx, { projectId, createdBy: w.users.owner.id, steps: [{ type: 'annotate', members: projectPlayers(w) }], subjects: 2 });
      await realFrames(ctx, t, ['astronaut.png', 'chelsea.png']);
      const start = await s.call({ method: 'POST', url: '/core/ai/model/task', token: w.users.owner.token, payload: { projectId, taskId: t.taskId } });
      expect(start.body.code, JSON.stringify(start.body)).toBe(200);
      return finished(w.users.owner.token, projectId, start.body.data.jobId);
    };
    const before = await run();
    expect(before.state).toBe('succeeded');
    expect(before.applied.unmapped.find((u: { className: string }) => u.className === 'person')?.count).toBeGreaterThanOrEqual(1);
    const model = await builtinModel(ctx, 'detector');
    await s.call({ method: 'POST', url: '/core/ai/model/mapping', token: w.users.owner.token, payload: { projectId, modelId: model.id, classes: [{ className: 'person', target: { featureId, labelId: 'a' } }] } });
    const after = await run();
    expect(after.applied.unmapped.find((u: { className: string }) => u.className === 'person')).toBeUndefined();
    expect(after.applied.objects).toBeGreaterThan(before.applied.objects);
  });

  it('Fit skeleton says the point names do not match, with both lists, and fills a skeleton made from the COCO template', { timeout: 120_000 }, async () => {
    const ctx = s.app.ctx;
    const { projectId } = await bilingualProject([{ id: 'p', name: 'Person 人' }]);
    const now = ctx.now();
    const ontologyId = (await ctx.db.selectFrom('ontologies').select('id').where('project_id', '=', projectId).executeTakeFirstOrThrow()).id;
    const skeleton = (points: readonly string[]) => JSON.stringify({ version: ONTOLOGY_VERSION, labels: [{ id: 'b', name: 'Body 人体', color: '#00ff00' }], attributes: [], skeleton: { points: points.map((name, i) => ({ id: `k${i}`, name })), edges: [] } });
    const featureId = (await ctx.db.insertInto('ontology_features').values({ ontology_id: ontologyId, name: 'Pose', tool: 'keypoints', sort_order: 1, label_count: 1, definition: skeleton(['Wing tip', 'Beak']), created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    const t = await buildTask(ctx, { projectId, createdBy: w.users.owner.id, steps: [{ type: 'annotate', members: projectPlayers(w) }], subjects: 1 });
    await realFrames(ctx, t, ['astronaut.png']);
    const frameId = t.frames.get(t.subjectIds[0]!)![0]!;
    const fit = () => s.call({ method: 'POST', url: '/core/ai/annotate/prediction', token: w.users.owner.token, payload: { taskSubjectId: t.taskSubjectIds[0], frameId, tool: 'keypoints', box: { x: 0, y: 0, width: 512, height: 512 }, featureId, labelId: 'b' } });

    const unmatched = await fit();
    expect(unmatched.body.code, JSON.stringify(unmatched.body)).toBe(200);
    expect(unmatched.body.data.frames[0].objects).toEqual([]);
    expect(unmatched.body.data.pointsUnmatched).toMatchObject({ feature: 'Pose', skeleton: ['Wing tip', 'Beak'] });
    expect(unmatched.body.data.pointsUnmatched.model).toContain('left_shoulder');

    await ctx.db.updateTable('ontology_features').set({ definition: skeleton(COCO_SKELETON_TEMPLATE.points.map((p) => p.name)) }).where('id', '=', featureId).execute();
    const fitted = await fit();
    expect(fitted.body.data.pointsUnmatched).toBeUndefined();
    const [pose] = fitted.body.data.frames[0].objects;
    expect(pose.tool).toBe('keypoints');
    expect(pose.geometry.points.length).toBeGreaterThanOrEqual(10);
  });
});
