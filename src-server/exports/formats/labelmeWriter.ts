/**
 * LabelMe JSON (wkentaro/labelme, 5.x): one `<stem>.json` per frame beside where its picture goes,
 * `imagePath` the picture's own name (LabelMe opens the JSON and finds the picture next to it).
 *
 * Kept: boxes as `rectangle` (two corners; a rotated box becomes the box it covers and is
 * counted `rotatedBoxFlattened`), polygons, polylines as `linestrip`, points, masks as `mask`
 * (its box's corners, inclusive, as LabelMe draws them, and the box's bitmap as a base64 PNG of 0
 * and 255). Keypoints and cuboids have no LabelMe shape: left out and counted.
 *
 * Answers by name (attributeKeys.ts) go in each shape's `attributes`, which LabelMe keeps as it
 * found it (it carries keys it does not know); an `occluded` or other yes-answered question with
 * a LabelMe flag's name is not guessed at: `flags` stay LabelMe's own, empty. A frame's
 * classifications: the chosen labels as image `flags` set true (LabelMe's image-level labels,
 * what LabelMe shows), and all its answers by name, labels included, in the document's
 * `attributes` (what our reader takes back first). Objects in drawing order.
 */
import sharp from 'sharp';
import type { AnnotationObject } from '../../../src-shared/model/annotation';
import { regionOfGeometry } from '../../../src-shared/mask/region';
import { answerNamer } from './attributeKeys';
import { buildCategories } from './categories';
import { countSkip, enclosingBox, newReport, warn } from './geometry';
import { framesByStem } from './perFrameFiles';
import { leftOutBecause } from './keptObjects';
import type { ExportOntology, ExportReport, ItemSource, ZipSink } from './types';

/** The labelme version whose files we write (shape `mask`, `description`: 5.x). */
export const LABELME_VERSION = '5.5.0';

type Point = [number, number];

/** A mask's bitmap as LabelMe keeps it: a PNG of its box, 255 where set. */
async function maskPng(o: Extract<AnnotationObject, { tool: 'mask' }>): Promise<string> {
  const { bits, width, height } = regionOfGeometry(o.geometry);
  const grey = Buffer.alloc(bits.length);
  for (let i = 0; i < bits.length; i++) grey[i] = bits[i] ? 255 : 0;
  return (await sharp(grey, { raw: { width, height, channels: 1 } }).png().toBuffer()).toString('base64');
}

/** The LabelMe shape's type, points and extras for one object, or the reason it has none. */
async function shapeOf(o: AnnotationObject, report: ExportReport): Promise<{ shape_type: string; points: Point[]; mask?: string } | string> {
  switch (o.tool) {
    case 'box': {
      if (o.geometry.rotation) countSkip(report.skipped, 'rotatedBoxFlattened');
      const r = enclosingBox(o.geometry);
      return { shape_type: 'rectangle', points: [[r.x, r.y], [r.x + r.width, r.y + r.height]] };
    }
    case 'polygon':
      return { shape_type: 'polygon', points: o.geometry.points.map((p): Point => [p.x, p.y]) };
    case 'polyline':
      return { shape_type: 'linestrip', points: o.geometry.points.map((p): Point => [p.x, p.y]) };
    case 'point':
      return { shape_type: 'point', points: [[o.geometry.x, o.geometry.y]] };
    case 'mask': {
      const g = o.geometry;
      return { shape_type: 'mask', points: [[g.x, g.y], [g.x + g.width - 1, g.y + g.height - 1]], mask: await maskPng(o) };
    }
    default:
      return o.tool;
  }
}

export async function writeLabelme(items: ItemSource, ontology: ExportOntology, sink: ZipSink): Promise<ExportReport> {
  const report = newReport('labelme');
  const categories = buildCategories(ontology);
  const namer = answerNamer(ontology.features);
  for await (const { frame, stem } of framesByStem(items, report, (s) => `${s}.json`)) {
    if (frame.width === null || frame.height === null) warn(report, { code: 'sizeUnknown', file: frame.fileName, outcome: 'writtenAsZero' });
    const shapes: Record<string, unknown>[] = [];
    for (const o of [...frame.data.objects].sort((a, b) => a.zIndex - b.zIndex)) {
      const category = categories.of(o.featureId, o.labelId ?? '');
      const leftOut = leftOutBecause('labelme', o, frame, category !== undefined);
      const shape = leftOut === null && category ? await shapeOf(o, report) : (leftOut ?? o.tool);
      if (typeof shape === 'string') {
        countSkip(report.skipped, shape);
        continue;
      }
      const attributes = namer.object(o, report.skipped);
      shapes.push({ label: category!.name, points: shape.points, group_id: null, description: '', shape_type: shape.shape_type, flags: {}, ...(shape.mask ? { mask: shape.mask } : {}), attributes });
      report.objectsWritten++;
    }
    const flags: Record<string, boolean> = {};
    for (const c of frame.data.classifications) {
      const feature = ontology.features.find((f) => f.featureId === c.featureId && f.tool === 'classification');
      const label = feature?.labels.find((l) => l.id === c.labelId)?.name;
      if (label !== undefined) flags[label] = true;
    }
    const frameAnswers = namer.frame(frame.data.classifications, report.skipped);
    const document = {
      version: LABELME_VERSION,
      flags,
      shapes,
      imagePath: frame.fileName.split('/').pop()!,
      imageData: null,
      imageHeight: frame.height ?? 0,
      imageWidth: frame.width ?? 0,
      ...(Object.keys(frameAnswers).length ? { attributes: frameAnswers } : {}),
    };
    await sink.add(`${stem}.json`, `${JSON.stringify(document, null, 2)}\n`);
  }
  return report;
}
