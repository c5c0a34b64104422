import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDefinition, type OntologyFeature } from '../../src-shared/model/ontology';
import type { AnnotationObject, FrameData } from '../../src-shared/model/annotation';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World } from '../support/world';
import { exportProject } from '../support/exportFixture';
import { awaitExport } from '../support/exportJobs';
import { buildImportProject, ontologyOf, storeOntology, type ImportProject } from '../support/importFixture';
import { readExportZip } from '../support/exportJobs';
import { boxCorners } from '../../src-server/exports/formats/geometry';
import type { ExportOntology } from '../../src-server/exports/formats/types';
import { AnnotationsRepository } from '../../src-server/repositories/annotations';

/** Objects of every frame of a project's task, by file name, with the ontology to name them. */
async function objectsByFile(s: TestServer, projectId: number, taskId: number) {
  const { db } = s.app.ctx;
  const rows = await db
    .selectFrom('annotation_frames as af')
    .innerJoin('task_subjects as ts', 'ts.id', 'af.task_subject_id')
    .innerJoin('subject_frames as sf', 'sf.id', 'af.frame_id')
    .select(['sf.file_name', 'sf.width', 'sf.height', 'af.data'])
    .where('ts.task_id', '=', taskId)
    .execute();
  const features = await db
    .selectFrom('ontology_features as f')
    .innerJoin('ontologies as o', 'o.id', 'f.ontology_id')
    .select(['f.id', 'f.name', 'f.tool', 'f.definition'])
    .where('o.project_id', '=', projectId)
    .execute();
  const byId = new Map(features.map((f) => [f.id, { name: f.name, tool: f.tool, ...readDefinition(JSON.parse(f.definition)) } as Omit<OntologyFeature, 'featureId' | 'sortOrder'>]));
  const labelName = (o: { featureId: number; labelId?: string }) => byId.get(o.featureId)?.labels?.find((l) => l.id === o.labelId)?.name;
  const pointName = (o: AnnotationObject, pointId: string) => byId.get(o.featureId)?.skeleton?.points.find((p) => p.id === pointId)?.name;
  return new Map(rows.map((r) => [r.file_name, { width: r.width!, height: r.height!, data: JSON.parse(r.data) as FrameData, labelName, pointName }]));
}

type Frame = NonNullable<ReturnType<Awaited<ReturnType<typeof objectsByFile>>['get']>>;
const six = (v: number) => Number(v.toFixed(6));

/** Formats that keep every shape but cuboids, exactly, with answers: keypoints by point name. */
const everyShapeButCuboids = (o: AnnotationObject, f: Frame) =>
  o.tool === 'cuboid'
    ? undefined
    : o.tool === 'keypoints'
      ? { label: f.labelName(o), points: o.geometry.points.map((p) => ({ name: f.pointName(o, p.pointId), x: p.x, y: p.y, v: p.visibility })).sort((a, b) => a.name!.localeCompare(b.name!)), attributes: o.attributes }
      : { label: f.labelName(o), tool: o.tool, geometry: o.geometry, attributes: o.attributes };

