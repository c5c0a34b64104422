/**
 * Reads Datumaro's own JSON (`annotations/<subset>.json`, dm_format_version 1.x or the older
 * files without one; ours included): every subset's items are frames, named by `image.path`
 * (else `media.path`, else the item's id, matched by stem), sized by `image.size` ([h, w]).
 *
 * Annotations, labelled by `label_id` into `categories.label.labels`: `bbox` a box (a `rotation`
 * attribute becomes its rotation), `polygon` and `polyline` (flat x, y lists), `points` a
 * keypoint object when the label has point names (`categories.points`; visibility 0 absent, 1
 * occluded, 2 visible), else a point object per point, `mask` (COCO's RLE over the picture; it
 * must be the picture's size, else `import.maskSize`), `label` a frame classification by name.
 * `attributes` are answers by name, `z_order` the drawing order; the item's `attr` its frame
 * answers. Left out with a warning: an annotation without a label (`label_id` null), captions,
 * ellipses, 3D cuboids and other types. Refused with the place: a label id the categories do not
 * have, point names and points that disagree, a dm_format_version other than 1.x.
 */
import { readCocoRle } from './cocoMasks';
import { badFormat, FormatError } from './formatError';
import { finiteNumbers, isRecord, labelNamesOf, parseJson } from './readHelpers';
import type { ImportedFrame, ImportedItem, ImportedObject, ImportResult, ZipEntries } from './types';

/** annotations/<subset>.json, at any depth. */
export const DATUMARO_FILE = /(^|\/)annotations\/[^/]+\.json$/;
const VISIBILITY = ['absent', 'occluded', 'visible'] as const;

interface Categories {
  labels: string[];
  points: Map<number, string[]>;
}

function categoriesOf(file: string, doc: Record<string, unknown>): Categories {
  const c = isRecord(doc.categories) ? doc.categories : {};
  const labelBlock = isRecord(c.label) ? c.label : {};
  const list = Array.isArray(labelBlock.labels) ? labelBlock.labels : [];
  const labels = list.map((l, i) => {
    if (!isRecord(l) || typeof l.name !== 'string') throw badFormat(file, `categories.label.labels[${i}] needs a name`, { field: `categories.label.labels[${i}]` });
    return l.name;
  });
  const points = new Map<number, string[]>();
  const items = isRecord(c.points) && Array.isArray(c.points.items) ? c.points.items : [];
  for (const p of items) if (isRecord(p) && Number.isInteger(p.label_id) && Array.isArray(p.labels)) points.set(p.label_id as number, p.labels.map(String));
  return { labels, points };
}

function pathOf(item: Record<string, unknown>): string | undefined {
  const from = (v: unknown) => (isRecord(v) && typeof v.path === 'string' && v.path !== '' ? v.path : undefined);
  const raw = from(item.image) ?? from(item.media) ?? (typeof item.id === 'string' || typeof item.id === 'number' ? String(item.id) : undefined);
  // A path Datumaro wrote relative to somewhere else (`../images/train/a.jpg`) is matched by what follows.
  return raw?.replace(/\\/g, '/').replace(/^(\.\.?\/)+/, '');
}

function shapeOf(file: string, at: string, a: Record<string, unknown>, label: string, cats: Categories, frame: ImportedFrame): ImportedObject[] {
  const attributes = isRecord(a.attributes) ? { ...a.attributes } : {};
  const base = { label, attributes };
  const pairs = (key: string, least: number) => {
    const flat = finiteNumbers(file, `${at}.${key}`, a[key]);
    if (flat.length % 2 || flat.length / 2 < least) throw badFormat(file, `${at}.${key} needs ${least} or more x, y pairs`, { field: `${at}.${key}` });
    return Array.from({ length: flat.length / 2 }, (_, i) => ({ x: flat[i * 2]!, y: flat[i * 2 + 1]! }));
  };
  switch (a.type) {
    case 'bbox': {
      const [x, y, width, height] = finiteNumbers(file, `${at}.bbox`, a.bbox, 4) as [number, number, number, number];
      const { rotation, ...rest } = attributes;
      return [{ ...base, attributes: typeof rotation === 'number' ? rest : attributes, tool: 'box', geometry: { x, y, width, height, ...(typeof rotation === 'number' && rotation !== 0 ? { rotation } : {}) } }];
    }
    case 'polygon':
      return [{ ...base, tool: 'polygon', geometry: { points: pairs('points', 3) } }];
    case 'polyline':
      return [{ ...base, tool: 'polyline', geometry: { points: pairs('points', 2) } }];
    case 'points': {
      const points = pairs('points', 1);
      const names = cats.points.get(a.label_id as number);
      const visibility = Array.isArray(a.visibility) ? a.visibility : [];
      if (!names) return points.map((p) => ({ ...base, attributes: { ...attributes }, tool: 'point', geometry: p }) as ImportedObject);
      if (names.length !== points.length) throw badFormat(file, `${at} has ${points.length} points, its label's skeleton ${names.length}`, { field: `${at}.points` });
      const kept = points.flatMap((p, i) => {
        const v = visibility[i] ?? 2;
        if (v !== 0 && v !== 1 && v !== 2) throw badFormat(file, `${at}.visibility[${i}] must be 0, 1 or 2`, { field: `${at}.visibility` });
        // An absent point at 0,0 is one the object never had.
        return v === 0 && p.x === 0 && p.y === 0 ? [] : [{ name: names[i]!, x: p.x, y: p.y, visibility: VISIBILITY[v as 0 | 1 | 2] }];
      });
      return [{ ...base, tool: 'keypoints', geometry: { points: kept } }];
    }
    case 'mask': {
      const { geometry, width, height } = readCocoRle(file, `${at}.rle`, a.rle);
      if ((frame.width !== null && frame.width !== width) || (frame.height !== null && frame.height !== height)) {
        throw new FormatError('import.maskSize', `${file}: ${at}.rle.size is ${height} x ${width}, its image ${frame.fileName} ${frame.height} x ${frame.width}`, {
          file, field: `${at}.rle.size`, width, height, frameWidth: frame.width, frameHeight: frame.height,
        });
      }
      frame.maskSize = { width, height, file };
      return geometry ? [{ ...base, tool: 'mask', geometry }] : [];
    }
    default:
      return [];
  }
}

