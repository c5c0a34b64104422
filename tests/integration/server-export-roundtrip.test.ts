import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDefinition, type OntologyFeature } from '../../src-shared/model/ontology';
import type { AnnotationObject, FrameData } from '../../src-shared/model/annotation';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World } from '../support/world';
import { exportProject } from '../support/exportFixture';
import { awaitExport } from '../support/exportJobs';
import { buildImportProject, ontologyOf, storeOntology } from '../support/importFixture';

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
