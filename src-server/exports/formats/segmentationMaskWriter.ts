/**
 * PNG masks in the Pascal VOC segmentation layout, as CVAT's "Segmentation mask 1.1" writes it
 * (Datumaro's voc_segmentation), so CVAT imports ours and we import CVAT's:
 *
 *     labelmap.txt                              label:r,g,b:: per label, background:0,0,0 first
 *     ImageSets/Segmentation/default.txt        the frames' stems
 *     SegmentationClass/<stem>.png              each pixel in its label's colour
 *     SegmentationObject/<stem>.png             each pixel in its object's colour (VOC palette by number)
 *
 * Painted in: masks, polygons and boxes (rotated boxes as the area they cover), as CVAT
 * paints its masks, polygons and boxes; the other shapes are skipped and counted. A pixel holds
 * one object, so where objects overlap the one drawn above keeps it (as CVAT merges them); an
 * object left with no pixel is counted as `coveredByOthers`. Attributes have no place here.
 *
 * A frame with nothing painted gets no pictures, only its line in default.txt (as CVAT); a frame
 * of unknown size can have neither and gets a warning. One frame's pictures at a time.
 */
import { buildCategories } from './categories';
import { countSkip, newReport, stemOf, warn } from './geometry';
import { leftOutBecause, FORMAT_TOOLS } from './keptObjects';
import { exportLabelMap, labelMapText, LABELMAP_FILE, vocColor, type Rgb } from './labelMap';
import { paintObjects, visiblePixels, type ObjectNumbers, type PaintedObject } from './maskPainter';
import { encodeRgbPng } from './pngCodec';
import type { ExportOntology, ExportReport, ItemSource, ZipSink } from './types';

export const SEGMENTATION_CLASS = 'SegmentationClass';
export const SEGMENTATION_OBJECT = 'SegmentationObject';
export const SEGMENTATION_SET = 'ImageSets/Segmentation/default.txt';

/** The two pictures of one frame from its painted object numbers: class colours and instance colours (the k-th object still seen gets palette colour k). */
function pictures(numbers: ObjectNumbers, classColors: readonly Rgb[], visible: Uint32Array): { classRgb: Uint8Array; objectRgb: Uint8Array } {
  // Colours by object number in flat tables: a pixel costs two table reads per picture.
  const classTable = new Uint8Array(classColors.length * 3);
  const objectTable = new Uint8Array(classColors.length * 3);
  let shown = 0;
  for (let n = 1; n < classColors.length; n++) {
    classTable.set(classColors[n]!, n * 3);
    if (visible[n]! > 0) objectTable.set(vocColor(++shown), n * 3);
  }
  const classRgb = new Uint8Array(numbers.length * 3);
  const objectRgb = new Uint8Array(numbers.length * 3);
  const size = numbers.length;
  for (let k = 0; k < size; k++) {
    const q = numbers[k]! * 3;
    if (q === 0) continue;
    const p = k * 3;
    classRgb[p] = classTable[q]!;
    classRgb[p + 1] = classTable[q + 1]!;
    classRgb[p + 2] = classTable[q + 2]!;
    objectRgb[p] = objectTable[q]!;
    objectRgb[p + 1] = objectTable[q + 1]!;
    objectRgb[p + 2] = objectTable[q + 2]!;
  }
  return { classRgb, objectRgb };
}

export async function writeSegmentationMasks(items: ItemSource, ontology: ExportOntology, sink: ZipSink): Promise<ExportReport> {
  const report = newReport('segmentation-mask');
  const categories = buildCategories(ontology);
  const labelMap = exportLabelMap(ontology, FORMAT_TOOLS.segmentationMask);
  await sink.add(LABELMAP_FILE, labelMapText(labelMap.entries));
  // Only the stems, for the image set and to refuse two frames on one file.
  const stems = new Set<string>();
  let reuse: ObjectNumbers | undefined;
  for await (const item of items) {
    for (const frame of item.frames) {
      report.frames++;
      if (!frame.width || !frame.height) {
        warn(report, { code: 'sizeUnknown', file: frame.fileName, outcome: 'noMaskFile' });
        for (const _ of frame.data.objects) countSkip(report.skipped, 'unknownSize');
        continue;
      }
      const stem = stemOf(frame.fileName);
      if (stems.has(stem)) {
        warn(report, { code: 'fileTaken', file: frame.fileName, path: `${SEGMENTATION_CLASS}/${stem}.png` });
        continue;
      }
      stems.add(stem);
      const painted: PaintedObject[] = [];
      const classColors: Rgb[] = [[0, 0, 0]];
      for (const o of frame.data.objects) {
        const category = categories.of(o.featureId, o.labelId);
        const leftOut = leftOutBecause('segmentationMask', o, frame, category !== undefined);
        if (leftOut !== null || !category) {
          countSkip(report.skipped, leftOut ?? 'unknownLabel');
          continue;
        }
        painted.push(o as PaintedObject);
        classColors.push(labelMap.colorOf.get(category.id)!);
      }
      if (painted.length === 0) continue;
      // Drawing order: zIndex, and the frame's order among equals (sort is stable).
      const order = painted.map((o, i) => i).sort((a, b) => painted[a]!.zIndex - painted[b]!.zIndex);
      const { numbers, painted: pixelsPainted } = paintObjects(order.map((i) => painted[i]!), frame.width, frame.height, reuse);
      reuse = numbers;
      const visible = visiblePixels(numbers, painted.length);
      for (let n = 1; n <= painted.length; n++) {
        if (visible[n]! > 0) report.objectsWritten++;
        else countSkip(report.skipped, pixelsPainted[n]! > 0 ? 'coveredByOthers' : 'outsideFrame');
      }
      // Nothing of any object on the picture: the frame is as one with nothing painted.
      if (visible[0] === numbers.length) continue;
      const { classRgb, objectRgb } = pictures(numbers, [classColors[0]!, ...order.map((i) => classColors[i + 1]!)], visible);
      // PNG is deflated already: stored in the zip as it is, not deflated again.
      const [classPng, objectPng] = await Promise.all([encodeRgbPng(classRgb, frame.width, frame.height), encodeRgbPng(objectRgb, frame.width, frame.height)]);
      await sink.add(`${SEGMENTATION_CLASS}/${stem}.png`, classPng, { store: true });
      await sink.add(`${SEGMENTATION_OBJECT}/${stem}.png`, objectPng, { store: true });
    }
  }
  // Every frame written, with pictures or without (nothing painted): a frame listed without pictures has no objects.
  await sink.add(SEGMENTATION_SET, [...stems].map((s) => `${s}\n`).join(''));
  return report;
}
