/**
 * Datumaro's own JSON (`datumaro` format, dm_format_version 1.0): `annotations/default.json`,
 * as `datum convert -o ... -f datumaro` writes a dataset, with its pictures under
 * `images/default/`. Datumaro converts it to and from most formats, so it is the way from us to
 * anything we do not write ourselves.
 *
 * `categories.label.labels` lists every drawing category (categories.ts) then every
 * classification label, each with its attribute keys; `categories.points.items` gives each
 * keypoint category its point names and joints (0-based, as Datumaro keeps them). Per frame an
 * item: `id` the file's path without extension, `image` its path and `[height, width]`, and its
 * annotations: `bbox` (a rotated box's `rotation` among its attributes, as CVAT does), `polygon`
 * and `polyline` (flat x, y lists), `points` (a keypoint object: every skeleton point, visibility
 * 2 visible, 1 occluded, 0 absent; a point object: one point), `mask` (COCO's compressed RLE over
 * the picture: a frame of unknown size has its masks left out), and a frame's classification
 * labels as `label` annotations. Answers by name in `attributes`; `z_order` the drawing order.
 * Cuboids are left out and counted. The document is written an item at a time.
 */
import type { AnnotationObject } from '../../../src-shared/model/annotation';
import { answerNamer, objectKeyIndex, type NamedAnswers } from './attributeKeys';
import { buildCategories, type Category } from './categories';
import { cocoMaskFields } from './cocoMasks';
import { countSkip, newReport, stemOf } from './geometry';
import { leftOutBecause } from './keptObjects';
import type { ExportOntology, ExportReport, ItemSource, ZipSink } from './types';

export const DATUMARO_PATH = 'annotations/default.json';
export const DATUMARO_VERSION = '1.0';
const VISIBILITY = { visible: 2, occluded: 1, absent: 0 } as const;

/** The label list Datumaro's label ids index: drawing categories, then classification labels. */
export function datumaroLabels(ontology: ExportOntology): { names: string[]; drawing: ReturnType<typeof buildCategories>; classification: Map<string, number> } {
  const drawing = buildCategories(ontology);
  const names = drawing.list.map((c) => c.name);
  const classification = new Map<string, number>();
  for (const f of ontology.features) {
    if (f.tool !== 'classification') continue;
    for (const l of f.labels) {
      classification.set(`${f.featureId}\u0000${l.id}`, names.length);
      names.push(l.name);
    }
  }
  return { names, drawing, classification };
}

function shapeOf(o: AnnotationObject, c: Category, picture: { width: number; height: number } | null): Record<string, unknown> | string {
  switch (o.tool) {
    case 'box': {
      const { x, y, width, height } = o.geometry;
      return { type: 'bbox', bbox: [x, y, width, height] };
    }
    case 'polygon':
    case 'polyline':
      return { type: o.tool, points: o.geometry.points.flatMap((p) => [p.x, p.y]) };
    case 'point':
      return { type: 'points', points: [o.geometry.x, o.geometry.y], visibility: [2] };
    case 'keypoints': {
      const byId = new Map(o.geometry.points.map((p) => [p.pointId, p]));
      const ids = c.keypoints?.ids ?? [];
      return {
        type: 'points',
        points: ids.flatMap((id) => {
          const p = byId.get(id);
          return p ? [p.x, p.y] : [0, 0];
        }),
        visibility: ids.map((id) => VISIBILITY[byId.get(id)?.visibility ?? 'absent']),
      };
    }
    case 'mask': {
      if (!picture) return 'unknownSize';
      const fields = cocoMaskFields(o.geometry, 'rle', picture);
      return fields ? { type: 'mask', rle: fields.segmentation } : 'outsideFrame';
    }
    default:
      return o.tool;
  }
}

export async function writeDatumaro(items: ItemSource, ontology: ExportOntology, sink: ZipSink): Promise<ExportReport> {
  const report = newReport('datumaro');
  await sink.add(DATUMARO_PATH, chunks(items, ontology, report));
  return report;
}

async function* chunks(items: ItemSource, ontology: ExportOntology, report: ExportReport): AsyncGenerator<string> {
  const labels = datumaroLabels(ontology);
  const namer = answerNamer(ontology.features);
  const attributeNames = (c: Category) => objectKeyIndex(ontology.features.find((f) => f.featureId === c.featureId)!).attributes.map((k) => k.key);
  const categories = {
    label: { labels: labels.names.map((name, i) => ({ name, parent: '', attributes: i < labels.drawing.list.length ? attributeNames(labels.drawing.list[i]!) : [] })), attributes: [] },
    points: { items: labels.drawing.list.filter((c) => c.keypoints).map((c) => ({ label_id: c.id - 1, labels: c.keypoints!.names, joints: c.keypoints!.edges })) },
  };
  yield `{"dm_format_version":${JSON.stringify(DATUMARO_VERSION)},"infos":{},"categories":${JSON.stringify(categories)},"items":[`;
  let first = true;
  for await (const item of items) {
    for (const frame of item.frames) {
      report.frames++;
      const picture = frame.width && frame.height ? { width: frame.width, height: frame.height } : null;
      const annotations: Record<string, unknown>[] = [];
      for (const o of [...frame.data.objects].sort((a, b) => a.zIndex - b.zIndex)) {
        const category = labels.drawing.of(o.featureId, o.labelId ?? '');
        const leftOut = leftOutBecause('datumaro', o, frame, category !== undefined);
        const shape = leftOut === null && category ? shapeOf(o, category, picture) : (leftOut ?? o.tool);
        if (typeof shape === 'string') {
          countSkip(report.skipped, shape);
          continue;
        }
        const attributes: NamedAnswers = namer.object(o, report.skipped);
        if (o.tool === 'box' && o.geometry.rotation) attributes.rotation = o.geometry.rotation;
        annotations.push({ id: annotations.length, ...shape, attributes, group: 0, label_id: category!.id - 1, z_order: o.zIndex });
        report.objectsWritten++;
      }
      const frameNamed = namer.frame(frame.data.classifications.map((c) => ({ ...c, labelId: undefined })), report.skipped);
      for (const c of frame.data.classifications) {
        const id = c.labelId === undefined ? undefined : labels.classification.get(`${c.featureId}\u0000${c.labelId}`);
        if (id !== undefined) annotations.push({ id: annotations.length, type: 'label', attributes: {}, group: 0, label_id: id });
      }
      const entry = {
        id: stemOf(frame.fileName),
        annotations,
        // The frame's questions, as Datumaro keeps an item's own attributes.
        ...(Object.keys(frameNamed).length ? { attr: frameNamed } : {}),
        image: { path: frame.fileName, ...(picture ? { size: [picture.height, picture.width] } : {}) },
      };
      yield `${first ? '' : ','}${JSON.stringify(entry)}`;
      first = false;
    }
  }
  yield ']}\n';
}
