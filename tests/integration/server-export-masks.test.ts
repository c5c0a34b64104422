import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxCorners } from '../../src-server/exports/formats/geometry';
import { COCO_PATH, writeCoco } from '../../src-server/exports/formats/cocoWriter';
import { AnnotationsRepository } from '../../src-server/repositories/annotations';
import { rasterizePolygons } from '../../src-shared/mask/polygonToMask';
import { maskIoU, regionOfGeometry, subtractRegion, unionRegions, type MaskRegion } from '../../src-shared/mask/region';
import type { AnnotationObject, FrameData } from '../../src-shared/model/annotation';
import { DB_KINDS } from '../support/databases';
import { awaitExport, readExportZip } from '../support/exportJobs';
import { writeIntoZip } from '../support/exportSample';
import { buildImportProject, ontologyOf, putZip, storeOntology, type ImportProject } from '../support/importFixture';
import { maskItems, maskOntology } from '../support/maskSample';
import { pixels } from '../support/maskReference';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World } from '../support/world';

const run = promisify(execFile);
const READER = join(__dirname, '../support/readers/read_export.py');
const subjects = () => maskItems().map((i) => ({ name: i.name, frames: i.frames.map((f) => ({ fileName: f.fileName, width: f.width, height: f.height })) }));

/** A project with the mask sample's pictures and ontology; its annotations stored when asked (else `seed`, an object to find unchanged). */
async function maskProject(s: TestServer, w: World, annotate: boolean): Promise<ImportProject> {
  const p = await buildImportProject(s.app.ctx, { teamId: w.teamA, ownerId: w.users.owner.id, annotatorIds: [], subjects: subjects() });
  const featureIds = await storeOntology(s.app.ctx, p.projectId, w.users.owner.id, maskOntology);
  const annotations = new AnnotationsRepository(s.app.ctx.db);
  for (const item of maskItems()) {
    const f = item.frames[0]!;
    const objects = annotate ? f.data.objects : f.data.objects.slice(0, 1);
    const data: FrameData = { ...f.data, objects: objects.map((o) => ({ ...o, featureId: featureIds.get(o.featureId)! })) };
    await annotations.writeFrames(p.taskSubjectIds.get(p.subjectIds.get(item.name)!)!, [{ frameId: p.frameIds.get(f.fileName)!, json: JSON.stringify(data), objectCount: data.objects.length }], {
      version: 1,
      userId: w.users.owner.id,
      now: s.app.ctx.now(),
    });
  }
  return p;
}

type Stored = { label: string; tool: string; object: AnnotationObject };

/** A project's stored objects by frame file name, in drawing order, labels by name. */
async function storedObjects(s: TestServer, p: ImportProject): Promise<Map<string, Stored[]>> {
  const { features } = await ontologyOf(s.app.ctx, p.projectId);
  const rows = await s.app.ctx.db.selectFrom('annotation_frames as af').innerJoin('subject_frames as sf', 'sf.id', 'af.frame_id').select(['sf.file_name', 'af.data']).where('sf.id', 'in', [...p.frameIds.values()]).execute();
  return new Map(
    rows.map((r) => {
      const objects = (JSON.parse(r.data) as FrameData).objects.slice().sort((a, b) => a.zIndex - b.zIndex);
      return [r.file_name, objects.map((o) => ({ label: features.find((f) => f.featureId === o.featureId)!.labels.find((l) => l.id === o.labelId)!.name, tool: o.tool, object: o }))];
    }),
  );
}

/** The pixels an object paints (the pixel-centre rule for polygons and boxes). */
function painted(o: AnnotationObject): MaskRegion {
  if (o.tool === 'mask') return regionOfGeometry(o.geometry);
  if (o.tool === 'box') return rasterizePolygons([boxCorners(o.geometry)])!;
  if (o.tool === 'polygon') return rasterizePolygons([o.geometry.points])!;
  throw new Error(`no pixels for ${o.tool}`);
}
const union = (list: MaskRegion[]) => list.reduce((a, b) => unionRegions(a, b));

/** Each label's pixels on a frame, as IoU against another frame's, for the formats that carry outlines (several parts of a mask may come back as several masks). */
function labelIoUs(before: Stored[], after: Stored[], tools: string[]): Record<string, number> {
  const labels = [...new Set(before.filter((o) => tools.includes(o.tool)).map((o) => o.label))];
  return Object.fromEntries(
    labels.map((label) => {
      const b = union(before.filter((o) => o.label === label && tools.includes(o.tool)).map((o) => painted(o.object)));
      const a = after.filter((o) => o.label === label);
      return [label, a.length ? Number(maskIoU(union(a.map((o) => painted(o.object))), b).toFixed(3)) : 0];
    }),
  );
}