function readItem(file: string, item: unknown, i: number, cats: Categories, warnings: string[]): ImportedItem {
  const at = `items[${i}]`;
  if (!isRecord(item)) throw badFormat(file, `${at} must be an object`, { field: at });
  const fileName = pathOf(item);
  if (!fileName) throw badFormat(file, `${at} names no picture (image.path or id)`, { field: `${at}.image` });
  const size = isRecord(item.image) && Array.isArray(item.image.size) && item.image.size.length === 2 ? (item.image.size as unknown[]) : [];
  const dim = (v: unknown) => (typeof v === 'number' && v > 0 ? v : null);
  const frame: ImportedFrame = { fileName, width: dim(size[1]), height: dim(size[0]), objects: [] };
  const annotations = Array.isArray(item.annotations) ? item.annotations : [];
  const drawn: { z: number; order: number; objects: ImportedObject[] }[] = [];
  annotations.forEach((a, k) => {
    const where = `${at}.annotations[${k}]`;
    if (!isRecord(a)) throw badFormat(file, `${where} must be an object`, { field: where });
    const known = ['bbox', 'polygon', 'polyline', 'points', 'mask', 'label'].includes(a.type as string);
    if (!known) {
      warnings.push(`${file}: ${where} is a ${String(a.type)}; not read`);
      return;
    }
    if (a.label_id === null || a.label_id === undefined) {
      warnings.push(`${file}: ${where} has no label; left out`);
      return;
    }
    const label = Number.isInteger(a.label_id) ? cats.labels[a.label_id as number] : undefined;
    if (label === undefined) throw badFormat(file, `${where}.label_id ${String(a.label_id)} is not in categories.label (${cats.labels.length} labels)`, { field: `${where}.label_id` });
    if (a.type === 'label') {
      (frame.tags ??= []).push({ label, attributes: isRecord(a.attributes) ? { ...a.attributes } : {} });
      return;
    }
    const z = typeof a.z_order === 'number' ? a.z_order : 0;
    drawn.push({ z, order: drawn.length, objects: shapeOf(file, where, a, label, cats, frame) });
  });
  frame.objects = drawn.sort((a, b) => a.z - b.z || a.order - b.order).flatMap((d) => d.objects);
  if (isRecord(item.attr)) {
    const answers = Object.fromEntries(Object.entries(item.attr).filter(([k]) => k !== 'frame'));
    if (Object.keys(answers).length) frame.attributes = answers;
  }
  return { name: fileName, frames: [frame] };
}

export function readDatumaro(entries: ZipEntries): ImportResult {
  const items: ImportedItem[] = [];
  const warnings: string[] = [];
  let files = 0;
  for (const [file, data] of entries) {
    if (!DATUMARO_FILE.test(file)) continue;
    const doc = parseJson(file, data);
    if (!isRecord(doc) || !Array.isArray(doc.items)) throw badFormat(file, 'is not a Datumaro dataset (no "items" list)', { field: 'items' });
    const version = doc.dm_format_version;
    if (version !== undefined && !/^1(\.\d+)?$/.test(String(version))) {
      throw new FormatError('import.unsupportedVersion', `${file}: Datumaro format version ${String(version)}; 1.x is read`, { file, field: 'dm_format_version', version: String(version), supported: '1.0' });
    }
    files++;
    const cats = categoriesOf(file, doc);
    doc.items.forEach((item, i) => items.push(readItem(file, item, i, cats, warnings)));
  }
  if (files === 0) throw new FormatError('import.missingFile', 'annotations/*.json is missing from the zip', { file: 'annotations/*.json' });
  return { items, labelNames: labelNamesOf(items), warnings };
}
