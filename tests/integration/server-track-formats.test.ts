/**
 * Tracks through the server's export and import (issue 33), on SQLite and PostgreSQL: a frame
 * sequence's tracks exported as MOT 1.1 by the export job (with its pictures in img1/, named by
 * frame number; a video item's frames numbered as its file's), and that zip imported through
 * POST /project/external/import into a project of the same items shows the same boxes on every
 * frame; a bad MOT file is refused with nothing written; the lossless format's import keeps the
 * keyframes as stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enclosingBox } from '../../src-server/exports/formats/geometry';
import { migrateFrameData, type AnnotationObject, type FrameData } from '../../src-shared/model/annotation';
import type { OntologyFeature } from '../../src-shared/model/ontology';
import { AnnotationsRepository } from '../../src-server/repositories/annotations';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World } from '../support/world';
import { awaitExport, readExportZip } from '../support/exportJobs';
import { buildImportProject, exportItemsOf, ontologyOf, putZip, storeOntology, type ImportProject } from '../support/importFixture';
import { writeIntoZip } from '../support/exportSample';
import { writeLossless } from '../../src-server/exports/formats';
import { differenceAt, renamedTracks, shownObjects, trackClip, TRACK_FRAMES } from '../support/trackSample';

const clip = trackClip();
/** The second item of a video split at frame 1,000: its frame 0 is the file's frame 1,000. */
const video = trackClip('drive.mp4 [1000-1011]', 32);
const items = [clip, video];
const subjects = items.map((item) => ({ name: item.name, frames: item.frames.map((f) => ({ fileName: f.fileName, width: f.width, height: f.height })) }));

/** The project's copy of `video` made a video item, as the video import records one. */
async function makeVideo(s: TestServer, p: ImportProject) {
  const subjectId = p.subjectIds.get(video.name)!;
  await s.app.ctx.db.updateTable('subjects').set({ record_type: 'video' }).where('id', '=', subjectId).execute();
  await s.app.ctx.db
    .insertInto('subject_videos')
    .values({ subject_id: subjectId, object_key: `dataset/${p.projectId}/drive.mp4`, container: 'mp4', codec: 'avc1.64001f', width: 640, height: 480, rotation: 0, variable_frame_rate: 0, file_frames: 2000, duration_us: 80_000_000, first_frame: 1000, frame_count: TRACK_FRAMES, times_key: `dataset/${p.projectId}/drive.mp4.times.json` })
    .execute();
}

/** The item's stored frames in order (empty where nothing is stored), with the ontology to name labels. */
async function storedFrames(s: TestServer, p: ImportProject, item = clip): Promise<{ frames: FrameData[]; labelOf: (o: AnnotationObject) => string | undefined }> {
  const taskSubjectId = p.taskSubjectIds.get(p.subjectIds.get(item.name)!)!;
  const stored = new Map((await new AnnotationsRepository(s.app.ctx.db).frames(taskSubjectId)).map((f) => [f.frameId, f.data]));
  const frames = item.frames.map((f) => stored.get(p.frameIds.get(f.fileName)!) ?? { version: 1 as const, objects: [], classifications: [] });
  const features: OntologyFeature[] = (await ontologyOf(s.app.ctx, p.projectId)).features;
  return { frames: frames.map((f) => migrateFrameData(f)), labelOf: (o) => features.find((f) => f.featureId === o.featureId)?.labels.find((l) => l.id === o.labelId)?.name };
}

const zipOf = async (files: Record<string, string>): Promise<Buffer> => (await writeIntoZip(async (sink) => { for (const [path, text] of Object.entries(files)) await sink.add(path, text); })).zip;

