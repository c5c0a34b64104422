import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enclosingBox } from '../../src-server/exports/formats/geometry';
import { writeCoco, writeLossless, writeVoc, writeYolo, type ExportItem, type ExportOntology, type ZipSink } from '../../src-server/exports/formats';
import type { AnnotationObject } from '../../src-shared/model/annotation';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World } from '../support/world';
import { writeIntoZip } from '../support/exportSample';
import { buildAnnotatedProject, buildImportProject, exportItemsOf, ontologyOf, putZip, sampleSubjects } from '../support/importFixture';

type Format = 'coco' | 'yolo' | 'voc' | 'lossless';
type Frame = ExportItem['frames'][number];

/**
 * Each format's precision, as a normal form both projects' objects are brought to: label by
 * name, geometry as the format keeps it. What the format cannot hold is left out of the form
 * (YOLO detect keeps boxes only, and nothing on a frame of unknown size).
 */
interface Precision {
  format: Format;
  write: (items: ExportItem[], ontology: ExportOntology, sink: ZipSink) => Promise<unknown>;
  form: (o: AnnotationObject, frame: Frame, pointName: (id: string) => string) => unknown;
}

const fixed = (v: number) => Number(Math.min(1, Math.max(0, v)).toFixed(6));
const yoloBox = (o: AnnotationObject, f: Frame) => {
  if (o.tool !== 'box' || f.width === null || f.height === null) return undefined;
  const b = enclosingBox(o.geometry);
  const [x1, y1, x2, y2] = [Math.max(0, b.x), Math.max(0, b.y), Math.min(f.width, b.x + b.width), Math.min(f.height, b.y + b.height)];
  return [fixed((x1 + x2) / 2 / f.width), fixed((y1 + y2) / 2 / f.height), fixed((x2 - x1) / f.width), fixed((y2 - y1) / f.height)];
};
const vocBox = (o: AnnotationObject) => {
  if (o.tool !== 'box') return undefined;
  const b = enclosingBox(o.geometry);
  const [xmin, ymin] = [Math.round(b.x) + 1, Math.round(b.y) + 1];
  return [xmin, ymin, Math.max(xmin, Math.round(b.x + b.width)), Math.max(ymin, Math.round(b.y + b.height))];
};
const named = (o: AnnotationObject, pointName: (id: string) => string) =>
  o.tool === 'keypoints' ? o.geometry.points.map(({ pointId, ...p }) => ({ name: pointName(pointId), ...p })).sort((a, b) => a.name.localeCompare(b.name)) : o.geometry;

const PRECISIONS: Precision[] = [
  { format: 'coco', write: (i, o, s) => writeCoco(i, o, s), form: (o, _f, pn) => (['box', 'polygon', 'keypoints'].includes(o.tool) ? named(o, pn) : undefined) },
  { format: 'yolo', write: (i, o, s) => writeYolo(i, o, s, 'detect'), form: (o, f) => yoloBox(o, f) },
  {
    format: 'yolo',
    write: (i, o, s) => writeYolo(i, o, s, 'segment'),
    form: (o, f) => (o.tool === 'polygon' && f.width && f.height ? o.geometry.points.map((p) => [fixed(p.x / f.width!), fixed(p.y / f.height!)]) : undefined),
  },
  {
    format: 'yolo',
    write: (i, o, s) => writeYolo(i, o, s, 'pose'),
    form: (o, f, pn) =>
      o.tool === 'keypoints' && f.width && f.height
        ? o.geometry.points.filter((p) => p.visibility !== 'absent').map((p) => [pn(p.pointId), fixed(p.x / f.width!), fixed(p.y / f.height!), p.visibility]).sort()
        : undefined,
  },
  { format: 'voc', write: (i, o, s) => writeVoc(i, o, s), form: (o) => vocBox(o) },
];

/** The objects of every frame in the normal form, by file name, sorted so order of writing does not matter. */
function normalForm(items: ExportItem[], ontology: ExportOntology, form: Precision['form']): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const f of items.flatMap((i) => i.frames)) {
    out[f.fileName] = f.data.objects
      .flatMap((o) => {
        const feature = ontology.features.find((x) => x.featureId === o.featureId)!;
        const pointName = (id: string) => feature.skeleton!.points.find((p) => p.id === id)!.name;
        const g = form(o, f, pointName);
        return g === undefined ? [] : [JSON.stringify([feature.labels.find((l) => l.id === o.labelId)!.name, o.tool, g])];
      })
      .sort();
  }
  return out;
}

