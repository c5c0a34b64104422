/**
 * Tracks through MOT 1.1 and COCO with track ids (issue 33): our export, read back by our
 * import, shows the same tracks on every frame (within 0.01 px), out-of-view frames included;
 * what each file says, and the clear refusals of a bad MOT file, with nothing imported.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { enclosingBox } from '../../src-server/exports/formats/geometry';
import { COCO_PATH } from '../../src-server/exports/formats/cocoWriter';
import { writeAnnotations } from '../../src-server/exports/writeExport';
import type { ExportItem, ZipEntries } from '../../src-server/exports/formats/types';
import { AppError } from '../../src-server/errors';
import type { AnnotationObject } from '../../src-shared/model/annotation';
import { sampleOntology, writeIntoZip } from '../support/exportSample';
import { differenceAt, importedFrames, renamedTracks, shownObjects, trackClip, TRACK_FRAMES, type Seen } from '../support/trackSample';

const labelOf = (o: AnnotationObject) => sampleOntology.features.find((f) => f.featureId === o.featureId)!.labels.find((l) => l.id === o.labelId)!.name;

/** MOT keeps boxes, as the box each covers; nothing else. */
const motForm = (o: AnnotationObject) => (o.tool === 'box' ? { label: labelOf(o), box: enclosingBox(o.geometry) } : undefined);
/** COCO keeps boxes (rotation too), polygons and the answers. */
const cocoForm = (o: AnnotationObject) => (o.tool === 'box' || o.tool === 'polygon' ? { label: labelOf(o), tool: o.tool, geometry: o.geometry, attributes: o.attributes } : undefined);

function expectSameFrames(after: Seen[][], before: Seen[][]) {
  expect(after).toHaveLength(before.length);
  before.forEach((frame, i) => {
    expect(after[i]!.map((s) => s.track), `frame ${i}: the tracks shown`).toEqual(frame.map((s) => s.track));
    expect(differenceAt(after[i]!.map((s) => s.seen), frame.map((s) => s.seen), 0.01), `frame ${i}`).toBeNull();
  });
}

async function roundTrip(format: 'mot' | 'coco' | 'cvatVideo', items: ExportItem[]) {
  const { entries, result } = await writeIntoZip((sink) => writeAnnotations(format, items, sampleOntology, sink));
  return { entries, report: result, imported: await importedFrames(format, entries, items) };
}

const text = (entries: ZipEntries, path: string) => entries.get(path)!.toString('utf8');
const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
};

