import fs from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startObsServer, type ObsServer } from '../support/obsServer';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_PROJECT_NAME, seedDemoTeam } from '../../src-server/seed/demoTeam';
import { DEMO_IMAGES_DIR } from '../../src-server/seed/demoImages';
import { ProjectsRepository } from '../../src-server/repositories/projects';

const PHOTOS = fs.readdirSync(DEMO_IMAGES_DIR).filter((f) => /\.(png|jpe?g)$/i.test(f)).sort();
const [OWNER, ANNOTATOR, REVIEWER] = DEMO_ACCOUNTS.map((a) => a.mobile) as [string, string, string];

/** Everything the seed makes, counted: what a second run must leave as it was. */
async function census(s: ObsServer) {
  const tables = ['teams', 'users', 'projects', 'batches', 'subjects', 'tasks', 'workflows', 'ontology_features', 'reject_reasons', 'note_labels', 'project_members'] as const;
  const count = async (table: (typeof tables)[number]) => Number((await s.app.ctx.db.selectFrom(table).select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await count(t)])));
}

async function logIn(s: ObsServer, mobile: string): Promise<string> {
  const login = await s.call({ method: 'POST', url: '/core/user/login/mobile', payload: { mobile, password: DEMO_PASSWORD } });
  expect(login.body.code).toBe(200);
  return login.body.data.tokenValue as string;
}

/** The caller's queue as My work shows it: task name → step type → waiting items. */
async function myWork(s: ObsServer, token: string) {
  const work = await s.call({ method: 'POST', url: '/core/task/work/list', token, payload: {} });
  expect(work.body.code).toBe(200);
  return work.body.data.list as { name: string; projectName: string; steps: { type: string; pending: number; workflowId: number }[]; taskId: number; projectId: number }[];
}

