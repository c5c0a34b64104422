/**
 * Reads a COCO instances JSON (ours or CVAT's) back into imported objects: bbox -> box (with
 * `rotation` taken back out of the attributes), each segmentation polygon -> polygon (the
 * polygons of one annotation grouped, so a mask feature takes them as one mask), an RLE
 * segmentation, compressed or not, crowd or not -> mask cropped to its pixels (cocoMasks.ts),
 * keypoints -> keypoints named by the category's point names.
 *
 * Tracks, as CVAT writes them: `attributes.track_id` (a number, or a number as text) makes the
 * annotation its track's shape on its image (ImportedObject.track, with `attributes.keyframe`
 * when given); both are taken out of the answers. The import builds the tracks
 * (imports/importTracks.ts). An annotation of several polygons carries its track on its first.
 * `video_id` and `frame_id` of images are not read: images are matched by file name.
 */
import { readCocoRle } from './cocoMasks';
import { COCO_PATH } from './cocoWriter';
import { QUALIFIED_NAME_SEPARATOR } from './categories';
import { badFormat, FormatError, missingFile } from './formatError';
import { finiteNumbers, isRecord, labelNamesOf, parseJson } from './readHelpers';
import type { ImportedFrame, ImportedKeypoint, ImportedObject, ImportedItem, ImportedTrack, ImportResult, ZipEntries } from './types';
import { findEntry } from './zipEntries';

const VISIBILITY_OF_V = ['absent', 'occluded', 'visible'] as const;

interface CocoCategory { name: string; featureName?: string; keypoints?: string[] }

function listField(file: string, doc: Record<string, unknown>, field: string): unknown[] {
  const v = doc[field];
  if (v === undefined && field !== 'images' && field !== 'categories') return [];
  if (!Array.isArray(v)) throw badFormat(file, `"${field}" must be a list`, { field });
  return v;
}

function readCategory(file: string, c: unknown, at: string): [number, CocoCategory] {
  if (!isRecord(c) || typeof c.id !== 'number' || typeof c.name !== 'string') throw badFormat(file, `${at} needs a numeric id and a name`, { field: at });
  const featureName = typeof c.supercategory === 'string' && c.supercategory !== '' ? c.supercategory : undefined;
  // Our writer qualifies a label name shared by two features as `feature/label`: undo it.
  const prefix = featureName === undefined ? undefined : `${featureName}${QUALIFIED_NAME_SEPARATOR}`;
  const name = prefix && c.name.startsWith(prefix) ? c.name.slice(prefix.length) : c.name;
  const keypoints = Array.isArray(c.keypoints) ? c.keypoints.map(String) : undefined;
  return [c.id, { name, ...(featureName !== undefined ? { featureName } : {}), ...(keypoints ? { keypoints } : {}) }];
}

function keypointsOf(file: string, at: string, raw: unknown, names: string[]): ImportedKeypoint[] {
  const values = finiteNumbers(file, `${at}.keypoints`, raw, names.length * 3);
  const points: ImportedKeypoint[] = [];
  names.forEach((name, i) => {
    const [x, y, v] = [values[i * 3]!, values[i * 3 + 1]!, values[i * 3 + 2]!];
    if (v !== 0 && v !== 1 && v !== 2) throw badFormat(file, `${at}.keypoints[${i * 3 + 2}] must be 0, 1 or 2`, { field: `${at}.keypoints` });
    // 0,0,0 is COCO's "not labelled": the object never had that point.
    if (v === 0 && x === 0 && y === 0) return;
    points.push({ name, x, y, visibility: VISIBILITY_OF_V[v] });
  });
  return points;
}

/** An RLE mask is in whole pixels of its `size`, which must be the image's (when the image states one). */
function maskOf(file: string, a: Record<string, unknown>, at: string, frame: ImportedFrame, warnings: string[]) {
  const { geometry, width, height } = readCocoRle(file, `${at}.segmentation`, a.segmentation);
  if ((frame.width !== null && frame.width !== width) || (frame.height !== null && frame.height !== height)) {
    throw new FormatError('import.maskSize', `${file}: ${at}.segmentation.size is ${height} x ${width}, its image ${frame.fileName} ${frame.height} x ${frame.width}`, {
      file, field: `${at}.segmentation.size`, width, height, frameWidth: frame.width, frameHeight: frame.height,
    });
  }
  frame.maskSize = { width, height, file };
  if (!geometry) warnings.push(`${file}: ${at} is a mask with no pixel set; skipped`);
  return geometry;
}

