/**
 * A team moving servers (issue 35, docs/export-formats.md "Whole project"): the demo project on
 * one server, annotated, exported as a whole-project archive through the export job, carried to
 * another server and imported there as a new project. The other server's project has the same
 * settings, ontology, batches, pictures (byte for byte), task steps and annotations; a broken
 * archive is refused with the reason and leaves no project and no picture behind.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrameData } from '../../src-shared/model/annotation';
import { readDefinition } from '../../src-shared/model/ontology';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_PROJECT_NAME, seedDemoTeam } from '../../src-server/seed/demoTeam';
import { LOSSLESS_FILES } from '../../src-server/exports/formats';
import { DB_KINDS } from '../support/databases';
import { awaitExport } from '../support/exportJobs';
import { storeFrame } from '../support/exportFixture';
import { startTestServer, type TestServer } from '../support/testServer';
import { zipOf } from '../support/zipOf';

const owner = DEMO_ACCOUNTS.find((a) => a.role === 'owner')!;

async function login(s: TestServer): Promise<{ token: string; userId: number }> {
  const r = await s.call({ method: 'POST', url: '/core/user/login/mobile', payload: { mobile: owner.mobile, password: DEMO_PASSWORD } });
  expect(r.body.msg).toBe('ok');
  return { token: r.body.data.tokenValue, userId: r.body.data.userId ?? r.body.data.user?.id };
}

async function bytesOf(s: TestServer, key: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of await s.app.ctx.storage.get(key)) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

/** What a person would compare of a project: settings, ontology by names, batches, pictures, steps, and every frame's objects by label name. */
async function picture(s: TestServer, projectId: number) {
  const { db } = s.app.ctx;
  const project = await db.selectFrom('projects').select(['type', 'description', 'instruction']).where('id', '=', projectId).executeTakeFirstOrThrow();
  const reasons = (await db.selectFrom('reject_reasons').select('reason').where('project_id', '=', projectId).orderBy('id').execute()).map((r) => r.reason);
  const noteLabels = (await db.selectFrom('note_labels').select(['name', 'color']).where('project_id', '=', projectId).orderBy('id').execute());
  const features = await db
    .selectFrom('ontology_features as f')
    .innerJoin('ontologies as o', 'o.id', 'f.ontology_id')
    .select(['f.id', 'f.name', 'f.tool', 'f.definition'])
    .where('o.project_id', '=', projectId)
    .orderBy('f.sort_order')
    .execute();
  const defs = new Map(features.map((f) => [f.id, { name: f.name, tool: f.tool, ...readDefinition(JSON.parse(f.definition)) }]));
  const batches = (await db.selectFrom('batches').select(['name', 'subject_count']).where('project_id', '=', projectId).orderBy('id').execute());
  const frames = await db
    .selectFrom('subject_frames as sf')
    .innerJoin('subjects as su', 'su.id', 'sf.subject_id')
    .select(['su.name', 'su.record_type', 'sf.file_name', 'sf.frame_index', 'sf.object_key', 'sf.width', 'sf.height'])
    .where('su.project_id', '=', projectId)
    .orderBy('su.name')
    .orderBy('sf.frame_index')
    .execute();
  const pictures = await Promise.all(frames.map(async (f) => ({ name: f.name, recordType: f.record_type, fileName: f.file_name, index: f.frame_index, width: f.width, height: f.height, sha: sha(await bytesOf(s, f.object_key)) })));
  const steps = (await db.selectFrom('workflows as w').innerJoin('tasks as t', 't.id', 'w.task_id').select(['t.name as task', 'w.step_index', 'w.type', 'w.name']).where('w.project_id', '=', projectId).orderBy('t.id').orderBy('w.step_index').execute());
  const annotations = await db
    .selectFrom('annotation_frames as af')
    .innerJoin('task_subjects as ts', 'ts.id', 'af.task_subject_id')
    .innerJoin('subject_frames as sf', 'sf.id', 'af.frame_id')
    .select(['sf.file_name', 'af.data'])
    .where('ts.project_id', '=', projectId)
    .execute();
  const objects = annotations
    .flatMap((a) =>
      (JSON.parse(a.data) as FrameData).objects.map((o) => {
        const def = defs.get(o.featureId);
        return JSON.stringify({ file: a.file_name, id: o.id, feature: def?.name, label: def?.labels?.find((l) => l.id === o.labelId)?.name, tool: o.tool, geometry: o.geometry, source: o.source, attributes: o.attributes });
      }),
    )
    .sort();
  const ontology = [...defs.values()].map((d) => ({ name: d.name, tool: d.tool, labels: d.labels?.map((l) => l.name), attributes: d.attributes?.map((a) => a.name) }));
  return { project, reasons, noteLabels, ontology, batches, pictures, steps, objects };
}

