/**
 * MOT 1.1, as CVAT exports it (Datumaro's `mot_seq_gt`): per item a sequence folder
 * (motLayout.ts) with `gt/gt.txt`, one line per box per frame,
 *   frame,track_id,x,y,width,height,not_ignored,class_id,visibility
 * and `gt/labels.txt` (class_id n is its n-th line). MOT holds boxes only: other shapes are left
 * out and counted by tool, a rotated box becomes the axis-aligned box it covers
 * (`rotatedBoxFlattened`), answers have no place (except the two flags below).
 *
 * - Frames are numbered as MOT counts them, from 1: the item's frame index + 1 for an image
 *   sequence, the file's frame + 1 for a video item (docs/video.md, "Frame numbers").
 * - A track is written on every frame it is shown (tracks resolved by resolveTracks.ts:
 *   interpolated frames included, frames where it is out of view left out) under one track id;
 *   an object on its own frame only (no keyframe) gets a track id of its own, so every line has a
 *   positive id as MOTChallenge's evaluation expects. Ids are whole numbers from 1 (TrackNumbers).
 * - class_id: the label's category id (categories.ts), so it equals the COCO category id and the
 *   YOLO class + 1 of the same project; labels.txt lists every category of the ontology.
 * - not_ignored is 0 for an object answering an attribute named `ignored` yes, else 1; visibility
 *   is 0 for one answering `occluded` yes, else 1 (Datumaro writes them from the same attributes).
 */
import { buildCategories, type CategoryIndex } from './categories';
import { answerNamer, type AnswerNamer } from './attributeKeys';
import { countSkip, enclosingBox, newReport } from './geometry';
import { MOT_GT, MOT_LABELS, motFrameNumber, SequenceFolders } from './motLayout';
import { TrackNumbers } from './trackNumbers';
import type { ExportItem, ExportOntology, ExportReport, ItemSource, ZipSink } from './types';
import { answeredYes } from './yesAnswer';

/** gt.txt goes to the sink in pieces of about this many characters. */
const CHUNK = 64 * 1024;

interface MotContext {
  categories: CategoryIndex;
  namer: AnswerNamer;
  numbers: TrackNumbers;
  report: ExportReport;
}

async function* gtLines(item: ExportItem, c: MotContext): AsyncGenerator<string> {
  let text = '';
  for (const frame of item.frames) {
    c.report.frames++;
    const n = motFrameNumber(item, frame.index);
    for (const o of frame.data.objects) {
      const category = c.categories.of(o.featureId, o.labelId);
      if (!category) {
        countSkip(c.report.skipped, 'unknownLabel');
        continue;
      }
      if (o.tool !== 'box') {
        countSkip(c.report.skipped, o.tool);
        continue;
      }
      if (o.geometry.rotation) countSkip(c.report.skipped, 'rotatedBoxFlattened');
      const b = enclosingBox(o.geometry);
      // only the two flags are written: answers to deleted attributes are not worth a count here
      const named = c.namer.object(o, {});
      const track = frame.tracks?.has(o.id) ? c.numbers.of(item.dataId, o.id) : c.numbers.fresh();
      text += `${n},${track},${b.x},${b.y},${b.width},${b.height},${answeredYes(named, 'ignored') ? 0 : 1},${category.id},${answeredYes(named, 'occluded') ? 0 : 1}\n`;
      c.report.objectsWritten++;
    }
    if (text.length >= CHUNK) {
      yield text;
      text = '';
    }
  }
  if (text) yield text;
}

export async function writeMot(items: ItemSource, ontology: ExportOntology, sink: ZipSink): Promise<ExportReport> {
  const report = newReport('mot');
  const categories = buildCategories(ontology);
  const c: MotContext = { categories, namer: answerNamer(ontology.features), numbers: new TrackNumbers(), report };
  const labels = categories.list.map((category) => `${category.name}\n`).join('');
  const folders = new SequenceFolders();
  for await (const item of items) {
    const folder = folders.of(item);
    await sink.add(`${folder}/${MOT_LABELS}`, labels);
    await sink.add(`${folder}/${MOT_GT}`, gtLines(item, c));
  }
  return report;
}
