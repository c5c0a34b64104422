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
 *
 * Attributes by name, as CVAT writes them: `<attributes><attribute><name>colour</name>
 * <value>red</value></attribute></attributes>` in each object, and the frame's classification
 * answers in the same form directly under <annotation>. A multiple choice is one <value> with
 * the option names joined by ", ". VOC's own flags <truncated>, <difficult> and <occluded> are 1
 * when the object has an attribute of that name answered yes (see vocFlags), else 0.
 */
import { XMLBuilder } from 'fast-xml-parser';
import { answerNamer, type NamedAnswer, type NamedAnswers } from './attributeKeys';
import { buildCategories } from './categories';
import { countSkip, enclosingBox, newReport, type Rect, warn } from './geometry';
import { framesByStem } from './perFrameFiles';
import { leftOutBecause } from './keptObjects';
import type { ExportFrame, ExportOntology, ExportReport, ItemSource, ZipSink } from './types';
import { isYes } from './yesAnswer';

export const VOC_IMAGE_SET = 'ImageSets/Main/default.txt';
const builder = new XMLBuilder({ format: true, indentBy: '  ' });

export function vocBndbox(r: Rect): { xmin: number; ymin: number; xmax: number; ymax: number } {
  const xmin = Math.round(r.x) + 1;
  const ymin = Math.round(r.y) + 1;
  return { xmin, ymin, xmax: Math.max(xmin, Math.round(r.x + r.width)), ymax: Math.max(ymin, Math.round(r.y + r.height)) };
}

/** One <value> text: a multiple choice joined, booleans and numbers as JSON writes them. */
export const vocValue = (v: NamedAnswer): string => (Array.isArray(v) ? v.join(VOC_LIST_SEPARATOR) : String(v));
export const VOC_LIST_SEPARATOR = ', ';

/** CVAT's form: absent when there are no answers, so a plain VOC file stays plain. */
function vocAttributes(named: NamedAnswers): { attributes?: { attribute: { name: string; value: string }[] } } {
  const list = Object.entries(named).map(([name, v]) => ({ name, value: vocValue(v) }));
  return list.length ? { attributes: { attribute: list } } : {};
}


/** VOC's standard flags, from the attributes of the same (English) name. */
export function vocFlags(named: NamedAnswers): { truncated: 0 | 1; difficult: 0 | 1; occluded: 0 | 1 } {
  const byName = new Map(Object.entries(named).map(([k, v]) => [k.trim().toLowerCase(), v]));
  const flag = (name: string) => (isYes(byName.get(name)) ? 1 : 0);
  return { truncated: flag('truncated'), difficult: flag('difficult'), occluded: flag('occluded') };
}

interface VocObject { name: string; box: Rect; named: NamedAnswers }

function vocDocument(frame: ExportFrame, objects: VocObject[], frameAnswers: NamedAnswers): string {
  const annotation = {
    folder: '',
    // The path, folders included, as CVAT writes it: frames of two videos stay apart.
    filename: frame.fileName,
    source: { database: 'Unknown', annotation: 'Unknown', image: 'Unknown' },
    size: { width: frame.width ?? 0, height: frame.height ?? 0, depth: 3 },
    segmented: 0,
    ...vocAttributes(frameAnswers),
    object: objects.map((o) => ({ name: o.name, pose: 'Unspecified', ...vocFlags(o.named), bndbox: vocBndbox(o.box), ...vocAttributes(o.named) })),
  };
  // The builder escapes & < > in names; the declaration is written by hand so it says UTF-8.
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ annotation })}`;
}

export async function writeVoc(items: ItemSource, ontology: ExportOntology, sink: ZipSink): Promise<ExportReport> {
  const report = newReport('voc');
  const categories = buildCategories(ontology);
  const namer = answerNamer(ontology.features);
  // Only the stems are kept, for the image set list (framesByStem refuses two frames on one file).
  const stems: string[] = [];
  for await (const { frame, stem } of framesByStem(items, report, (s) => `Annotations/${s}.xml`)) {
    stems.push(stem);
    if (frame.width === null || frame.height === null) warn(report, { code: 'sizeUnknown', file: frame.fileName, outcome: 'writtenAsZero' });
    const objects: VocObject[] = [];
    for (const o of frame.data.objects) {
      const category = categories.of(o.featureId, o.labelId);
      const leftOut = leftOutBecause('voc', o, frame, category !== undefined);
      if (leftOut !== null || !category || o.tool !== 'box') {
        countSkip(report.skipped, leftOut ?? o.tool);
        continue;
      }
      if (o.geometry.rotation) countSkip(report.skipped, 'rotatedBoxFlattened');
      objects.push({ name: category.name, box: enclosingBox(o.geometry), named: namer.object(o, report.skipped) });
      report.objectsWritten++;
    }
    await sink.add(`Annotations/${stem}.xml`, vocDocument(frame, objects, namer.frame(frame.data.classifications, report.skipped)));
  }
  await sink.add(VOC_IMAGE_SET, stems.map((s) => `${s}\n`).join(''));
  return report;
}