describe.each(DB_KINDS)('a whole project moved to another server, on %s', (kind) => {
  let from: TestServer;
  let to: TestServer;
  let sourceId: number;
  let archiveKey: string;
  let target: { token: string; userId: number };

  const projectCount = async () => Number((await to.app.ctx.db.selectFrom('projects').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const importArchive = (key: string, projectName?: string) =>
    to.call({ method: 'POST', url: '/core/project/archive/import', token: target.token, payload: { key, ...(projectName ? { projectName } : {}) } });
  /** An archive put where the caller may read it, as an upload puts it. */
  const upload = async (bytes: Buffer, name: string) => {
    const key = `user/${target.userId}/${name}`;
    await to.app.ctx.storage.put(key, bytes, 'application/zip');
    return key;
  };

  beforeAll(async () => {
    [from, to] = await Promise.all([startTestServer(kind), startTestServer(kind)]);
    await Promise.all([seedDemoTeam(from.app), seedDemoTeam(to.app)]);
    const source = await login(from);
    target = await login(to);
    if (!target.userId) target.userId = (await to.app.ctx.db.selectFrom('users').select('id').where('mobile', '=', owner.mobile).executeTakeFirstOrThrow()).id;
    const { db } = from.app.ctx;
    sourceId = (await db.selectFrom('projects').select('id').where('name', '=', DEMO_PROJECT_NAME).executeTakeFirstOrThrow()).id;

    // Work on two items: a box and a polygon of the project's own labels, one suggested by a model.
    const features = await db.selectFrom('ontology_features as f').innerJoin('ontologies as o', 'o.id', 'f.ontology_id').select(['f.id', 'f.tool', 'f.definition']).where('o.project_id', '=', sourceId).execute();
    const box = features.find((f) => f.tool === 'box')!;
    const polygon = features.find((f) => f.tool === 'polygon') ?? box;
    const labelOf = (f: typeof box) => readDefinition(JSON.parse(f.definition)).labels![0]!.id;
    const items = await db.selectFrom('task_subjects as ts').innerJoin('subject_frames as sf', 'sf.subject_id', 'ts.subject_id').select(['ts.id', 'sf.id as frameId']).where('ts.project_id', '=', sourceId).orderBy('ts.id').limit(2).execute();
    const frame = (i: number): FrameData => ({
      version: 1,
      classifications: [],
      objects: [
        { id: `box${i}`, featureId: box.id, labelId: labelOf(box), tool: 'box', geometry: { x: 10 + i, y: 20, width: 30, height: 40, rotation: 15 }, attributes: {}, zIndex: 1, source: 'manual' },
        polygon.tool === 'polygon'
          ? { id: `poly${i}`, featureId: polygon.id, labelId: labelOf(polygon), tool: 'polygon', geometry: { points: [{ x: 1, y: 1 }, { x: 50, y: 5 }, { x: 25, y: 40 }] }, attributes: {}, zIndex: 2, source: 'ai' }
          : { id: `box2${i}`, featureId: box.id, labelId: labelOf(box), tool: 'box', geometry: { x: 5, y: 5, width: 9, height: 9 }, attributes: {}, zIndex: 2, source: 'ai' },
      ],
    }) as FrameData;
    for (const [i, it] of items.entries()) await storeFrame(from.app.ctx, it.id, it.frameId, frame(i), { userId: source.userId || 1, at: Date.now() });

    const started = await from.call({ method: 'POST', url: '/core/export', token: source.token, payload: { projectId: sourceId, format: 'project' } });
    expect(started.body.msg, JSON.stringify(started.body.data)).toBe('ok');
    const job = await awaitExport(from, source.token, sourceId, started.body.data.id, 120_000);
    expect(job.status, JSON.stringify(job)).toBe('done');
    // Carried across: downloaded from one server, uploaded to the other.
    archiveKey = await upload(await bytesOf(from, job.objectKey!), 'moved.zip');
  }, 240_000);

  afterAll(async () => {
    await Promise.all([from?.close(), to?.close()]);
  });

  it('refuses a name the team already uses, and makes nothing', async () => {
    const before = await projectCount();
    const r = await importArchive(archiveKey);
    expect(r.body.msg).toBe('error.project.nameTaken');
    expect(await projectCount()).toBe(before);
  });

  it('arrives as a new project with the same settings, ontology, batches, pictures, steps and annotations', { timeout: 120_000 }, async () => {
    const r = await importArchive(archiveKey, 'Moved here 搬来的');
    expect(r.body.msg, JSON.stringify(r.body.data)).toBe('ok');
    const result = r.body.data;
    expect(result.projectName).toBe('Moved here 搬来的');
    expect(result.skippedItems.count).toBe(0);
    expect(result.objects).toBe(4);

    const before = await picture(from, sourceId);
    const after = await picture(to, result.projectId);
    expect(after.pictures.length).toBeGreaterThan(0);
    expect(result.subjects).toBe(new Set(before.pictures.map((p) => p.name)).size);
    expect(after.project).toEqual(before.project);
    expect(after.reasons).toEqual(before.reasons);
    expect(after.noteLabels).toEqual(before.noteLabels);
    expect(after.ontology).toEqual(before.ontology);
    expect(after.batches).toEqual(before.batches);
    expect(after.pictures).toEqual(before.pictures);
    expect(after.steps).toEqual(before.steps);
    expect(after.objects).toHaveLength(4);
    expect(after.objects).toEqual(before.objects);
  });

  it('refuses an archive of a newer version, and makes nothing', async () => {
    const before = await projectCount();
    const key = await upload(await zipOf({ 'project.json': JSON.stringify({ format: 'annotation-workstation/project', formatVersion: 2 }) }), 'newer.zip');
    const r = await importArchive(key, 'Newer');
    expect(r.body.msg).toBe('error.import.unsupportedVersion');
    expect(r.body.data).toMatchObject({ file: 'project.json', field: 'formatVersion', version: 2 });
    expect(await projectCount()).toBe(before);
  });

  it('undoes the project when the archive fails half way (an ontology the server refuses), leaving no picture', async () => {
    const before = await projectCount();
    const doc = {
      format: 'annotation-workstation/project', formatVersion: 1, exportedAt: 0,
      project: { name: 'Half', type: 'image', description: '', instruction: '', rejectReasons: ['Blurry'], noteLabels: [] },
      batches: [{ id: 1, name: 'B', remark: '' }], tasks: [],
    };
    const manifest = { format: 'annotation-workstation/lossless', formatVersion: 1, annotationVersion: 1, ontologyVersion: 1 };
    const key = await upload(
      await zipOf({
        'project.json': JSON.stringify(doc),
        [LOSSLESS_FILES.manifest]: JSON.stringify(manifest),
        [LOSSLESS_FILES.ontology]: JSON.stringify({ version: 1, features: [{ name: '', tool: 'box', labels: [] }] }),
        [LOSSLESS_FILES.annotations]: '',
      }),
      'half.zip',
    );
    const r = await importArchive(key, 'Half made');
    expect(r.body.code).toBe(400);
    expect(await projectCount()).toBe(before);
    expect(await to.app.ctx.db.selectFrom('projects').select('id').where('name', '=', 'Half made').executeTakeFirst()).toBeUndefined();
  });
});
