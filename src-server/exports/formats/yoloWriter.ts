/**
 * YOLO in the Ultralytics layout: data.yaml plus labels/train/<stem>.txt per frame (the export
 * job puts the images at images/train/<file name>). Class index = COCO category id - 1, and
 * `names` lists every category in every mode, so a class means the same in every export.
 *
 * Modes, as Ultralytics trains them:
 * - detect:  `class cx cy w h` from boxes; a rotated box becomes the axis-aligned box it covers.
 * - segment: `class x1 y1 x2 y2 ...` from polygons, and from masks: one line per part of the mask,
 *            its outline along pixel edges with the holes bridged in (cocoMasks.ts' maskPolygons).
 * - pose:    `class cx cy w h x1 y1 v1 ...` from keypoints (box = extent of the labelled points,
 *            v as COCO: 2 visible, 1 occluded, 0 absent written 0 0 0); kpt_shape = [most points, 3],
 *            shorter skeletons padded with 0 0 0.
 * - obb:     `class x1 y1 x2 y2 x3 y3 x4 y4` from boxes, rotated or not: the four corners once
 *            turned, clockwise from the top-left (boxCorners), as Ultralytics' OBB labels are read.
 * Other shapes are skipped and counted. Coordinates are normalised by the frame size, clamped to
 * [0, 1] (Ultralytics drops a whole image whose label is out of bounds), 6 decimals. A frame of
 * unknown size cannot be normalised: it gets no label file and a warning.
 *
 * YOLO has no place for attributes. They go beside the labels, by name (attributeKeys.ts), in a
 * sidecar per frame that has any: attributes/train/<stem>.json (YoloSidecar), mirroring the
 * label file's path. labels/ keeps only what Ultralytics reads, so training ignores them.
 */
import { stringify } from 'yaml';
import type { AnnotationObject } from '../../../src-shared/model/annotation';
import { answerNamer, type NamedAnswers } from './attributeKeys';
import { buildCategories, type Category } from './categories';
import { maskPolygons } from './cocoMasks';
import { COCO_VISIBILITY } from './cocoWriter';
import { boxCorners, countSkip, enclosingBox, extentOf, newReport, stemOf, warn } from './geometry';
import { FORMAT_TOOLS } from './keptObjects';
import type { ExportOntology, ExportReport, ItemSource, ZipSink } from './types';
import type { ExportFormatName } from '../../../src-shared/api/export';
import { decodeCounts } from '../../../src-shared/mask/rle';

export type YoloMode = 'detect' | 'segment' | 'pose' | 'obb';
export const YOLO_SPLIT = 'train';
export const YOLO_YAML = 'data.yaml';
/** The sidecars' folder, beside labels/ and images/ */
export const YOLO_ATTRIBUTES = 'attributes';
const DECIMALS = 6;

/** The export format of each mode: what it keeps is keptObjects.ts's to say. */
export const YOLO_FORMAT = { detect: 'yoloDetect', segment: 'yoloSegment', pose: 'yoloPose', obb: 'yoloObb' } as const satisfies Record<YoloMode, ExportFormatName>;

interface Size { width: number; height: number }

const unit = (v: number) => Math.min(1, Math.max(0, v)).toFixed(DECIMALS);

function boxFields(x: number, y: number, width: number, height: number, size: Size): string[] {
  const x1 = Math.max(0, x);
  const y1 = Math.max(0, y);
  const x2 = Math.min(size.width, x + width);
  const y2 = Math.min(size.height, y + height);
  return [unit((x1 + x2) / 2 / size.width), unit((y1 + y2) / 2 / size.height), unit((x2 - x1) / size.width), unit((y2 - y1) / size.height)];
}

/** The label lines of one object in a mode (a mask's parts one line each), or null when the mode does not keep its shape. */
export function yoloLines(o: AnnotationObject, category: Category, mode: YoloMode, size: Size, pointsPerPose: number): string[] | null {
  if (!FORMAT_TOOLS[YOLO_FORMAT[mode]].includes(o.tool)) return null;
  if (o.tool === 'mask') {
    const counts = decodeCounts(o.geometry.rle);
    const parts = counts ? maskPolygons(o.geometry, counts, size) : [];
    return parts.map((flat) => [String(category.id - 1), ...flat.map((v, i) => unit(v / (i % 2 ? size.height : size.width)))].join(' '));
  }
  const line = yoloLine(o, category, mode, size, pointsPerPose);
  return line === null ? null : [line];
}

