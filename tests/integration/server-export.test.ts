import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startObsServer, type ObsServer } from '../support/obsServer';
import { buildWorld, type World } from '../support/world';
import { exportProject } from '../support/exportFixture';
import { awaitExport, readExportZip } from '../support/exportJobs';
import type { FrameData } from '../../src-shared/model/annotation';

/** Export plans, counts, the template, background runs and their results, deliveries, deletion. */
describe.each(DB_KINDS)('exports on %s', (kind) => {
  let s: ObsServer;
  beforeAll(async () => {
    s = await startObsServer(kind, 'embedded');
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = (w: World, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    s.call({ method, url: `/core${url}`, token: w.users.owner.token, ...(payload ? { payload } : {}) });
  const ok = async (r: ReturnType<typeof call>) => {
    const res = await r;
    expect(res.body.msg, JSON.stringify(res.body.data)).toBe('ok');
    return res.body.data;
  };
  const failure = async (r: ReturnType<typeof call>) => {
    const res = await r;
    return { status: res.status, msg: res.body.msg };
  };
  const setup = async (subjects = 5, annotated = 3) => {
    const w = await buildWorld(s.app.ctx);
    const p = await exportProject(s.app.ctx, { projectId: w.projectP, userId: w.users.owner.id, reviewerId: w.users.reviewer.id, subjects, annotated });
    return { w, ...p };
  };

  it('describes formats, filter choices and saved plans in the template', async () => {
    const { w, task } = await setup(2, 1);
    const plan = await ok(call(w, 'POST', '/export/plan', { projectId: w.projectP, name: 'Cars for training', format: 'yoloDetect', filters: { taskId: task.taskId } }));
    const t = await ok(call(w, 'GET', `/export/template/${w.projectP}`));
    expect(t.formats.map((f: { format: string }) => f.format)).toEqual(['coco', 'yoloDetect', 'yoloSegment', 'yoloPose', 'yoloObb', 'yoloClassify', 'voc', 'segmentationMask', 'mot', 'cvat', 'cvatVideo', 'labelme', 'labelStudio', 'datumaro', 'kitti', 'imagenet', 'lossless', 'project']);
    // the class folders keep no drawn object, only the frames' classes, and always carry the pictures (no media switch)
    expect(t.formats.find((f: { format: string }) => f.format === 'yoloClassify')).toMatchObject({ tools: [], classifications: true, files: ['train/<class>/<image>'], mediaFolder: 'train/<class>/' });
    expect(t.formats.find((f: { format: string }) => f.format === 'imagenet')).toMatchObject({ tools: [], classifications: true, mediaFolder: '<class>/' });
    expect(t.options.find((o: { name: string }) => o.name === 'includeMedia').formats).not.toContain('imagenet');
    expect(t.formats.find((f: { format: string }) => f.format === 'voc')).toMatchObject({ tools: ['box'], mediaFolder: 'JPEGImages/' });
    expect(t.formats.find((f: { format: string }) => f.format === 'segmentationMask')).toMatchObject({ tools: ['mask', 'polygon', 'box'], mediaFolder: 'JPEGImages/' });
    // MOT: a sequence folder per item, its pictures in img1/
    expect(t.formats.find((f: { format: string }) => f.format === 'mot')).toMatchObject({ tools: ['box'], files: ['<item>/gt/gt.txt', '<item>/gt/labels.txt'], mediaFolder: '<item>/img1/' });
    // COCO's masks as run-length or polygons: a choice the dialog shows for COCO only
    expect(t.options).toContainEqual({ name: 'cocoMasks', type: 'choice', default: 'rle', choices: ['rle', 'polygon'], formats: ['coco'] });
    expect(t.tasks).toEqual([{ id: task.taskId, name: expect.any(String), steps: [expect.objectContaining({ workflowId: task.steps[0]!.workflowId, type: 'annotate' }), expect.objectContaining({ type: 'review' })] }]);
    expect(t.labels.map((l: { name: string }) => l.name)).toEqual(['car', '行人', 'road', 'person', 'sunny']);
    expect(t.plans).toEqual([plan]);
    expect(t.states).toContain('done');
  });

  it('saves plans with unique names and counts what they select, filter by filter', async () => {
    const { w, task } = await setup(5, 3);
    const plan = await ok(call(w, 'POST', '/export/plan', { projectId: w.projectP, name: 'All', format: 'coco' }));
    expect(await failure(call(w, 'POST', '/export/plan', { projectId: w.projectP, name: ' All ', format: 'voc' }))).toEqual({ status: 409, msg: 'error.export.planNameTaken' });
    // 3 annotated frames of 3 boxes, a polygon and a person each.
    expect(await ok(call(w, 'POST', '/export/plan/count', { projectId: w.projectP, planId: plan.id }))).toEqual({ subjects: 5, frames: 5, objects: 15, unconfirmed: 0 });
    const count = (filters: object) => ok(call(w, 'POST', '/export/plan/count', { projectId: w.projectP, filters }));
    expect(await count({ annotatedOnly: true })).toEqual({ subjects: 3, frames: 3, objects: 15, unconfirmed: 0 });
    expect(await count({ taskId: task.taskId, states: ['pending'] })).toEqual({ subjects: 5, frames: 5, objects: 15, unconfirmed: 0 });
    expect(await count({ taskId: task.taskId, states: ['done'] })).toEqual({ subjects: 0, frames: 0, objects: 0, unconfirmed: 0 });
    expect(await count({ taskId: task.taskId, workflowIds: [task.steps[1]!.workflowId] })).toEqual({ subjects: 0, frames: 0, objects: 0, unconfirmed: 0 });
    expect(await count({ labelIds: ['ped'] })).toEqual({ subjects: 3, frames: 3, objects: 15, unconfirmed: 0 });
    expect(await count({ labelIds: ['sunny'] })).toEqual({ subjects: 3, frames: 3, objects: 15, unconfirmed: 0 });
    const at = await s.app.ctx.db.selectFrom('task_subjects').select('updated_at').where('id', '=', task.taskSubjectIds[0]!).executeTakeFirstOrThrow();
    expect(await count({ from: Number(at.updated_at), to: Number(at.updated_at) })).toEqual({ subjects: 1, frames: 1, objects: 5, unconfirmed: 0 });

    const renamed = await ok(call(w, 'POST', `/export/plan/${plan.id}`, { projectId: w.projectP, name: 'Only annotated', filters: { annotatedOnly: true } }));
    expect(renamed).toMatchObject({ id: plan.id, name: 'Only annotated', format: 'coco', filters: { annotatedOnly: true } });
    expect(await ok(call(w, 'POST', '/export/plan/count', { projectId: w.projectP, planId: plan.id }))).toEqual({ subjects: 3, frames: 3, objects: 15, unconfirmed: 0 });
  });

  it('counts what the chosen format keeps, and leaves out suggestions nobody confirmed unless the plan keeps them (issue 31)', async () => {
    const { w, task } = await setup(2, 2);
    // On the second image one box is still the model's suggestion: nobody accepted it.
    const tsId = task.taskSubjectIds[1]!;
    const row = await s.app.ctx.db.selectFrom('annotation_frames').select(['frame_id', 'data']).where('task_subject_id', '=', tsId).executeTakeFirstOrThrow();
    const data = JSON.parse(row.data) as FrameData;
    data.objects[0] = { ...data.objects[0]!, source: 'ai', score: 0.81 };
    await s.app.ctx.db.updateTable('annotation_frames').set({ data: JSON.stringify(data) }).where('task_subject_id', '=', tsId).where('frame_id', '=', row.frame_id).execute();

    // Each image: 3 boxes, a polygon and a person's keypoints.
    const count = (format: string, options?: object) => ok(call(w, 'POST', '/export/plan/count', { projectId: w.projectP, filters: {}, format, ...(options ? { options } : {}) }));
    expect(await count('voc')).toEqual({ subjects: 2, frames: 2, objects: 5, unconfirmed: 1 });
    expect(await count('voc', { includeUnconfirmed: true })).toEqual({ subjects: 2, frames: 2, objects: 6, unconfirmed: 0 });
    expect(await count('coco')).toEqual({ subjects: 2, frames: 2, objects: 9, unconfirmed: 1 });
    expect(await count('yoloSegment')).toEqual({ subjects: 2, frames: 2, objects: 2, unconfirmed: 1 });
    // The class folders count the pictures they file under a class: both images are sunny.
    expect(await count('imagenet')).toEqual({ subjects: 2, frames: 2, objects: 2, unconfirmed: 1 });
    // The lossless copy keeps everything, each object with its source, unless told not to.
    expect(await count('lossless')).toEqual({ subjects: 2, frames: 2, objects: 10, unconfirmed: 0 });
    expect(await count('lossless', { includeUnconfirmed: false })).toEqual({ subjects: 2, frames: 2, objects: 9, unconfirmed: 1 });
    // A saved plan is counted in its own format and options.
    const plan = await ok(call(w, 'POST', '/export/plan', { projectId: w.projectP, name: 'Boxes', format: 'voc' }));
    expect(await ok(call(w, 'POST', '/export/plan/count', { projectId: w.projectP, planId: plan.id }))).toMatchObject({ objects: 5, unconfirmed: 1 });

    // The exports write what the counts said, and say what they left out.
    const voc = await awaitExport(s, w.users.owner.token, w.projectP, (await ok(call(w, 'POST', '/export', { projectId: w.projectP, planId: plan.id }))).id);
    expect(voc.report).toMatchObject({ objectsWritten: 5, skipped: { unconfirmed: 1, polygon: 2, keypoints: 2 } });
    const vocXml = [...(await readExportZip(s, w.users.owner.token, voc.objectKey)).entries].filter(([path]) => path.startsWith('Annotations/')).map(([, b]) => b.toString());
    expect(vocXml.join('').match(/<object>/g)).toHaveLength(5);
    const lossless = await awaitExport(s, w.users.owner.token, w.projectP, (await ok(call(w, 'POST', '/export', { projectId: w.projectP, format: 'lossless' }))).id);
    expect(lossless.report).toMatchObject({ objectsWritten: 10, skipped: {} });
  });

  it('refuses filters that name nothing of the project, or steps without their task', async () => {
    const { w, task } = await setup(1, 0);
    const count = (filters: object) => failure(call(w, 'POST', '/export/plan/count', { projectId: w.projectP, filters }));
    expect(await count({ states: ['done'] })).toEqual({ status: 400, msg: 'error.export.filterNeedsTask' });
    expect(await count({ taskId: task.taskId + 999 })).toEqual({ status: 404, msg: 'error.export.taskNotFound' });
    expect(await count({ taskId: task.taskId, workflowIds: [task.steps[0]!.workflowId + 999] })).toEqual({ status: 404, msg: 'error.export.workflowNotFound' });
    expect(await count({ batchIds: [999_999] })).toEqual({ status: 404, msg: 'error.export.batchNotFound' });
    expect(await count({ from: 10, to: 5 })).toEqual({ status: 400, msg: 'error.export.badRange' });
    expect(await failure(call(w, 'POST', '/export', { projectId: w.projectP }))).toEqual({ status: 400, msg: 'error.export.formatMissing' });
    expect(await failure(call(w, 'POST', '/export', { projectId: w.projectP, planId: 999_999 }))).toEqual({ status: 404, msg: 'error.export.planNotFound' });
  });

  it('runs an export in the background into export/<projectId>/ and reports what it wrote', async () => {
    const { w } = await setup(5, 3);
    const started = await ok(call(w, 'POST', '/export', { projectId: w.projectP, format: 'coco', name: 'Street scenes' }));
    expect(started).toMatchObject({ status: 'queued', format: 'coco', name: 'Street scenes', objectKey: null });
    const job = await awaitExport(s, w.users.owner.token, w.projectP, started.id);
    expect(job).toMatchObject({ status: 'done', done: 5, total: 5, percent: 100, attempts: 1, errorCode: null });
    // Under a folder with a random part (security-object-access.test.ts), the readable name last.
    expect(job.objectKey).toMatch(new RegExp(`^export/${w.projectP}/${started.id}-[A-Za-z0-9_-]{22}/Street-scenes\\.zip$`));
    expect(job.report).toEqual({ format: 'coco', frames: 5, objectsWritten: 15, skipped: {}, warnings: [], subjects: 5, mediaFiles: 0 });

    const zip = await readExportZip(s, w.users.owner.token, job.objectKey);
    expect(job.sizeBytes).toBe(zip.size);
    const coco = JSON.parse(zip.entries.get('annotations/instances_default.json')!.toString('utf8'));
    expect(coco.images).toHaveLength(5);
    expect(coco.annotations).toHaveLength(15);
    expect(coco.categories.map((c: { name: string }) => c.name)).toEqual(['car', '行人', 'road', 'person']);
    expect(coco.annotations[0]).toMatchObject({ bbox: [10.5, 20.25, 15, 30], area: 450, attributes: { Colour: 'Red' } });
    // answers and the image's classification by name (issue 17), never by id
    expect(coco.images.filter((i: { attributes: object }) => JSON.stringify(i.attributes) === '{"Weather":"sunny"}')).toHaveLength(3);

    const events = await s.app.ctx.db.selectFrom('realtime_events').select(['payload']).where('type', '=', 'export.changed').where('room', '=', `exports:${w.projectP}`).orderBy('seq').execute();
    const statuses = events.map((e) => JSON.parse(e.payload).status);
    expect(statuses[0]).toBe('queued');
    expect(statuses.at(-1)).toBe('done');
  });

  it('copies the media into the zip where each format expects them, when asked', async () => {
    const { w, task } = await setup(2, 2);
    for (const [i, subjectId] of task.subjectIds.entries()) {
      const f = await s.app.ctx.db.selectFrom('subject_frames').select('object_key').where('subject_id', '=', subjectId).executeTakeFirstOrThrow();
      await s.app.ctx.storage.put(f.object_key, Buffer.from(`jpeg bytes ${i}`), 'image/jpeg');
    }
    const started = await ok(call(w, 'POST', '/export', { projectId: w.projectP, format: 'yoloDetect', options: { includeMedia: true } }));
    const job = await awaitExport(s, w.users.owner.token, w.projectP, started.id);
    expect(job).toMatchObject({ status: 'done', total: 4, report: { mediaFiles: 2, objectsWritten: 6 } });
    const zip = await readExportZip(s, w.users.owner.token, job.objectKey);
    expect(zip.entries.get('images/train/item_0_0.jpg')?.toString()).toBe('jpeg bytes 0');
    expect(zip.entries.get('images/train/item_1_0.jpg')?.toString()).toBe('jpeg bytes 1');
    expect(zip.entries.get('labels/train/item_0_0.txt')?.toString().trim().split('\n')).toHaveLength(3);
    expect(zip.entries.has('data.yaml')).toBe(true);
  });

  it('keeps notes, review verdicts and the task subject in the lossless export', async () => {
    const { w, task } = await setup(1, 1);
    const ctx = s.app.ctx;
    const tsId = task.taskSubjectIds[0]!;
    const reasonId = (await ctx.db.insertInto('reject_reasons').values({ project_id: w.projectP, reason: '漏标车辆', created_by: w.users.owner.id, created_at: 4 }).returning('id').executeTakeFirstOrThrow()).id;
    await ctx.db.insertInto('notes').values({ project_id: w.projectP, subject_id: task.subjectIds[0]!, task_subject_id: tsId, content: 'check the bus', created_by: w.users.reviewer.id, created_at: 5 }).execute();
    await ctx.db
      .insertInto('task_subject_logs')
      .values({ task_subject_id: tsId, task_id: task.taskId, project_id: w.projectP, workflow_id: task.steps[1]!.workflowId, step_index: 1, user_id: w.users.reviewer.id, action: 'reject', from_state: 'claimed', to_state: 'pending', reason: 'missed a bus', reject_reason_ids: JSON.stringify([reasonId]), created_at: 6 })
      .execute();
    const started = await ok(call(w, 'POST', '/export', { projectId: w.projectP, format: 'lossless' }));
    const job = await awaitExport(s, w.users.owner.token, w.projectP, started.id);
    const zip = await readExportZip(s, w.users.owner.token, job.objectKey);
    const [line] = zip.entries.get('annotations.jsonl')!.toString('utf8').trim().split('\n');
    const item = JSON.parse(line!);
    expect(item.taskSubject).toMatchObject({ taskSubjectId: tsId, taskId: task.taskId, stepIndex: 0 });
    // who, which step and which reason by name beside the ids: the file alone tells a person what happened
    const reviewerName = (await ctx.db.selectFrom('users').select('name').where('id', '=', w.users.reviewer.id).executeTakeFirstOrThrow()).name;
    expect(item.notes).toEqual([expect.objectContaining({ content: 'check the bus', taskSubjectId: tsId, status: 'open', createdByName: reviewerName, labelName: null, resolvedByName: null })]);
    expect(item.reviews).toEqual([
      {
        action: 'reject', workflowId: task.steps[1]!.workflowId, stepName: null, stepIndex: 1, userId: w.users.reviewer.id, userName: reviewerName,
        reason: 'missed a bus', rejectReasonIds: [reasonId], rejectReasons: ['漏标车辆'], at: 6,
      },
    ]);
    expect(item.frames[0].data.objects).toHaveLength(5);
  });

  it('records deliveries of finished exports and lists them with the export', async () => {
    const { w } = await setup(1, 1);
    const started = await ok(call(w, 'POST', '/export', { projectId: w.projectP, format: 'voc' }));
    const transfer = { projectId: w.projectP, exportId: started.id, destination: 'sftp://vendor.example/drop', status: 'delivered', bytes: 123 };
    await awaitExport(s, w.users.owner.token, w.projectP, started.id);
    const recorded = await ok(call(w, 'POST', '/export/transfer/callback', transfer));
    expect(recorded).toMatchObject({ exportId: started.id, destination: 'sftp://vendor.example/drop', status: 'delivered', bytes: 123, reportedBy: w.users.owner.id });
    const listed = await ok(call(w, 'POST', '/export/progress', { projectId: w.projectP, ids: [started.id] }));
    expect(listed.list[0].transfers).toEqual([recorded]);
    expect(await failure(call(w, 'POST', '/export/transfer/callback', { ...transfer, exportId: started.id + 999 }))).toEqual({ status: 404, msg: 'error.export.notFound' });
  });

  it('cancels a queued export, refuses to cancel a finished one, and deletes exports with their zips', async () => {
    const { w } = await setup(1, 1);
    await s.app.ctx.exports.close(); // nothing runs: the export stays queued
    const queued = await ok(call(w, 'POST', '/export', { projectId: w.projectP, format: 'coco' }));
    expect(await failure(call(w, 'POST', '/export/transfer/callback', { projectId: w.projectP, exportId: queued.id, destination: 'x', status: 'delivered' }))).toEqual({ status: 409, msg: 'error.export.notDone' });
    const cancelled = await ok(call(w, 'PUT', `/export/${w.projectP}/${queued.id}/cancel`));
    expect(cancelled).toMatchObject({ status: 'cancelled', objectKey: null });
    expect(await failure(call(w, 'PUT', `/export/${w.projectP}/${queued.id}/cancel`))).toEqual({ status: 409, msg: 'error.export.notCancellable' });
    await ok(call(w, 'DELETE', `/export/${w.projectP}/${queued.id}`));
    expect(await failure(call(w, 'DELETE', `/export/${w.projectP}/${queued.id}`))).toEqual({ status: 404, msg: 'error.export.notFound' });
  });
});