/** Lossless: everything as stored, features by name (row ids differ between projects). */
function losslessForm(items: ExportItem[], ontology: ExportOntology) {
  const featureName = (id: number) => ontology.features.find((f) => f.featureId === id)!.name;
  return items.flatMap((i) =>
    i.frames.map((f) => ({
      fileName: f.fileName,
      objects: f.data.objects.map((o) => ({ ...o, featureId: featureName(o.featureId) })),
      classifications: f.data.classifications.map((c) => ({ ...c, featureId: featureName(c.featureId) })),
    })),
  );
}

/** Round trip: project A's annotations written by our own writers, imported into a new project B holding the same file names. */
describe.each(DB_KINDS)('import round trip on %s', (kind) => {
  let s: TestServer;
  let w: World;
  beforeAll(async () => {
    s = await startTestServer(kind);
    w = await buildWorld(s.app.ctx);
  });
  afterAll(async () => {
    await s?.close();
  });

  /** Exports A's task with `write`, imports the zip into a fresh B; answers both sides and the import's answer. */
  const roundTrip = async (format: Format, write: Precision['write']) => {
    const ctx = s.app.ctx;
    const a = await buildAnnotatedProject(ctx, { teamId: w.teamA, ownerId: w.users.owner.id });
    const aItems = await exportItemsOf(ctx, a.taskId);
    const aOntology = await ontologyOf(ctx, a.projectId);
    const { zip } = await writeIntoZip((sink) => write(aItems, aOntology, sink));
    const b = await buildImportProject(ctx, { teamId: w.teamA, ownerId: w.users.owner.id, annotatorIds: [], subjects: sampleSubjects() });
    const key = await putZip(ctx, w.users.manager.id, zip);
    const r = await s.call({
      method: 'POST',
      url: '/core/project/external/import',
      token: w.users.manager.token,
      payload: { projectId: b.projectId, taskId: b.taskId, format, key, dryRun: false, createMissingLabels: true, mode: 'replace' },
    });
    expect(r.body.msg, JSON.stringify(r.body.data)).toBe('ok');
    return { a: { items: aItems, ontology: aOntology }, b: { items: await exportItemsOf(ctx, b.taskId), ontology: await ontologyOf(ctx, b.projectId) }, answer: r.body.data };
  };

  it.each(PRECISIONS.map((p, i) => [`${p.format} #${i}`, p] as const))('%s: project B stores the objects of project A within the format\'s precision', async (_name, p) => {
    const { a, b, answer } = await roundTrip(p.format, p.write);
    const expected = normalForm(a.items, a.ontology, p.form);
    expect(normalForm(b.items, b.ontology, p.form)).toEqual(expected);
    const objects = Object.values(expected).reduce((n, list) => n + list.length, 0);
    expect(objects).toBeGreaterThan(0);
    expect(answer).toMatchObject({ written: true, unmatchedFiles: { count: 0 }, ambiguousFiles: { count: 0 }, matched: { objects } });
    expect(answer.labelsCreated.length).toBeGreaterThan(0);
  });

  it('lossless: project B stores exactly what A stores, attributes and classifications included', async () => {
    const { a, b, answer } = await roundTrip('lossless', (i, o, sink) => writeLossless(i, o, sink));
    expect(losslessForm(b.items, b.ontology)).toEqual(losslessForm(a.items, a.ontology));
    // The features were recreated whole: same names, tools, labels, attributes and skeletons, element ids included.
    const strip = (o: ExportOntology) => o.features.map(({ featureId: _id, sortOrder: _order, ...f }) => f);
    expect(strip(b.ontology)).toEqual(strip(a.ontology));
    expect(answer).toMatchObject({ written: true, skippedObjects: {}, droppedAnswers: {}, matched: { subjects: 3, frames: 4, classifications: 1 } });
  });
});