describe.each(DB_KINDS)('the demo seed on %s', (kind) => {
  let s: ObsServer | undefined;
  afterEach(async () => {
    await s?.close();
    s = undefined;
  });

  it('gives the annotator the demo photos to draw on at once and the reviewer the step after, with the ontology, instruction and pictures in place', async () => {
    s = await startObsServer(kind, 'embedded');
    const seed = await seedDemoTeam(s.app);
    expect(seed.project).toMatchObject({ state: 'filled', projectName: DEMO_PROJECT_NAME });

    const annotator = await logIn(s, ANNOTATOR);
    const [task] = await myWork(s, annotator);
    expect(task).toMatchObject({ projectName: DEMO_PROJECT_NAME, steps: [{ type: 'annotate', pending: PHOTOS.length }] });
    const reviewer = await logIn(s, REVIEWER);
    expect(await myWork(s, reviewer)).toMatchObject([{ taskId: task!.taskId, steps: [{ type: 'review', pending: 0 }] }]);

    // The ontology: boxes and outlines, each label with its own key.
    const ontology = await s.call({ method: 'GET', url: `/core/project/${task!.projectId}/ontology`, token: annotator });
    const features = ontology.body.data.features as { tool: string; labels: { hotkey?: string }[]; attributes: unknown[] }[];
    expect(features.map((f) => f.tool)).toEqual(['box', 'polygon']);
    const hotkeys = features.flatMap((f) => f.labels.map((l) => l.hotkey));
    expect(hotkeys.every(Boolean) && new Set(hotkeys).size === hotkeys.length).toBe(true);
    expect(features.every((f) => f.attributes.length > 0)).toBe(true);
    const project = await s.call({ method: 'GET', url: `/core/project/${task!.projectId}`, token: annotator });
    expect(project.body.data.instruction).toContain('My work');
    expect(project.body.data.instruction).toContain('我的工作');

    // The annotator claims the first photo, and its picture is there to be drawn on.
    const card = await s.call({ method: 'POST', url: '/core/task/subject/claim', token: annotator, payload: { projectId: task!.projectId, taskId: task!.taskId, workflowId: task!.steps[0]!.workflowId } });
    expect(card.body.code).toBe(200);
    const frames = await s.app.ctx.db.selectFrom('subject_frames').select(['object_key', 'file_name', 'size_bytes', 'width']).execute();
    expect(frames.map((f) => f.file_name).sort()).toEqual(PHOTOS);
    for (const f of frames) {
      expect(f.width).toBeGreaterThan(0);
      expect((await s.app.ctx.storage.head(f.object_key))?.size).toBe(fs.statSync(path.join(DEMO_IMAGES_DIR, f.file_name)).size);
    }
    for (const a of DEMO_ACCOUNTS) {
      const list = await s.call({ method: 'GET', url: '/core/project', token: await logIn(s, a.mobile) });
      expect(list.body.data.list.map((p: { projectName: string }) => p.projectName)).toEqual([DEMO_PROJECT_NAME]);
    }
  });

  it('duplicates nothing and fails nothing when run again, and keeps what the team changed', async () => {
    s = await startObsServer(kind, 'embedded');
    await seedDemoTeam(s.app);
    const first = await census(s);
    const owner = await logIn(s, OWNER);
    const [task] = await myWork(s, await logIn(s, ANNOTATOR));
    // The team renames the task: the next start must not bring a second "Label the demo photos".
    await s.call({ method: 'PUT', url: `/core/task/${task!.taskId}`, token: owner, payload: { projectId: task!.projectId, name: 'Our own task' } });
    expect((await seedDemoTeam(s.app)).project.state).toBe('kept');
    expect((await seedDemoTeam(s.app)).project.state).toBe('kept');
    expect(await census(s)).toEqual(first);
    expect((await myWork(s, await logIn(s, ANNOTATOR))).map((t) => t.name)).toEqual(['Our own task']);
  });

  it('does not bring back a demo project the team deleted', async () => {
    s = await startObsServer(kind, 'embedded');
    await seedDemoTeam(s.app);
    const owner = await logIn(s, OWNER);
    const [task] = await myWork(s, await logIn(s, ANNOTATOR));
    const removed = await s.call({ method: 'DELETE', url: `/core/project/${task!.projectId}`, token: owner });
    expect(removed.body.code).toBe(200);
    const again = await seedDemoTeam(s.app);
    expect(again.project.state).toBe('kept');
    expect((await s.call({ method: 'GET', url: '/core/project', token: owner })).body.data.total).toBe(0);
    expect(await myWork(s, await logIn(s, ANNOTATOR))).toEqual([]);
  });

  it('finishes a seeding that was cut short, on the same project, without doing any step twice', async () => {
    s = await startObsServer(kind, 'embedded');
    await seedDemoTeam(s.app);
    const complete = await census(s);
    const owner = await logIn(s, OWNER);
    const [task] = await myWork(s, await logIn(s, ANNOTATOR));
    // As if the run had stopped after the batch: no task yet, the mark not finished.
    await s.call({ method: 'DELETE', url: `/core/task/${task!.taskId}?projectId=${task!.projectId}`, token: owner });
    await s.app.ctx.db.updateTable('seed_marks').set({ done_at: null }).execute();
    const resumed = await seedDemoTeam(s.app);
    expect(resumed.project).toMatchObject({ state: 'filled', projectId: task!.projectId });
    expect(await census(s)).toEqual(complete);
    expect((await myWork(s, await logIn(s, ANNOTATOR)))[0]!.steps[0]!.pending).toBe(PHOTOS.length);
  });

  it('fills the empty demo project of a data folder seeded before projects had content, and leaves one the team has used', async () => {
    s = await startObsServer(kind, 'embedded');
    // What the earlier seed made: the team, its accounts and an empty project, and no mark.
    await seedDemoTeam(s.app);
    const [task] = await myWork(s, await logIn(s, ANNOTATOR));
    const owner = await logIn(s, OWNER);
    await s.call({ method: 'DELETE', url: `/core/project/${task!.projectId}`, token: owner });
    const teamId = (await s.app.ctx.db.selectFrom('teams').select('id').executeTakeFirstOrThrow()).id;
    const ownerId = (await s.app.ctx.repos.users.findByMobile(OWNER))!.id;
    await new ProjectsRepository(s.app.ctx.db).create({ teamId, name: DEMO_PROJECT_NAME, type: 'image', createdBy: ownerId, now: Date.now() });
    await s.app.ctx.db.deleteFrom('seed_marks').execute();
    expect((await seedDemoTeam(s.app)).project.state).toBe('filled');
    expect((await myWork(s, await logIn(s, ANNOTATOR)))[0]!.steps[0]!.pending).toBe(PHOTOS.length);

    // The same without a mark, now that the project has content: it is the team's.
    await s.app.ctx.db.deleteFrom('seed_marks').execute();
    const before = await census(s);
    expect((await seedDemoTeam(s.app)).project.state).toBe('none');
    expect(await census(s)).toEqual(before);
  });

  it('puts the photographs in the S3 bucket when the server runs on S3', async () => {
    s = await startObsServer(kind, 's3');
    await seedDemoTeam(s.app);
    const listed = await s.s3!.admin.send(new ListObjectsV2Command({ Bucket: s.s3!.bucket, Prefix: `${s.s3!.rootPrefix}/dataset/` }));
    const names = (listed.Contents ?? []).map((o) => o.Key!.split('/').pop()).sort();
    expect(names).toEqual(PHOTOS);
    const [task] = await myWork(s, await logIn(s, ANNOTATOR));
    expect(task!.steps[0]!.pending).toBe(PHOTOS.length);
  });
});
