/**
 * Pascal VOC: Annotations/<stem>.xml per frame and ImageSets/Main/default.txt listing the stems,
 * as CVAT writes them. VOC describes boxes only: polygons, polylines, points, keypoints and
 * cuboids are skipped and counted; a rotated box becomes the axis-aligned box it covers.
 *
 * Coordinates: VOC counts pixels from 1 and both corners are inside the box. Our boxes are
 * continuous with pixel (0,0) covering [0,1), so a box x..x+width covers pixels x+1..x+width in
 * VOC terms: xmin = round(x) + 1, xmax = round(x + width) (at least xmin), same for y. The
 * reader inverts exactly that, so whole-pixel boxes round-trip exactly and others to half a pixel.
 * A frame of unknown size gets <width>0</width><height>0</height> (read back as unknown).
 */
import { XMLBuilder } from 'fast-xml-parser';
import { buildCategories } from './categories';
import { countSkip, enclosingBox, newReport, stemOf, type Rect, warn } from './geometry';
import type { ExportFrame, ExportOntology, ExportReport, ItemSource, ZipSink } from './types';

export const VOC_IMAGE_SET = 'ImageSets/Main/default.txt';
const builder = new XMLBuilder({ format: true, indentBy: '  ' });

export function vocBndbox(r: Rect): { xmin: number; ymin: number; xmax: number; ymax: number } {
  const xmin = Math.round(r.x) + 1;
  const ymin = Math.round(r.y) + 1;
  return { xmin, ymin, xmax: Math.max(xmin, Math.round(r.x + r.width)), ymax: Math.max(ymin, Math.round(r.y + r.height)) };
}

function vocDocument(frame: ExportFrame, objects: { name: string; box: Rect }[]): string {
  const annotation = {
    folder: '',
    // The path, folders included, as CVAT writes it: frames of two videos stay apart.
    filename: frame.fileName,
    source: { database: 'Unknown', annotation: 'Unknown', image: 'Unknown' },
    size: { width: frame.width ?? 0, height: frame.height ?? 0, depth: 3 },
    segmented: 0,
    object: objects.map((o) => ({ name: o.name, pose: 'Unspecified', truncated: 0, difficult: 0, bndbox: vocBndbox(o.box) })),
  };
  // The builder escapes & < > in names; the declaration is written by hand so it says UTF-8.
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ annotation })}`;
}

export async function writeVoc(items: ItemSource, ontology: ExportOntology, sink: ZipSink): Promise<ExportReport> {
  const report = newReport('voc');
  const categories = buildCategories(ontology);
  // Only the stems are kept, for the image set list and to refuse two frames on one file.
  const stems = new Set<string>();
  for await (const item of items) {
    for (const frame of item.frames) {
      report.frames++;
      const stem = stemOf(frame.fileName);
      if (stems.has(stem)) {
        warn(report, `${frame.fileName}: another frame already wrote Annotations/${stem}.xml; skipped`);
        continue;
      }
      stems.add(stem);
      if (frame.width === null || frame.height === null) warn(report, `${frame.fileName}: size unknown, written as 0 x 0`);
      const objects: { name: string; box: Rect }[] = [];
      for (const o of frame.data.objects) {
        const category = categories.of(o.featureId, o.labelId);
        if (!category || o.tool !== 'box') {
          countSkip(report.skipped, category ? o.tool : 'unknownLabel');
          continue;
        }
        if (o.geometry.rotation) countSkip(report.skipped, 'rotatedBoxFlattened');
        objects.push({ name: category.name, box: enclosingBox(o.geometry) });
        report.objectsWritten++;
      }
      await sink.add(`Annotations/${stem}.xml`, vocDocument(frame, objects));
    }
  }
  await sink.add(VOC_IMAGE_SET, [...stems].map((s) => `${s}\n`).join(''));
  return report;
}
