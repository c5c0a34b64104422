/**
 * COCO instances JSON, as CVAT writes it (annotations/instances_default.json).
 *
 * The document is one JSON object, but its `images` and `annotations` arrays grow with the
 * project, so it is written as text chunks: images go straight to the sink as items arrive,
 * annotations go to a temporary file meanwhile and are copied after the images. One pass over
 * the items, memory flat.
 *
 * Kept: boxes (bbox as stored, unrotated, with `rotation` in attributes as CVAT does), polygons
 * (segmentation + extent bbox + shoelace area), keypoints (COCO v = 2 visible, 1 occluded,
 * 0 absent) and masks (run-length over the image or polygons, the plan's choice: cocoMasks.ts).
 * COCO has no type for polylines, points or cuboids: they are skipped and counted.
 *
 * `iscrowd` is 0, masks included: detectron2 drops iscrowd 1 annotations from training and
 * mmdetection marks them "ignore", so a mask written as a crowd would teach nothing. It is 1
 * only where the object says so, by an attribute named `is_crowd` or `iscrowd` answered yes
 * (CVAT's convention), as COCO means it: a region of many objects.
 *
 * Attributes are written by name, as CVAT writes them (attributeKeys.ts): an object's answers in
 * its annotation's `attributes`, a frame's classification answers in its image's `attributes`.
 *
 * Tracks, as CVAT writes them: a track's object on a frame carries `attributes.track_id` (a whole
 * number per track, stable within the export) and `attributes.keyframe` (true where the track
 * has a stored keyframe, false where it is carried between keyframes). The images of a sequence
 * say where they belong as COCO-VID readers (mmtracking's CocoVID) expect: `video_id` (an entry
 * of the top-level `videos`, one per item) and `frame_id` (the frame's index in its item, from 0).
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CocoMaskForm } from '../../../src-shared/api/export';
import type { AnnotationObject } from '../../../src-shared/model/annotation';
import { answerNamer, type NamedAnswers } from './attributeKeys';
import { cocoMaskFields } from './cocoMasks';
import { buildCategories, type Category } from './categories';
import { countSkip, extentOf, newReport, polygonArea, warn } from './geometry';
import { FORMAT_TOOLS } from './keptObjects';
import { TrackNumbers } from './trackNumbers';
import type { ExportFrame, ExportOntology, ExportReport, ItemSource, ZipSink } from './types';
import { isYes } from './yesAnswer';
import { TEMP_FOLDER_PREFIXES } from '../../staleTempFolders';

export const COCO_PATH = 'annotations/instances_default.json';
export const COCO_VISIBILITY = { visible: 2, occluded: 1, absent: 0 } as const;
const COCO_TOOLS: ReadonlySet<AnnotationObject['tool']> = new Set(FORMAT_TOOLS.coco);

export interface CocoOptions {
  /** where the annotations wait while the images are written (default: the OS temp folder) */
  tempDir?: string;
  /** when the export was made, ms since the epoch (default: now): COCO's info.year and date_created */
  createdAt?: number;
  /** how masks are written (default: run-length) */
  masks?: CocoMaskForm;
}

/** What an annotation needs of its image beyond the object: the size (RLE masks cover it) and the masks' form. */
export interface CocoImageContext {
  picture: { width: number; height: number } | null;
  masks: CocoMaskForm;
}

/** COCO's crowd flag, from an attribute of that name answered yes (CVAT's `is_crowd`). */
export const cocoCrowd = (named: NamedAnswers): 0 | 1 => (Object.entries(named).some(([k, v]) => ['is_crowd', 'iscrowd'].includes(k.trim().toLowerCase()) && isYes(v)) ? 1 : 0);

/** COCO's info block as its readers expect it: `year` a number, `date_created` a date (pycocotools and CVAT read both). */
function cocoInfo(createdAt: number) {
  const at = new Date(createdAt);
  return { contributor: '', date_created: at.toISOString(), description: 'Exported by Annotation Workstation', url: '', version: '1.0', year: at.getUTCFullYear() };
}

export async function writeCoco(items: ItemSource, ontology: ExportOntology, sink: ZipSink, options: CocoOptions = {}): Promise<ExportReport> {
  const report = newReport('coco');
  await sink.add(COCO_PATH, cocoChunks(items, ontology, report, options));
  return report;
}

function cocoCategory(c: Category): Record<string, unknown> {
  return {
    id: c.id,
    name: c.name,
    supercategory: c.featureName,
    ...(c.keypoints ? { keypoints: c.keypoints.names, skeleton: c.keypoints.edges.map(([a, b]) => [a + 1, b + 1]) } : {}),
  };
}

