/**
 * CVAT for video 1.1: an `annotations.xml` per item, in the item's folder (motLayout.ts
 * SequenceFolders, as MOT's sequences: a CVAT task is one video, an export of ours many items),
 * frames numbered as the item's file numbers them from 0 (a video item's frame i is the file's
 * `firstFrame + i`).
 *
 * Every object is a `<track>`: a track of ours with a shape on each of its stored keyframes
 * (`keyframe="1"`) and, where it leaves view (a gap, or its end before the item's), a keyframe on
 * the last frame it is shown and `outside="1"` on the next; an object of one frame a track of
 * two shapes, on its frame and `outside` on the next, as CVAT writes a frame's own shape. Shapes
 * as CVAT for images writes them (cvatWriter.ts, without `label`, which is the track's), with
 * `occluded`, `z_order` and answers by name. `<meta>` as CVAT for images, with the item's size.
 */
import { XMLBuilder } from 'fast-xml-parser';
import type { AnnotationObject } from '../../../src-shared/model/annotation';
import { answerNamer } from './attributeKeys';
import { buildCategories } from './categories';
import { cvatMeta, cvatShape, CVAT_SOURCE } from './cvatWriter';
import { countSkip, newReport } from './geometry';
import { leftOutBecause } from './keptObjects';
import { motFrameNumber, SequenceFolders } from './motLayout';
import type { ExportItem, ExportOntology, ExportReport, ItemSource, ZipSink } from './types';
import { isYes } from './yesAnswer';

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, indentBy: '  ', suppressEmptyNode: true });

interface TrackShape {
  frame: number;
  object: AnnotationObject;
  keyframe: boolean;
  outside: boolean;
}

/** The item's objects as tracks, by object id, in the order first seen. One pass over the item's frames. */
function tracksOf(item: ExportItem): Map<string, { shapes: TrackShape[] }> {
  const seen = new Map<string, { shapes: TrackShape[]; shownOn: { index: number; object: AnnotationObject }[]; isTrack: boolean }>();
  const last = item.frames.length - 1;
  const numberOf = (index: number) => motFrameNumber(item, index) - 1;
  item.frames.forEach((frame, index) => {
    for (const o of frame.data.objects) {
      const kept = frame.tracks?.get(o.id);
      const t = seen.get(o.id) ?? seen.set(o.id, { shapes: [], shownOn: [], isTrack: false }).get(o.id)!;
      t.shownOn.push({ index, object: o });
      if (kept !== undefined) t.isTrack = true;
      // A track's stored keyframe, or a frame's own object (shown on its frame only).
      if (kept === false) continue;
      t.shapes.push({ frame: numberOf(index), object: o, keyframe: true, outside: false });
      if (kept === undefined && index < last) t.shapes.push({ frame: numberOf(index) + 1, object: o, keyframe: true, outside: true });
    }
  });
  // Where a track leaves view: the frame after a frame it is shown on but not the next, when the item goes on.
  for (const t of seen.values()) {
    if (!t.isTrack) continue;
    const keyed = new Set(t.shapes.map((s) => s.frame));
    t.shownOn.forEach(({ index, object }, k) => {
      if (index >= last || t.shownOn[k + 1]?.index === index + 1) return;
      // The last shape shown is a keyframe too: whether a reader moves a track towards its
      // outside shape (as we do) or holds it (as CVAT does), every frame shows what it showed.
      if (!keyed.has(numberOf(index))) t.shapes.push({ frame: numberOf(index), object, keyframe: true, outside: false });
      t.shapes.push({ frame: numberOf(index) + 1, object, keyframe: true, outside: true });
    });
    t.shapes.sort((a, b) => a.frame - b.frame);
  }
  return seen;
}

export async function writeCvatVideo(items: ItemSource, ontology: ExportOntology, sink: ZipSink, options: { createdAt?: number } = {}): Promise<ExportReport> {
  const report = newReport('cvatVideo');
  const categories = buildCategories(ontology);
  const namer = answerNamer(ontology.features);
  const folders = new SequenceFolders();
  for await (const item of items) {
    const folder = folders.of(item);
    report.frames += item.frames.length;
    const size = item.frames.find((f) => f.width && f.height);
    const tracks: Record<string, unknown>[] = [];
    let id = 0;
    for (const t of tracksOf(item).values()) {
      const first = t.shapes[0]?.object;
      if (!first) continue;
      const category = categories.of(first.featureId, first.labelId ?? '');
      const leftOut = leftOutBecause('cvatVideo', first, size ?? { width: null, height: null }, category !== undefined);
      const probe = leftOut === null && category ? cvatShape(first, category) : (leftOut ?? first.tool);
      if (typeof probe === 'string') {
        countSkip(report.skipped, probe);
        continue;
      }
      const shapes = t.shapes.map((s) => {
        const shape = cvatShape(s.object, category!) as Exclude<ReturnType<typeof cvatShape>, string>;
        const named = namer.object(s.object, report.skipped);
        const occluded = Object.entries(named).some(([k, v]) => k.trim().toLowerCase() === 'occluded' && isYes(v)) ? 1 : 0;
        return {
          tag: shape.tag,
          element: {
            '@_frame': s.frame,
            '@_keyframe': s.keyframe ? 1 : 0,
            '@_outside': s.outside ? 1 : 0,
            '@_occluded': occluded,
            ...shape.fields,
            '@_z_order': s.object.zIndex,
            ...shape.children,
            ...(Object.keys(named).length ? { attribute: Object.entries(named).map(([name, v]) => ({ '@_name': name, '#text': Array.isArray(v) ? v.join(', ') : String(v) })) } : {}),
          },
        };
      });
      const byTag: Record<string, unknown[]> = {};
      for (const s of shapes) (byTag[s.tag] ??= []).push(s.element);
      tracks.push({ '@_id': id++, '@_label': category!.name, '@_source': CVAT_SOURCE[first.source], ...byTag });
      report.objectsWritten++;
    }
    const meta = cvatMeta(ontology, categories.list, item.name, options.createdAt ?? Date.now(), size?.width && size.height ? { width: size.width, height: size.height } : null, { count: item.frames.length, first: item.firstFrame ?? 0 });
    await sink.add(`${folder}/annotations.xml`, `<?xml version="1.0" encoding="utf-8"?>\n<annotations>\n<version>1.1</version>\n${builder.build({ meta })}${builder.build({ track: tracks })}</annotations>\n`);
  }
  return report;
}