describe.each(DB_KINDS)('tracks through export and import on %s', (kind) => {
  let s: TestServer;
  let w: World;
  let a: ImportProject;
  let token: string;
  const newProject = async (withVideo = true) => {
    const p = await buildImportProject(s.app.ctx, { teamId: w.teamA, ownerId: w.users.owner.id, annotatorIds: [], subjects: withVideo ? subjects : subjects.slice(0, 1) });
    if (withVideo) await makeVideo(s, p);
    await storeOntology(s.app.ctx, p.projectId, w.users.owner.id, await ontologyOf(s.app.ctx, a.projectId));
    return p;
  };
  const importZip = (p: ImportProject, format: string, key: string, extra: Record<string, unknown> = {}) =>
    s.call({ method: 'POST', url: '/core/project/external/import', token, payload: { projectId: p.projectId, taskId: p.taskId, format, key, dryRun: false, mode: 'replace', ...extra } });

  beforeAll(async () => {
    s = await startTestServer(kind);
    w = await buildWorld(s.app.ctx);
    token = w.users.owner.token;
    a = await buildImportProject(s.app.ctx, { teamId: w.teamA, ownerId: w.users.owner.id, annotatorIds: [], subjects });
    await makeVideo(s, a);
    const featureIds = await storeOntology(s.app.ctx, a.projectId, w.users.owner.id);
    for (const item of items) {
      const taskSubjectId = a.taskSubjectIds.get(a.subjectIds.get(item.name)!)!;
      const frames = item.frames.map((f) => {
        const data = { ...f.data, objects: f.data.objects.map((o) => ({ ...o, featureId: featureIds.get(o.featureId)! })) };
        return { frameId: a.frameIds.get(f.fileName)!, json: JSON.stringify(data), objectCount: data.objects.length };
      });
      await new AnnotationsRepository(s.app.ctx.db).writeFrames(taskSubjectId, frames, { version: 1, userId: w.users.owner.id, now: s.app.ctx.now() });
    }
    // the pictures the export copies with its media
    const keys = await s.app.ctx.db.selectFrom('subject_frames').select('object_key').where('subject_id', '=', a.subjectIds.get(clip.name)!).execute();
    for (const { object_key } of keys) await s.app.ctx.storage.put(object_key, Buffer.from('a picture'), 'image/jpeg');
  });
  afterAll(async () => {
    await s?.close();
  });

  it('exports MOT 1.1 with the pictures named by frame number, and imports it back as the same tracks on every frame', async () => {
    const started = await s.call({ method: 'POST', url: '/core/export', token, payload: { projectId: a.projectId, format: 'mot', options: { includeMedia: true } } });
    expect(started.body.msg, JSON.stringify(started.body)).toBe('ok');
    const job = await awaitExport(s, token, a.projectId, started.body.data.id);
    expect(job.status).toBe('done');
    const { entries } = await readExportZip(s, token, job.objectKey);
    // this video item's file is not in the store (its frames as pictures: server-video-export.test.ts),
    // so only the sequence's pictures are in img1/ and the report names the item
    expect(job.report!.warnings).toEqual([{ code: 'videoFramesFailed', file: video.name }]);
    expect([...entries.keys()].filter((p) => p.includes('/img1/')).sort()).toEqual(Array.from({ length: TRACK_FRAMES }, (_, k) => `street cam/img1/${String(k + 1).padStart(6, '0')}.jpg`));
    const videoFrames = new Set(entries.get(`${video.name}/gt/gt.txt`)!.toString('utf8').trim().split('\n').map((l) => Number(l.split(',')[0])));
    expect(Math.min(...videoFrames)).toBe(1001);

    const b = await newProject();
    const imported = await importZip(b, 'mot', job.objectKey!);
    expect(imported.body.msg, JSON.stringify(imported.body.data)).toBe('ok');
    expect(imported.body.data).toMatchObject({ written: true, unmatchedFiles: { count: 0 }, matched: { subjects: 2, frames: 2 * TRACK_FRAMES } });

    const form = (labelOf: (o: AnnotationObject) => string | undefined) => (o: AnnotationObject) => (o.tool === 'box' ? { label: labelOf(o), box: enclosingBox(o.geometry) } : undefined);
    for (const item of items) {
      const before = await storedFrames(s, a, item);
      const after = await storedFrames(s, b, item);
      const seenBefore = renamedTracks(shownObjects(before.frames, form(before.labelOf)));
      const seenAfter = renamedTracks(shownObjects(after.frames, form(after.labelOf)));
      expect(seenAfter.map((f) => f.map((x) => x.track)), item.name).toEqual(seenBefore.map((f) => f.map((x) => x.track)));
      expect(differenceAt(seenAfter.map((f) => f.map((x) => x.seen)), seenBefore.map((f) => f.map((x) => x.seen)), 0.01), item.name).toBeNull();
      // stored as keyframes, not a box on every frame
      expect(after.frames.reduce((n, f) => n + f.objects.length, 0)).toBeLessThan(20);
    }
  });

  it('refuses a MOT line on a frame the item does not have, and one with 8 fields, writing nothing', async () => {
    const b = await newProject();
    const past = await putZip(s.app.ctx, w.users.owner.id, await zipOf({ 'street cam/gt/gt.txt': `1,1,10,20,30,40,1,1,1\n${TRACK_FRAMES + 1},1,10,20,30,40,1,1,1\n`, 'street cam/gt/labels.txt': 'car\n' }));
    const refused = await importZip(b, 'mot', past);
    expect(refused.body).toMatchObject({ code: 400, msg: 'error.import.frameOutOfRange', data: { file: 'street cam/gt/gt.txt', line: 2, frame: TRACK_FRAMES + 1, frames: TRACK_FRAMES } });
    const short = await putZip(s.app.ctx, w.users.owner.id, await zipOf({ 'gt/gt.txt': '1,1,10,20,30,40,1,1\n', 'gt/labels.txt': 'car\n' }));
    expect((await importZip(b, 'mot', short)).body).toMatchObject({ code: 400, msg: 'error.import.badFormat', data: { file: 'gt/gt.txt', line: 1 } });
    // a label the project lacks, unconfirmed: refused too
    const unknown = await putZip(s.app.ctx, w.users.owner.id, await zipOf({ 'street cam/gt/gt.txt': '1,1,10,20,30,40,1,1,1\n', 'street cam/gt/labels.txt': 'bus\n' }));
    expect((await importZip(b, 'mot', unknown)).body).toMatchObject({ code: 409, msg: 'error.import.labelsMissing' });
    expect((await storedFrames(s, b)).frames.every((f) => f.objects.length === 0)).toBe(true);
  });

  it('imports a root-level sequence (CVAT\'s task export) onto the task\'s only frame item, and nowhere when the task has several', async () => {
    const key = await putZip(s.app.ctx, w.users.owner.id, await zipOf({ 'gt/gt.txt': '2,5,10,20,30,40,1,1,1\n3,5,12,20,30,40,1,1,1\n', 'gt/labels.txt': 'car\n' }));
    const two = await newProject();
    expect((await importZip(two, 'mot', key)).body.data).toMatchObject({ written: false, unmatchedFiles: { count: 1, list: ['gt/gt.txt'] } });
    const b = await newProject(false);
    expect((await importZip(b, 'mot', key)).body.msg).toBe('ok');
    const { frames } = await storedFrames(s, b);
    expect(frames.flatMap((f, i) => f.objects.map((o) => [i, o.keyframe, o.outside ?? false]))).toEqual([[1, true, false], [2, true, false], [3, true, true]]);
  });

  it('keeps the keyframes of the lossless format as stored', async () => {
    // written in this process (the export job's run is the test above's): the import is what is under test
    const { zip } = await writeIntoZip(async (sink) => writeLossless(await exportItemsOf(s.app.ctx, a.taskId), await ontologyOf(s.app.ctx, a.projectId), sink));
    const b = await newProject();
    expect((await importZip(b, 'lossless', await putZip(s.app.ctx, w.users.owner.id, zip))).body.msg).toBe('ok');
    const marks = (frames: FrameData[]) => frames.map((f) => f.objects.map((o) => [o.id, o.keyframe ?? false, o.outside ?? false]));
    expect(marks((await storedFrames(s, b)).frames)).toEqual(marks((await storedFrames(s, a)).frames));
  });
});