describe('MOT 1.1', () => {
  it('writes each item as a sequence: every frame a track is shown, frames from 1, one id per track, class ids from labels.txt', async () => {
    const { entries, report } = await roundTrip('mot', [trackClip()]);
    expect(text(entries, 'street cam/gt/labels.txt')).toBe('car\n行人\ntruck & <trailer>\nroad\nperson\nlane\n');
    const lines = text(entries, 'street cam/gt/gt.txt').trim().split('\n');
    // the car: frames 1 to 6 moving, out of view on 7 and 8, back from 9 to the end, one id
    const car = lines.filter((l) => l.split(',')[7] === '1').map((l) => l.split(',').map(Number));
    expect(car.map((f) => f[0])).toEqual([1, 2, 3, 4, 5, 6, 9, 10, 11, 12]);
    expect(new Set(car.map((f) => f[1])).size).toBe(1);
    expect(car[2]!.slice(2, 6)).toEqual([30, 24, 105, 50]);
    expect(car[0]!.slice(6)).toEqual([1, 1, 1]);
    // the truck drawn on frame 4 alone has a track of its own; the turning truck is its covering box
    const trucks = lines.filter((l) => l.split(',')[7] === '3');
    expect(trucks[0]).toMatch(/^4,\d+,1,2,30,30,1,3,1$/);
    expect(new Set(trucks.map((l) => l.split(',')[1])).size).toBe(2);
    expect(report).toMatchObject({ frames: TRACK_FRAMES, skipped: { polygon: 11, rotatedBoxFlattened: 3 } });
  });

  it('reads back the same tracks on every frame, out of view where they were, with the keyframes their motion needs', async () => {
    const clip = trackClip();
    const { imported } = await roundTrip('mot', [clip]);
    const frames = imported.get(clip.dataId)!;
    expectSameFrames(renamedTracks(shownObjects(frames, motForm)), renamedTracks(shownObjects(clip.frames.map((f) => f.data), motForm)));
    // the car: keyframes where its motion turns, out of view on frame 6 (index), back at 8
    const car = frames.flatMap((f, i) => f.objects.filter((o) => o.keyframe && labelOf(o) === 'car').map((o) => [i, o.outside ?? false]));
    expect(car).toEqual([[0, false], [4, false], [5, false], [6, true], [8, false], [11, false]]);
    expect(new Set(frames.flatMap((f) => f.objects.filter((o) => labelOf(o) === 'car').map((o) => o.id))).size).toBe(1);
  });

  it('puts several items in folders of their own, a name that is no folder name or is taken under the item\'s id, and reads each back to its item', async () => {
    const items = [trackClip('cam/a', 41), trackClip('cam_a', 42), trackClip('CAM_A', 43)];
    const { entries, imported } = await roundTrip('mot', items);
    expect([...entries.keys()].filter((p) => p.endsWith('gt.txt')).sort()).toEqual(['CAM_A_43/gt/gt.txt', 'cam_a/gt/gt.txt', 'cam_a_41/gt/gt.txt']);
    expect([...imported.keys()].sort()).toEqual([41, 42, 43]);
  });

  it('numbers a video item\'s frames as its file does, and reads them back to the same frames', async () => {
    // the second item of a split video: its frame 0 is the file's frame 1,000
    const video: ExportItem = { ...trackClip('drive.mp4 [1000-1011]', 61), recordType: 'video', firstFrame: 1000 };
    const { entries, imported } = await roundTrip('mot', [video]);
    const numbers = text(entries, 'drive.mp4 [1000-1011]/gt/gt.txt').trim().split('\n').map((l) => Number(l.split(',')[0]));
    expect(Math.min(...numbers)).toBe(1001);
    expect(Math.max(...numbers)).toBe(1000 + TRACK_FRAMES);
    expectSameFrames(renamedTracks(shownObjects(imported.get(61)!, motForm)), renamedTracks(shownObjects(video.frames.map((f) => f.data), motForm)));
    const before = await refusal(importedFrames('mot', new Map([['drive.mp4 [1000-1011]/gt/gt.txt', Buffer.from('1000,1,10,20,30,40,1,1,1\n')], ['drive.mp4 [1000-1011]/gt/labels.txt', Buffer.from('car\n')]]), [video]));
    expect(before).toMatchObject({ key: 'import.frameOutOfRange', data: { frame: 1000, firstFrame: 1001, frames: TRACK_FRAMES } });
  });

  const clip = trackClip('seq', 51);
  const zipOf = (gt: string, labels = 'car\n行人\n'): ZipEntries => new Map([['seq/gt/gt.txt', Buffer.from(gt)], ['seq/gt/labels.txt', Buffer.from(labels)]]);

  it('refuses a line that is not 9 numbers, naming the file and line', async () => {
    const err = await refusal(importedFrames('mot', zipOf('1,1,10,20,30,40,1,1,1\n2,1,10,20,30,40,1,1\n'), [clip]));
    expect(err.key).toBe('import.badFormat');
    expect(err.data).toMatchObject({ file: 'seq/gt/gt.txt', line: 2 });
    expect(String((err.data as { message: string }).message)).toContain('8 fields');
  });

  it('refuses a class id labels.txt does not name', async () => {
    const err = await refusal(importedFrames('mot', zipOf('1,1,10,20,30,40,1,3,1\n'), [clip]));
    expect(err).toMatchObject({ key: 'import.badFormat', data: { file: 'seq/gt/gt.txt', line: 1, field: 'class id' } });
  });

  it('refuses a frame past the item\'s frames, naming the line, the frame and the item\'s length', async () => {
    const err = await refusal(importedFrames('mot', zipOf(`1,1,10,20,30,40,1,1,1\n${TRACK_FRAMES + 1},1,10,20,30,40,1,1,1\n`), [clip]));
    expect(err).toMatchObject({ key: 'import.frameOutOfRange', data: { file: 'seq/gt/gt.txt', line: 2, frame: TRACK_FRAMES + 1, frames: TRACK_FRAMES, item: 'seq' } });
  });

  it('refuses a track twice on one frame', async () => {
    const err = await refusal(importedFrames('mot', zipOf('3,7,10,20,30,40,1,1,1\n3,7,11,20,30,40,1,2,1\n'), [clip]));
    expect(err).toMatchObject({ key: 'import.badFormat', data: { line: 2 } });
  });

  it('reads a track with a gap as out of view from the first missing frame, and visibility 0 as occluded', async () => {
    const gt = ['1,7,10,20,30,40,1,1,1', '2,7,12,20,30,40,1,1,0', '5,7,20,20,30,40,1,1,1', '4,-1,1,1,5,5,0,2,1'].join('\n');
    const frames = (await importedFrames('mot', zipOf(gt), [clip])).get(clip.dataId)!;
    const track = frames.flatMap((f, i) => f.objects.filter((o) => o.keyframe).map((o) => [i, o.outside ?? false, o.tool === 'box' ? o.geometry.x : null]));
    expect(track).toEqual([[0, false, 10], [1, false, 12], [2, true, 12], [4, false, 20], [5, true, 20]]);
    // a line without a track (id -1) is a box of its frame only
    expect(frames[3]!.objects.map((o) => [o.keyframe ?? false, labelOf(o)])).toEqual([[false, '行人']]);
  });
});