/** Unpacks an export and reads it with pycocotools. */
async function readWithPycocotools(entries: ReadonlyMap<string, Buffer>) {
  const dir = await mkdtemp(join(tmpdir(), 'export-masks-'));
  try {
    for (const [path, data] of entries) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), data);
    }
    const { stdout } = await run('python3', [READER, 'coco', dir], { maxBuffer: 16 * 1024 * 1024 });
    return JSON.parse(stdout) as Record<string, { objects: { class: string; area: number; iscrowd: number; mask_pixels: number; mask_area: number }[] }>;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const CASES = [
  { name: 'COCO, masks as run-length', format: 'coco', options: {}, importAs: 'coco' },
  { name: 'COCO, masks as polygons', format: 'coco', options: { cocoMasks: 'polygon' }, importAs: 'coco' },
  { name: 'PNG masks', format: 'segmentationMask', options: {}, importAs: 'segmentationMask' },
  { name: 'YOLO segmentation', format: 'yoloSegment', options: {}, importAs: 'yolo' },
] as const;

/**
 * Issue 32: masks (with a hole, at the picture's edge, several on a picture, overlapping, one of
 * two parts) exported through the job in each mask format and imported into a new project with
 * the same ontology come back: pixel for pixel through COCO's run-length and PNG (where a mask
 * drawn above covers part of another, PNG keeps the part still seen), at IoU 0.98 or better
 * through outlines (COCO polygons, YOLO); pycocotools reads our COCO masks to the same pixels.
 */