/** Each export format's precision: the normal form objects of both projects are compared in. */
const FORMS: Record<string, { importAs: string; form: (o: AnnotationObject, f: Frame) => unknown }> = {
  coco: {
    importAs: 'coco',
    form: (o, f) =>
      o.tool === 'keypoints'
        ? { label: f.labelName(o), points: o.geometry.points.map((p) => ({ name: f.pointName(o, p.pointId), x: p.x, y: p.y, v: p.visibility })).sort((a, b) => a.name!.localeCompare(b.name!)) }
        : ['box', 'polygon'].includes(o.tool) ? { label: f.labelName(o), tool: o.tool, geometry: o.geometry, attributes: o.attributes } : undefined,
  },
  yoloDetect: {
    importAs: 'yolo',
    form: (o, f) => (o.tool === 'box' ? { label: f.labelName(o), box: [o.geometry.x / f.width, o.geometry.y / f.height, o.geometry.width / f.width, o.geometry.height / f.height].map(six) } : undefined),
  },
  yoloSegment: {
    importAs: 'yolo',
    form: (o, f) => (o.tool === 'polygon' ? { label: f.labelName(o), points: o.geometry.points.map((p) => [six(p.x / f.width), six(p.y / f.height)]) } : undefined),
  },
  yoloPose: {
    importAs: 'yolo',
    form: (o, f) =>
      o.tool === 'keypoints'
        ? { label: f.labelName(o), points: o.geometry.points.map((p) => [f.pointName(o, p.pointId), six(p.x / f.width), six(p.y / f.height), p.visibility]).sort() }
        : undefined,
  },
  voc: {
    importAs: 'voc',
    form: (o, f) => (o.tool === 'box' ? { label: f.labelName(o), box: [Math.round(o.geometry.x), Math.round(o.geometry.y), Math.round(o.geometry.x + o.geometry.width), Math.round(o.geometry.y + o.geometry.height)] } : undefined),
  },
  cvat: {
    importAs: 'cvat',
    form: everyShapeButCuboids,
  },
  // each item its own task of tracks, read back to its item by folder name
  cvatVideo: { importAs: 'cvatVideo', form: everyShapeButCuboids },
  labelme: {
    importAs: 'labelme',
    form: (o, f) => (['box', 'polygon', 'polyline', 'point', 'mask'].includes(o.tool) ? { label: f.labelName(o), tool: o.tool, geometry: o.geometry, attributes: o.attributes } : undefined),
  },
  labelStudio: {
    importAs: 'labelStudio',
    // percent of the picture both ways: to 6 decimals of a pixel
    form: (o, f) =>
      o.tool === 'box'
        ? { label: f.labelName(o), box: [o.geometry.x, o.geometry.y, o.geometry.width, o.geometry.height].map(six), rotation: o.geometry.rotation ?? 0, attributes: o.attributes }
        : o.tool === 'polygon'
          ? { label: f.labelName(o), points: o.geometry.points.map((p) => [six(p.x), six(p.y)]), attributes: o.attributes }
          : undefined,
  },
  datumaro: {
    importAs: 'datumaro',
    form: everyShapeButCuboids,
  },
  // every box as its four corners (rotated or not), read back to a box: corners to a hundredth of a pixel
  yoloObb: {
    importAs: 'yoloObb',
    form: (o, f) =>
      o.tool === 'box'
        ? { label: f.labelName(o), corners: boxCorners(o.geometry).map((p) => [Math.round(p.x * 100) / 100, Math.round(p.y * 100) / 100]).sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!) }
        : undefined,
  },
  kitti: {
    importAs: 'kitti',
    form: (o, f) => (o.tool === 'box' ? { label: f.labelName(o), box: [o.geometry.x, o.geometry.y, o.geometry.x + o.geometry.width, o.geometry.y + o.geometry.height].map(six) } : undefined),
  },
  lossless: {
    importAs: 'lossless',
    form: (o, f) => ({ ...o, featureId: undefined, label: f.labelName(o) }),
  },
};

const normal = (frames: Map<string, Frame>, form: (o: AnnotationObject, f: Frame) => unknown) =>
  Object.fromEntries(
    [...frames.entries()]
      .map(([file, f]) => [file, f.data.objects.map((o) => form(o, f)).filter((x) => x !== undefined).map((x) => JSON.stringify(x)).sort()] as const)
      .filter(([, list]) => list.length > 0)
      .sort(([a], [b]) => a.localeCompare(b)),
  );

/**
 * Export through the job, then import that very zip into a new project with the same ontology:
 * the same objects, as each format keeps them (attributes included where the format has them).
 */