describe('COCO with track ids', () => {
  it('marks each track\'s objects with its id and whether the frame is a stored keyframe, and places the images in their sequence', async () => {
    const { entries } = await roundTrip('coco', [trackClip()]);
    const doc = JSON.parse(text(entries, COCO_PATH));
    expect(doc.videos).toEqual([{ id: 1, name: 'street cam' }]);
    expect(doc.images.map((i: { video_id: number; frame_id: number }) => [i.video_id, i.frame_id])).toEqual(Array.from({ length: TRACK_FRAMES }, (_, k) => [1, k]));
    const car = doc.annotations.filter((a: { category_id: number }) => a.category_id === 1);
    expect(car.map((a: { image_id: number; attributes: { keyframe: boolean } }) => [a.image_id - 1, a.attributes.keyframe])).toEqual([
      [0, true], [1, false], [2, false], [3, false], [4, true], [5, false], [8, true], [9, false], [10, false], [11, false],
    ]);
    expect(new Set(car.map((a: { attributes: { track_id: number } }) => a.attributes.track_id)).size).toBe(1);
    // the truck of frame 3 alone is no track
    expect(doc.annotations.find((a: { image_id: number; category_id: number }) => a.image_id === 4 && a.category_id === 3).attributes).toEqual({});
  });

  it('reads back the same tracks on every frame (rotation, polygons and answers too), out of view where they were', async () => {
    const clip = trackClip();
    const { imported } = await roundTrip('coco', [clip]);
    const frames = imported.get(clip.dataId)!;
    expectSameFrames(renamedTracks(shownObjects(frames, cocoForm)), renamedTracks(shownObjects(clip.frames.map((f) => f.data), cocoForm)));
    // the pedestrian's colour changes at its keyframe: kept there, carried on after
    const ped = frames.flatMap((f, i) => f.objects.filter((o) => labelOf(o) === '行人').map((o) => [i, o.attributes.color]));
    expect(ped).toEqual([[2, 'red'], [7, 'blue'], [11, 'blue']]);
    expect(frames.reduce((n, f) => n + f.objects.length, 0)).toBeLessThan(20);
  });

  it('is read by pycocotools, track ids and sequences included', async () => {
    const { entries } = await roundTrip('coco', [trackClip()]);
    const dir = mkdtempSync(join(tmpdir(), 'coco-tracks-'));
    try {
      mkdirSync(join(dir, 'annotations'));
      writeFileSync(join(dir, COCO_PATH), entries.get(COCO_PATH)!);
      const run = spawnSync('python3', [join(__dirname, '../support/readers/read_export.py'), 'coco', dir], { encoding: 'utf8' });
      expect(run.status, `python3 with pycocotools (scripts/system-deps.sh installs it): ${run.stderr}`).toBe(0);
      const seen = JSON.parse(run.stdout) as Record<string, { objects: { class: string; attributes: { track_id?: number; keyframe?: boolean } }[] }>;
      expect(Object.keys(seen)).toHaveLength(TRACK_FRAMES);
      const cars = Object.values(seen).flatMap((f) => f.objects.filter((o) => o.class === 'car'));
      expect(cars).toHaveLength(10);
      expect(new Set(cars.map((o) => o.attributes.track_id))).toEqual(new Set([expect.any(Number)]));
      expect(cars.filter((o) => o.attributes.keyframe).length).toBe(3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** CVAT for video keeps every shape of ours but cuboids: boxes with their rotation, polygons, answers. */
const cvatVideoForm = (o: AnnotationObject) => (o.tool !== 'cuboid' ? { label: labelOf(o), tool: o.tool, geometry: o.geometry, attributes: o.attributes } : undefined);

describe('CVAT for video 1.1', () => {
  it('writes each item as a task of tracks: keyframes where ours are, outside where a track leaves view, a frame\'s own shape as a track of two', async () => {
    const { entries, report } = await roundTrip('cvatVideo', [trackClip()]);
    const xml = text(entries, 'street cam/annotations.xml');
    expect(xml).toContain('<mode>interpolation</mode>');
    expect(xml).toContain(`<size>${TRACK_FRAMES}</size>`);
    // the car: keyframes 0 and 4, a keyframe where it is last shown before leaving (5), outside on 6, back at 8
    const car = xml.slice(xml.indexOf('label="car"'), xml.indexOf('</track>', xml.indexOf('label="car"')));
    const frames = [...car.matchAll(/<box frame="(\d+)" keyframe="(\d)" outside="(\d)"/g)].map((m) => [Number(m[1]), m[3] === '1']);
    expect(frames.filter(([, outside]) => outside)).toEqual([[6, true]]);
    expect(frames.map(([f]) => f)).toEqual(expect.arrayContaining([0, 4, 6, 8]));
    // the truck drawn on frame 3 alone: shown there, outside on 4
    expect(xml).toMatch(/<box frame="3" keyframe="1" outside="0"[^>]*xtl="1" ytl="2" xbr="31" ybr="32"/);
    expect(xml).toMatch(/<box frame="4" keyframe="1" outside="1"[^>]*xtl="1" ytl="2"/);
    expect(report).toMatchObject({ frames: TRACK_FRAMES, skipped: {} });
  });

  it('reads back the same tracks on every frame: moved between keyframes, out of view where they were, rotation and answers kept', async () => {
    const clip = trackClip();
    const { imported } = await roundTrip('cvatVideo', [clip]);
    const frames = imported.get(clip.dataId)!;
    expectSameFrames(renamedTracks(shownObjects(frames, cvatVideoForm)), renamedTracks(shownObjects(clip.frames.map((f) => f.data), cvatVideoForm)));
    const car = frames.flatMap((f, i) => f.objects.filter((o) => o.keyframe && labelOf(o) === 'car').map((o) => [i, o.outside ?? false]));
    expect(car).toEqual([[0, false], [4, false], [5, false], [6, true], [8, false], [11, false]]);
  });

  it("numbers a video item's frames as its file does and reads them back to the same frames", async () => {
    const video: ExportItem = { ...trackClip('drive.mp4 [1000-1011]', 61), recordType: 'video', firstFrame: 1000 };
    const { entries, imported } = await roundTrip('cvatVideo', [video]);
    const xml = text(entries, 'drive.mp4 [1000-1011]/annotations.xml');
    expect(xml).toContain('<start_frame>1000</start_frame>');
    expect(xml).toContain(`<stop_frame>${999 + TRACK_FRAMES}</stop_frame>`);
    expectSameFrames(renamedTracks(shownObjects(imported.get(61)!, cvatVideoForm)), renamedTracks(shownObjects(video.frames.map((f) => f.data), cvatVideoForm)));
  });

  it('refuses a CVAT for images file as video, and one track twice on a frame, with the place', async () => {
    const images = await writeIntoZip((sink) => writeAnnotations('cvat', [trackClip()], sampleOntology, sink));
    expect((await refusal(importedFrames('cvatVideo', images.entries, [trackClip()]))).data).toMatchObject({ field: 'image' });
    const twice = new Map([['annotations.xml', Buffer.from('<annotations><track id="0" label="car"><box frame="1" xtl="1" ytl="1" xbr="2" ybr="2"/><box frame="1" xtl="3" ytl="1" xbr="4" ybr="2"/></track></annotations>')]]);
    expect((await refusal(importedFrames('cvatVideo', twice, [trackClip()]))).data).toMatchObject({ field: 'track[0]', frame: 1 });
  });
});