describe.each(DB_KINDS)('masks out and back in, every mask format, on %s', (kind) => {
  let s: TestServer;
  let w: World;
  let a: ImportProject;
  let before: Map<string, Stored[]>;
  beforeAll(async () => {
    s = await startTestServer(kind);
    w = await buildWorld(s.app.ctx);
    a = await maskProject(s, w, true);
    before = await storedObjects(s, a);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it.each(CASES)('$name', async ({ format, options, importAs }) => {
    const token = w.users.owner.token;
    const started = await s.call({ method: 'POST', url: '/core/export', token, payload: { projectId: a.projectId, format, options } });
    expect(started.body.msg, JSON.stringify(started.body.data)).toBe('ok');
    const job = await awaitExport(s, token, a.projectId, started.body.data.id, 120_000);
    expect(job.status).toBe('done');

    const b = await maskProject(s, w, false);
    const imported = await s.call({ method: 'POST', url: '/core/project/external/import', token, payload: { projectId: b.projectId, taskId: b.taskId, format: importAs, key: job.objectKey, dryRun: false, mode: 'replace' } });
    expect(imported.body.msg, JSON.stringify(imported.body.data)).toBe('ok');
    expect(imported.body.data).toMatchObject({ skippedObjects: {}, labelsMissing: [] });
    const after = await storedObjects(s, b);

    for (const [file, objects] of before) {
      const got = after.get(file)!;
      if (format === 'coco' && !('cocoMasks' in options)) {
        // run-length: every object exactly as it was (boxes and polygons as COCO keeps them)
        expect(got.map((o) => ({ label: o.label, tool: o.tool, geometry: o.object.geometry }))).toEqual(objects.map((o) => ({ label: o.label, tool: o.tool, geometry: o.object.geometry })));
      } else if (format === 'segmentationMask') {
        // one object per pixel: each keeps what the objects drawn above leave of it
        const seen = objects.map((o, i) => objects.slice(i + 1).reduce((r, above) => subtractRegion(r, painted(above.object)), painted(o.object)));
        expect(got.map((o) => o.label)).toEqual(objects.map((o) => o.label));
        got.forEach((o, i) => {
          if (o.tool === 'polygon') expect(maskIoU(painted(o.object), seen[i]!), `${file} ${o.label}`).toBeGreaterThanOrEqual(0.98);
          else expect(pixels(painted(o.object)), `${file} ${o.label}`).toEqual(pixels(seen[i]!));
        });
        expect(got.map((o) => o.tool)).toEqual(objects.map((o) => o.tool));
      } else {
        const ious = labelIoUs(objects, got, format === 'coco' ? ['mask', 'polygon', 'box'] : ['mask', 'polygon']);
        for (const [label, iou] of Object.entries(ious)) expect(iou, `${file} ${label}`).toBeGreaterThanOrEqual(0.98);
      }
    }

    if (format === 'coco') {
      const { entries } = await readExportZip(s, token, job.objectKey);
      const seen = await readWithPycocotools(entries);
      const masks = [...before].flatMap(([file, objects]) => objects.filter((o) => o.tool === 'mask').map((o) => ({ file, label: o.label, pixels: pixels(painted(o.object)).length })));
      const read = masks.map(({ file, label }, i) => seen[file]!.objects.filter((o) => o.class === label)[masks.slice(0, i).filter((m) => m.file === file && m.label === label).length]!);
      for (const [i, m] of masks.entries()) {
        expect(read[i]!.iscrowd).toBe(0);
        expect(read[i]!.area).toBe(m.pixels);
        // pycocotools decodes our run-length to exactly the mask; its own polygon raster differs from ours by an edge pixel here and there
        if (!('cocoMasks' in options)) expect([read[i]!.mask_pixels, read[i]!.mask_area]).toEqual([m.pixels, m.pixels]);
        else expect(Math.abs(read[i]!.mask_pixels - m.pixels) / m.pixels).toBeLessThan(0.03);
      }
    }
  }, 180_000);

  it('refuses a mask picture of the wrong size, a colour not in the label map, a cut run-length and a polygon of two points, creating and changing nothing', async () => {
    const token = w.users.owner.token;
    const b = await maskProject(s, w, false);
    const ontologyBefore = await ontologyOf(s.app.ctx, b.projectId);
    const storedBefore = await storedObjects(s, b);
    const png = (width: number, height: number, rgb: [number, number, number]) => sharp(Buffer.alloc(width * height * 3, 0).fill(Buffer.from(rgb), 0, 30), { raw: { width, height, channels: 3 } }).png().toBuffer();
    const masksZip = async (picture: Buffer) =>
      (await writeIntoZip(async (sink) => {
        await sink.add('labelmap.txt', 'background:0,0,0::\nhorse:10,20,30::\n');
        await sink.add('SegmentationClass/street/a.png', picture);
      })).zip;
    const cocoZip = async (segmentation: unknown) => {
      const { entries } = await writeIntoZip((sink) => writeCoco(maskItems().slice(0, 1), maskOntology, sink));
      const doc = JSON.parse(entries.get(COCO_PATH)!.toString('utf8'));
      doc.annotations[0].segmentation = segmentation;
      return (await writeIntoZip((sink) => sink.add(COCO_PATH, JSON.stringify(doc)))).zip;
    };
    const counts = JSON.parse((await writeIntoZip((sink) => writeCoco(maskItems().slice(0, 1), maskOntology, sink))).entries.get(COCO_PATH)!.toString('utf8')).annotations[0].segmentation.counts as string;
    const cases: [string, Buffer, string, Record<string, unknown>][] = [
      ['segmentationMask', await masksZip(await png(80, 60, [10, 20, 30])), 'import.maskSize', { file: 'SegmentationClass/street/a.png', width: 80, height: 60, frameWidth: 160, frameHeight: 120 }],
      ['segmentationMask', await masksZip(await png(160, 120, [1, 2, 3])), 'import.maskColor', { file: 'SegmentationClass/street/a.png', color: '1,2,3' }],
      ['coco', await cocoZip({ size: [120, 160], counts: counts.slice(0, -3) }), 'import.badMask', { file: COCO_PATH, field: 'annotations[0].segmentation.counts' }],
      ['coco', await cocoZip([[10, 10, 20, 20]]), 'import.badFormat', { file: COCO_PATH, field: 'annotations[0].segmentation' }],
    ];
    for (const [format, zip, code, data] of cases) {
      const key = await putZip(s.app.ctx, w.users.owner.id, zip);
      const refused = await s.call({ method: 'POST', url: '/core/project/external/import', token, payload: { projectId: b.projectId, taskId: b.taskId, format, key, dryRun: false, createMissingLabels: true, mode: 'replace' } });
      expect([refused.status, refused.body.msg]).toEqual([400, `error.${code}`]);
      expect(refused.body.data).toMatchObject(data);
    }
    expect(await ontologyOf(s.app.ctx, b.projectId)).toEqual(ontologyBefore);
    expect(await storedObjects(s, b)).toEqual(storedBefore);
  }, 120_000);
});