describe.each(DB_KINDS)('export then import, every format, on %s', (kind) => {
  let s: TestServer;
  let w: World;
  let a: Awaited<ReturnType<typeof exportProject>>;
  beforeAll(async () => {
    s = await startTestServer(kind);
    w = await buildWorld(s.app.ctx);
    a = await exportProject(s.app.ctx, { projectId: w.projectP, userId: w.users.owner.id, reviewerId: w.users.reviewer.id, subjects: 4, annotated: 3 });
  });
  afterAll(async () => {
    await s?.close();
  });

  it.each(Object.keys(FORMS))('%s', async (format) => {
    const token = w.users.owner.token;
    const started = await s.call({ method: 'POST', url: '/core/export', token, payload: { projectId: w.projectP, format } });
    const job = await awaitExport(s, token, w.projectP, started.body.data.id);
    expect(job.status).toBe('done');

    const frames = await s.app.ctx.db.selectFrom('subject_frames as sf').innerJoin('subjects as su', 'su.id', 'sf.subject_id').select(['su.name', 'sf.file_name', 'sf.width', 'sf.height']).where('su.project_id', '=', w.projectP).execute();
    const b = await buildImportProject(s.app.ctx, {
      teamId: w.teamA,
      ownerId: w.users.owner.id,
      annotatorIds: [],
      subjects: frames.map((f) => ({ name: f.name, frames: [{ fileName: f.file_name, width: f.width, height: f.height }] })),
    });
    // The usual way: the new project takes the old one's ontology, then its annotations.
    await storeOntology(s.app.ctx, b.projectId, w.users.owner.id, await ontologyOf(s.app.ctx, w.projectP));
    const imported = await s.call({
      method: 'POST',
      url: '/core/project/external/import',
      token,
      payload: { projectId: b.projectId, taskId: b.taskId, format: FORMS[format]!.importAs, key: job.objectKey, dryRun: false, createMissingLabels: true, mode: 'replace' },
    });
    expect(imported.body.msg, JSON.stringify(imported.body.data)).toBe('ok');

    const before = normal(await objectsByFile(s, w.projectP, a.task.taskId), FORMS[format]!.form);
    const after = normal(await objectsByFile(s, b.projectId, b.taskId), FORMS[format]!.form);
    expect(Object.keys(before)).toHaveLength(3);
    expect(after).toEqual(before);
  });
});

/**
 * The formats whose folders are the classes (Ultralytics classification, ImageNet), and YOLO's
 * oriented boxes, on a project of their own: pictures with classes in two classification
 * features (one of two classes, one of none), a rotated box. Exported through the job, the
 * pictures must be in the zip at their class paths; imported into a fresh project with the same
 * ontology, the frames get their classes back (the boxes their region); into one without the
 * classes, the import offers them as classification labels.
 */