/** The label line of a box, polygon or keypoints object. */
function yoloLine(o: AnnotationObject, category: Category, mode: YoloMode, size: Size, pointsPerPose: number): string | null {
  const fields = [String(category.id - 1)];
  if (o.tool === 'box' && mode === 'obb') {
    // Each corner clamped on its own: Ultralytics drops an image whose label leaves [0, 1].
    for (const p of boxCorners(o.geometry)) fields.push(unit(p.x / size.width), unit(p.y / size.height));
  } else if (o.tool === 'box') {
    const b = enclosingBox(o.geometry);
    fields.push(...boxFields(b.x, b.y, b.width, b.height, size));
  } else if (o.tool === 'polygon') {
    for (const p of o.geometry.points) fields.push(unit(p.x / size.width), unit(p.y / size.height));
  } else if (o.tool === 'keypoints') {
    const byId = new Map(o.geometry.points.map((p) => [p.pointId, p]));
    const ids = category.keypoints?.ids ?? [];
    const labelled = o.geometry.points.filter((p) => p.visibility !== 'absent' && ids.includes(p.pointId));
    const e = labelled.length ? extentOf(labelled) : { x: 0, y: 0, width: 0, height: 0 };
    fields.push(...boxFields(e.x, e.y, e.width, e.height, size));
    for (let i = 0; i < pointsPerPose; i++) {
      const p = byId.get(ids[i] ?? '');
      if (!p || p.visibility === 'absent') fields.push(unit(0), unit(0), '0');
      else fields.push(unit(p.x / size.width), unit(p.y / size.height), String(COCO_VISIBILITY[p.visibility]));
    }
  }
  return fields.join(' ');
}

export function yoloDataYaml(categories: readonly Category[], mode: YoloMode): string {
  const doc: Record<string, unknown> = {
    path: '.',
    train: `images/${YOLO_SPLIT}`,
    // One split only: validating on the training images is what Ultralytics needs to start.
    val: `images/${YOLO_SPLIT}`,
    // A Map keeps the keys numbers, so YAML writes `0: car` as Ultralytics' own files do.
    names: new Map(categories.map((c) => [c.id - 1, c.name])),
  };
  if (mode === 'pose') {
    const withPoints = categories.filter((c) => c.keypoints);
    doc.kpt_shape = [Math.max(0, ...withPoints.map((c) => c.keypoints!.ids.length)), 3];
    doc.kpt_names = new Map(withPoints.map((c) => [c.id - 1, c.keypoints!.names]));
  }
  return stringify(doc);
}

/** One frame's sidecar: its classification answers, and each answered object by its line in the label file (from 1) and class. */
export interface YoloSidecar {
  image: string;
  labels: string;
  attributes: NamedAnswers;
  objects: { line: number; class: string; attributes: NamedAnswers }[];
}

export async function writeYolo(items: ItemSource, ontology: ExportOntology, sink: ZipSink, mode: YoloMode): Promise<ExportReport> {
  const report = newReport(`yolo-${mode}`);
  const categories = buildCategories(ontology);
  const pointsPerPose = Math.max(0, ...categories.list.map((c) => c.keypoints?.ids.length ?? 0));
  const namer = answerNamer(ontology.features);
  await sink.add(YOLO_YAML, yoloDataYaml(categories.list, mode));
  // Only the paths, to refuse writing two frames into one label file.
  const written = new Set<string>();
  for await (const item of items) {
    for (const frame of item.frames) {
      report.frames++;
      if (!frame.width || !frame.height) {
        warn(report, { code: 'sizeUnknown', file: frame.fileName, outcome: 'noLabelFile' });
        for (const _ of frame.data.objects) countSkip(report.skipped, 'unknownSize');
        continue;
      }
      const path = `labels/${YOLO_SPLIT}/${stemOf(frame.fileName)}.txt`;
      if (written.has(path)) {
        warn(report, { code: 'fileTaken', file: frame.fileName, path });
        continue;
      }
      written.add(path);
      const lines: string[] = [];
      const sidecar: YoloSidecar = { image: frame.fileName, labels: path, attributes: namer.frame(frame.data.classifications, report.skipped), objects: [] };
      for (const o of frame.data.objects) {
        const category = categories.of(o.featureId, o.labelId);
        const objectLines = category ? yoloLines(o, category, mode, { width: frame.width, height: frame.height }, pointsPerPose) : null;
        if (objectLines === null || objectLines.length === 0) {
          // A mask with no part left on the picture has no line either.
          countSkip(report.skipped, !category ? 'unknownLabel' : objectLines ? 'outsideFrame' : o.tool);
          continue;
        }
        if (o.tool === 'box' && o.geometry.rotation && mode !== 'obb') countSkip(report.skipped, 'rotatedBoxFlattened');
        report.objectsWritten++;
        const attributes = namer.object(o, report.skipped);
        for (const line of objectLines) {
          lines.push(line);
          if (Object.keys(attributes).length > 0) sidecar.objects.push({ line: lines.length, class: category!.name, attributes });
        }
      }
      await sink.add(path, lines.map((l) => `${l}\n`).join(''));
      if (sidecar.objects.length > 0 || Object.keys(sidecar.attributes).length > 0) {
        await sink.add(`${YOLO_ATTRIBUTES}/${YOLO_SPLIT}/${stemOf(frame.fileName)}.json`, `${JSON.stringify(sidecar, null, 2)}\n`);
      }
    }
  }
  return report;
}