/** A track id as CVAT and we write it: a whole number, or one as text. */
function trackOf(file: string, at: string, answers: Record<string, unknown>): ImportedTrack | undefined {
  const { track_id: id, keyframe } = answers;
  delete answers.track_id;
  delete answers.keyframe;
  if (id === undefined || id === null) return undefined;
  const n = typeof id === 'string' && id.trim() !== '' ? Number(id) : id;
  if (typeof n !== 'number' || !Number.isInteger(n)) throw badFormat(file, `${at}.attributes.track_id must be a whole number`, { field: `${at}.attributes.track_id` });
  return { key: String(n), ...(keyframe !== undefined ? { keyframe: keyframe === true || keyframe === 'true' || keyframe === 1 } : {}) };
}

function objectsOf(file: string, a: Record<string, unknown>, at: string, category: CocoCategory, frame: ImportedFrame, warnings: string[]): ImportedObject[] {
  const attributes = isRecord(a.attributes) ? { ...a.attributes } : {};
  const track = trackOf(file, at, attributes);
  const objects = shapesOf(file, a, at, category, frame, warnings, attributes);
  if (track && objects[0]) objects[0].track = track;
  return objects;
}

function shapesOf(file: string, a: Record<string, unknown>, at: string, category: CocoCategory, frame: ImportedFrame, warnings: string[], attributes: Record<string, unknown>): ImportedObject[] {
  const base = { label: category.name, ...(category.featureName !== undefined ? { featureName: category.featureName } : {}) };
  if (category.keypoints && a.keypoints !== undefined) {
    return [{ ...base, attributes, tool: 'keypoints', geometry: { points: keypointsOf(file, at, a.keypoints, category.keypoints) } }];
  }
  const segmentation = a.segmentation;
  if (Array.isArray(segmentation) && segmentation.length > 0) {
    return segmentation.map((part, k) => {
      const flat = finiteNumbers(file, `${at}.segmentation[${k}]`, part);
      if (flat.length < 6 || flat.length % 2) throw badFormat(file, `${at}.segmentation[${k}] needs 3 or more x,y pairs`, { field: `${at}.segmentation` });
      const points = Array.from({ length: flat.length / 2 }, (_, i) => ({ x: flat[i * 2]!, y: flat[i * 2 + 1]! }));
      return { ...base, attributes: { ...attributes }, tool: 'polygon', geometry: { points }, ...(segmentation.length > 1 ? { group: at } : {}) } as ImportedObject;
    });
  }
  if (isRecord(segmentation)) {
    const geometry = maskOf(file, a, at, frame, warnings);
    return geometry ? [{ ...base, attributes, tool: 'mask', geometry }] : [];
  }
  const [x, y, width, height] = finiteNumbers(file, `${at}.bbox`, a.bbox, 4) as [number, number, number, number];
  const { rotation, ...rest } = attributes;
  const geometry = typeof rotation === 'number' ? { x, y, width, height, rotation } : { x, y, width, height };
  return [{ ...base, attributes: typeof rotation === 'number' ? rest : attributes, tool: 'box', geometry }];
}

export function readCoco(entries: ZipEntries, path = COCO_PATH): ImportResult {
  const entry = findEntry(entries, path);
  if (!entry) throw missingFile(path);
  const file = entry.path;
  const doc = parseJson(file, entry.data);
  if (!isRecord(doc)) throw badFormat(file, 'the document must be a JSON object');
  const categories = new Map(listField(file, doc, 'categories').map((c, i) => readCategory(file, c, `categories[${i}]`)));
  const items: ImportedItem[] = [];
  const frameOfImage = new Map<number, ImportedFrame>();
  listField(file, doc, 'images').forEach((img, i) => {
    if (!isRecord(img) || typeof img.id !== 'number' || typeof img.file_name !== 'string') {
      throw badFormat(file, `images[${i}] needs a numeric id and a file_name`, { field: `images[${i}]` });
    }
    const size = (v: unknown) => (typeof v === 'number' && v > 0 ? v : null);
    const frame: ImportedFrame = { fileName: img.file_name, width: size(img.width), height: size(img.height), objects: [], ...(isRecord(img.attributes) ? { attributes: { ...img.attributes } } : {}) };
    frameOfImage.set(img.id, frame);
    items.push({ name: img.file_name, frames: [frame] });
  });
  const warnings: string[] = [];
  listField(file, doc, 'annotations').forEach((a, i) => {
    const at = `annotations[${i}]`;
    if (!isRecord(a)) throw badFormat(file, `${at} must be an object`, { field: at });
    const frame = frameOfImage.get(a.image_id as number);
    if (!frame) throw badFormat(file, `${at}.image_id ${String(a.image_id)} is not in images`, { field: `${at}.image_id` });
    const category = categories.get(a.category_id as number);
    if (!category) throw badFormat(file, `${at}.category_id ${String(a.category_id)} is not in categories`, { field: `${at}.category_id` });
    frame.objects.push(...objectsOf(file, a, at, category, frame, warnings));
  });
  return { items, labelNames: labelNamesOf(items), warnings };
}