describe.each(DB_KINDS)('class folders and oriented boxes, export then import, on %s', (kind) => {
  const PICTURES = [
    { fileName: 'p1.jpg', classes: [['animal', 'cat']] },
    { fileName: 'p2.jpg', classes: [['animal', 'cat'], ['light', 'red']] },
    { fileName: 'p3.jpg', classes: [] },
    { fileName: 'p4.png', classes: [['animal', 'person']] },
  ] as const;
  const FEATURES = { vehicles: 1, animal: 2, light: 3 } as const;
  const ontology: ExportOntology = {
    features: [
      { featureId: 1, sortOrder: 0, name: 'Vehicles', tool: 'box', labels: [{ id: 'car', name: 'car', color: '#ff0000' }], attributes: [] },
      { featureId: 2, sortOrder: 1, name: 'Animal', tool: 'classification', labels: [{ id: 'cat', name: 'cat', color: '#00ff00' }, { id: 'person', name: 'Person 人', color: '#0000ff' }], attributes: [] },
      { featureId: 3, sortOrder: 2, name: 'Light', tool: 'classification', labels: [{ id: 'red', name: 'red', color: '#ff00ff' }], attributes: [] },
    ],
  };
  const rotated = { x: 200.5, y: 100.25, width: 120, height: 60, rotation: 30 };
  const upright = { x: 10, y: 20, width: 100, height: 50 };

  let s: TestServer;
  let w: World;
  let a: ImportProject & { featureIds: Map<number, number> };
  const project = async (withOntology: ExportOntology | null) => {
    const p = await buildImportProject(s.app.ctx, { teamId: w.teamA, ownerId: w.users.owner.id, annotatorIds: [], subjects: PICTURES.map((x) => ({ name: x.fileName, frames: [{ fileName: x.fileName, width: 640, height: 480 }] })) });
    const featureIds = withOntology ? await storeOntology(s.app.ctx, p.projectId, w.users.owner.id, withOntology) : new Map<number, number>();
    return { ...p, featureIds };
  };

  beforeAll(async () => {
    s = await startTestServer(kind);
    w = await buildWorld(s.app.ctx);
    a = await project(ontology);
    const annotations = new AnnotationsRepository(s.app.ctx.db);
    for (const [i, x] of PICTURES.entries()) {
      const data: FrameData = {
        version: 1,
        objects:
          i === 0
            ? [
                { id: 'r', featureId: a.featureIds.get(FEATURES.vehicles)!, labelId: 'car', tool: 'box', geometry: rotated, attributes: {}, zIndex: 0, source: 'manual' },
                { id: 'u', featureId: a.featureIds.get(FEATURES.vehicles)!, labelId: 'car', tool: 'box', geometry: upright, attributes: {}, zIndex: 1, source: 'manual' },
              ]
            : [],
        classifications: x.classes.map(([feature, labelId], k) => ({ id: `c${i}${k}`, featureId: a.featureIds.get(FEATURES[feature])!, labelId, attributes: {}, source: 'manual' })),
      };
      await annotations.writeFrames(a.taskSubjectIds.get(a.subjectIds.get(x.fileName)!)!, [{ frameId: a.frameIds.get(x.fileName)!, json: JSON.stringify(data), objectCount: data.objects.length }], { version: 1, userId: w.users.owner.id, now: s.app.ctx.now() });
    }
    // the pictures themselves: the class folders are made of them
    const keys = await s.app.ctx.db.selectFrom('subject_frames').select(['object_key', 'file_name']).where('id', 'in', [...a.frameIds.values()]).execute();
    for (const k of keys) await s.app.ctx.storage.put(k.object_key, Buffer.from(`picture ${k.file_name}`), 'image/jpeg');
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  const exported = async (format: string) => {
    const token = w.users.owner.token;
    const started = await s.call({ method: 'POST', url: '/core/export', token, payload: { projectId: a.projectId, format } });
    expect(started.body.msg, JSON.stringify(started.body)).toBe('ok');
    const job = await awaitExport(s, token, a.projectId, started.body.data.id);
    expect(job.status, job.errorDetail ?? '').toBe('done');
    return job;
  };
  const importInto = async (b: ImportProject, format: string, key: string | null, dryRun = false) => {
    const imported = await s.call({
      method: 'POST',
      url: '/core/project/external/import',
      token: w.users.owner.token,
      payload: { projectId: b.projectId, taskId: b.taskId, format, key, dryRun, createMissingLabels: false, mode: 'replace' },
    });
    expect(imported.body.msg, JSON.stringify(imported.body.data)).toBe('ok');
    return imported.body.data;
  };
  /** Each picture's classes as "feature/label", and its objects, as stored in a project. */
  const stored = async (p: ImportProject & { featureIds: Map<number, number> }) => {
    const featureOf = new Map([...p.featureIds].map(([sample, real]) => [real, ontology.features.find((f) => f.featureId === sample)!]));
    const rows = await s.app.ctx.db.selectFrom('annotation_frames as af').innerJoin('subject_frames as sf', 'sf.id', 'af.frame_id').select(['sf.file_name', 'af.data']).where('af.frame_id', 'in', [...p.frameIds.values()]).execute();
    return Object.fromEntries(
      rows
        .map((r) => {
          const data = JSON.parse(r.data) as FrameData;
          const classes = data.classifications.map((c) => `${featureOf.get(c.featureId)!.name}/${featureOf.get(c.featureId)!.labels.find((l) => l.id === c.labelId)!.name}`).sort();
          return [r.file_name, { classes, objects: data.objects }] as const;
        })
        .filter(([, f]) => f.classes.length > 0 || f.objects.length > 0)
        .sort(([x], [y]) => x.localeCompare(y)),
    );
  };
  const classesOnly = (frames: Awaited<ReturnType<typeof stored>>) => Object.fromEntries(Object.entries(frames).flatMap(([file, f]) => (f.classes.length ? [[file, f.classes]] : [])));

  it.each([
    {
      format: 'yoloClassify',
      paths: ['train/Person 人/p4.png', 'train/cat/p1.jpg', 'train/cat/p2.jpg', 'train/red/p2.jpg'],
      report: { frames: 4, objectsWritten: 4, skipped: { box: 2, noClass: 1 }, warnings: [{ code: 'severalClasses', file: 'p2.jpg' }], mediaFiles: 4 },
    },
    {
      format: 'imagenet',
      paths: ['Person 人/p4.png', 'cat/p1.jpg', 'cat/p2.jpg', 'no_label/p3.jpg', 'red/p2.jpg'],
      report: { frames: 4, objectsWritten: 4, skipped: { box: 2 }, warnings: [], mediaFiles: 5 },
    },
  ])('$format: the pictures at their class paths, and their classes back on import', async ({ format, paths, report }) => {
    const job = await exported(format);
    expect(job.report).toMatchObject(report);
    const { entries } = await readExportZip(s, w.users.owner.token, job.objectKey);
    expect([...entries.keys()].sort()).toEqual(paths);
    for (const path of paths) expect(entries.get(path)!.toString()).toBe(`picture ${path.split('/').pop()}`);

    const b = await project(ontology);
    const answer = await importInto(b, format, job.objectKey);
    expect(answer).toMatchObject({ files: format === 'imagenet' ? 4 : 3, skippedObjects: {}, labelsMissing: [] });
    expect(classesOnly(await stored(b))).toEqual(classesOnly(await stored(a)));
    expect(classesOnly(await stored(b))).toEqual({ 'p1.jpg': ['Animal/cat'], 'p2.jpg': ['Animal/cat', 'Light/red'], 'p4.png': ['Animal/Person 人'] });

    // A project without these classes is offered them as classification labels, as CVAT's tags are.
    const bare = await project({ features: [ontology.features[0]!] });
    const preview = await importInto(bare, format, job.objectKey, true);
    expect(preview.labelsMissing.map((l: { name: string; tool: string }) => [l.name, l.tool]).sort()).toEqual([['Person 人', 'classification'], ['cat', 'classification'], ['red', 'classification']]);
  }, 120_000);

  it('yoloObb: a rotated box comes back covering the same region', async () => {
    const job = await exported('yoloObb');
    expect(job.report).toMatchObject({ objectsWritten: 2, skipped: {} });
    const b = await project(ontology);
    await importInto(b, 'yoloObb', job.objectKey);
    const [back, again] = (await stored(b))['p1.jpg']!.objects;
    for (const [original, read] of [[rotated, back], [upright, again]] as const) {
      expect(read).toMatchObject({ tool: 'box', labelId: 'car' });
      const corners = boxCorners((read as Extract<AnnotationObject, { tool: 'box' }>).geometry);
      for (const p of boxCorners(original)) expect(Math.min(...corners.map((q) => Math.max(Math.abs(q.x - p.x), Math.abs(q.y - p.y))))).toBeLessThanOrEqual(1e-3);
    }
    expect(again!.geometry).not.toHaveProperty('rotation');
  }, 120_000);
});