/** The COCO annotation of one object, its answers already named, or the reason it has none. */
export function cocoAnnotation(o: AnnotationObject, category: Category, named: NamedAnswers, image: CocoImageContext = { picture: null, masks: 'polygon' }): Record<string, unknown> | string {
  const attributes: Record<string, unknown> = { ...named };
  switch (o.tool) {
    case 'mask': {
      if (!image.picture && image.masks === 'rle') return 'unknownSize';
      const fields = cocoMaskFields(o.geometry, image.masks, image.picture);
      return fields ? { ...fields, attributes } : 'outsideFrame';
    }
    case 'box': {
      const { x, y, width, height, rotation } = o.geometry;
      if (rotation !== undefined) attributes.rotation = rotation;
      return { segmentation: [], area: width * height, bbox: [x, y, width, height], attributes };
    }
    case 'polygon': {
      const e = extentOf(o.geometry.points);
      return {
        segmentation: [o.geometry.points.flatMap((p) => [p.x, p.y])],
        area: polygonArea(o.geometry.points),
        bbox: [e.x, e.y, e.width, e.height],
        attributes,
      };
    }
    case 'keypoints': {
      const ids = category.keypoints?.ids ?? [];
      const byId = new Map(o.geometry.points.map((p) => [p.pointId, p]));
      // COCO writes every skeleton point in order; one the object lacks is "not labelled": 0,0,0.
      const keypoints = ids.flatMap((id) => {
        const p = byId.get(id);
        return p ? [p.x, p.y, COCO_VISIBILITY[p.visibility]] : [0, 0, 0];
      });
      const labelled = o.geometry.points.filter((p) => p.visibility !== 'absent' && ids.includes(p.pointId));
      const e = labelled.length ? extentOf(labelled) : { x: 0, y: 0, width: 0, height: 0 };
      return { segmentation: [], area: e.width * e.height, bbox: [e.x, e.y, e.width, e.height], keypoints, num_keypoints: labelled.length, attributes };
    }
    default:
      return o.tool;
  }
}

/** A track's object: its track's number and whether the track has a stored keyframe on this frame (CVAT's attributes). */
function trackFields(frame: ExportFrame, o: AnnotationObject, dataId: number, numbers: TrackNumbers): Record<string, unknown> {
  const keyframe = frame.tracks?.get(o.id);
  return keyframe === undefined ? {} : { track_id: numbers.of(dataId, o.id), keyframe };
}

async function* cocoChunks(items: ItemSource, ontology: ExportOntology, report: ExportReport, options: CocoOptions): AsyncGenerator<string> {
  const categories = buildCategories(ontology);
  const namer = answerNamer(ontology.features);
  const numbers = new TrackNumbers();
  yield `{"licenses":[{"name":"","id":0,"url":""}],"info":${JSON.stringify(cocoInfo(options.createdAt ?? Date.now()))},`;
  yield `"categories":${JSON.stringify(categories.list.map(cocoCategory))},"images":[`;
  const dir = await mkdtemp(join(options.tempDir ?? tmpdir(), TEMP_FOLDER_PREFIXES.cocoExport));
  const annotationsPath = join(dir, 'annotations.json-fragment');
  // The sequences, one entry each, written after the annotations (the items arrive with their images).
  const videosPath = join(dir, 'videos.json-fragment');
  try {
    const annotations = await open(annotationsPath, 'w');
    const videos = await open(videosPath, 'w');
    let imageId = 0;
    let annotationId = 0;
    let videoId = 0;
    let pending = '';
    try {
      for await (const item of items) {
        const video = item.recordType === 'image' ? null : ++videoId;
        if (video !== null) await videos.write(`${video > 1 ? ',' : ''}${JSON.stringify({ id: video, name: item.name })}`);
        for (const frame of item.frames) {
          imageId++;
          report.frames++;
          if (frame.width === null || frame.height === null) warn(report, { code: 'sizeUnknown', file: frame.fileName, outcome: 'writtenAsNull' });
          const attributes = namer.frame(frame.data.classifications, report.skipped);
          const context: CocoImageContext = { picture: frame.width && frame.height ? { width: frame.width, height: frame.height } : null, masks: options.masks ?? 'rle' };
          const image = {
            id: imageId, width: frame.width, height: frame.height, file_name: frame.fileName, license: 0, flickr_url: '', coco_url: '', date_captured: 0, attributes,
            ...(video !== null ? { video_id: video, frame_id: frame.index } : {}),
          };
          yield `${imageId > 1 ? ',' : ''}${JSON.stringify(image)}`;
          let text = pending;
          for (const o of frame.data.objects) {
            const category = categories.of(o.featureId, o.labelId);
            if (!category) {
              countSkip(report.skipped, 'unknownLabel');
              continue;
            }
            // Answers are named only for objects COCO keeps, so a skipped polyline's answers are not counted twice.
            const named = COCO_TOOLS.has(o.tool) ? namer.object(o, report.skipped) : null;
            const body = named ? cocoAnnotation(o, category, named, context) : o.tool;
            if (typeof body === 'string') {
              countSkip(report.skipped, body);
              continue;
            }
            annotationId++;
            report.objectsWritten++;
            const track = trackFields(frame, o, item.dataId, numbers);
            const fields = { id: annotationId, image_id: imageId, category_id: category.id, iscrowd: cocoCrowd(named!), ...body, attributes: { ...(body.attributes as NamedAnswers), ...track } };
            text += `${annotationId > 1 ? ',' : ''}${JSON.stringify(fields)}`;
          }
          // One write per ~256 KB instead of one per image: a syscall per image dominates otherwise.
          pending = text;
          if (pending.length >= 256 * 1024) {
            await annotations.write(pending);
            pending = '';
          }
        }
      }
      if (pending) await annotations.write(pending);
    } finally {
      await annotations.close();
      await videos.close();
    }
    yield '],"annotations":[';
    for await (const chunk of createReadStream(annotationsPath, { encoding: 'utf8' })) yield chunk as string;
    if (videoId > 0) {
      yield '],"videos":[';
      for await (const chunk of createReadStream(videosPath, { encoding: 'utf8' })) yield chunk as string;
    }
    yield ']}';
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
