/**
 * Reads CVAT for images 1.1 (`annotations.xml`, as CVAT and Datumaro write it, ours included)
 * into imported objects: `<box>` (with `rotation`), `<polygon>`, `<polyline>`, `<points>` (each
 * point its own point object), `<mask>` (cvatMasks.ts), `<skeleton>` (keypoints named by their
 * `<points label>`; `outside` is absent, `occluded` occluded; an outside point at exactly 0,0 is
 * one the object never had), and `<tag>`s (a frame's classifications, by label name). Objects
 * keep their `z_order` as drawing order. `occluded="1"` becomes an `occluded: true` answer where
 * the object has no attribute of that name. `<attribute name>` children are answers by name.
 *
 * An object with no label is left out with a warning (Datumaro writes `label=""` for an
 * unlabelled one). CVAT for video (`<track>`s over numbered frames) is refused with what to do
 * instead, and a `<version>` that is not 1.x as unsupported.
 */
import { XMLParser } from 'fast-xml-parser';
import type { ImportedFrame, ImportedItem, ImportedKeypoint, ImportedObject, ImportedTag, ImportResult, ZipEntries } from './types';
import { CVAT_PATH } from './cvatWriter';
import { maskOfCvat } from './cvatMasks';
import { badFormat, FormatError, missingFile } from './formatError';
import { isRecord, labelNamesOf } from './readHelpers';
import { findEntry } from './zipEntries';

export const SHAPES = ['box', 'polygon', 'polyline', 'points', 'mask', 'skeleton', 'cuboid'] as const;
const LISTS = new Set(['image', 'track', 'tag', 'attribute', ...SHAPES]);
// Values stay text (a label named "007" is not 7); every repeatable element is a list even when alone.
// Attributes go under `@_`: a <skeleton points=""> has <points> children too.
const cvatParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false, parseAttributeValue: false, isArray: (name, _path, _leaf, isAttribute) => !isAttribute && LISTS.has(name) });

export type Element = Record<string, unknown>;

/** An XML attribute's value. */
export const attr = (el: Element, name: string): unknown => el[`@_${name}`];

export const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export function numberOf(file: string, field: string, el: Element, key: string): number {
  const raw = text(attr(el, key));
  const v = Number(raw);
  if (raw === undefined || raw.trim() === '' || !Number.isFinite(v)) throw badFormat(file, `${field} needs a number in "${key}"`, { field: `${field}.${key}` });
  return v;
}

function pointsOf(file: string, field: string, el: Element, least: number): { x: number; y: number }[] {
  const raw = text(attr(el, 'points')) ?? '';
  const points = raw
    .split(';')
    .filter((p) => p.trim() !== '')
    .map((pair) => {
      const [x, y, ...rest] = pair.split(',').map((v) => Number(v.trim()));
      if (rest.length || !Number.isFinite(x) || !Number.isFinite(y)) throw badFormat(file, `${field}.points must be "x,y;x,y;…"`, { field: `${field}.points` });
      return { x: x!, y: y! };
    });
  if (points.length < least) throw badFormat(file, `${field} needs ${least} or more points`, { field: `${field}.points` });
  return points;
}

/** `<attribute name="…">value</attribute>` children as name: text. */
function answersOf(el: Element): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const a of (el.attribute as unknown[] | undefined) ?? []) {
    const name = isRecord(a) ? text(attr(a, 'name')) : undefined;
    if (isRecord(a) && name) out[name] = text(a['#text']) ?? '';
  }
  return out;
}

function keypointsOf(file: string, field: string, el: Element): ImportedKeypoint[] {
  const out: ImportedKeypoint[] = [];
  ((el.points as unknown[] | undefined) ?? []).forEach((p, i) => {
    const at = `${field}.points[${i}]`;
    const label = isRecord(p) ? text(attr(p, 'label')) : undefined;
    if (!isRecord(p) || !label) throw badFormat(file, `${at} needs the skeleton point's label`, { field: `${at}.label` });
    const [xy] = pointsOf(file, at, p, 1);
    const outside = attr(p, 'outside') === '1';
    // CVAT writes every point of the skeleton; one outside at exactly 0,0 is one the object never had.
    if (outside && xy!.x === 0 && xy!.y === 0) return;
    out.push({ name: label, x: xy!.x, y: xy!.y, visibility: outside ? 'absent' : attr(p, 'occluded') === '1' ? 'occluded' : 'visible' });
  });
  return out;
}

/** The objects of one shape element (points: one per point), or none with a warning; a track's shapes take the track's label. */
export function objectsOf(file: string, kind: (typeof SHAPES)[number], el: Element, field: string, frame: ImportedFrame, warnings: string[], trackLabel?: string): ImportedObject[] {
  const label = (text(attr(el, 'label')) ?? trackLabel)?.trim();
  if (!label) {
    warnings.push(`${file}: ${field} has no label; left out`);
    return [];
  }
  const attributes = answersOf(el);
  if (attr(el, 'occluded') === '1' && !Object.keys(attributes).some((k) => k.trim().toLowerCase() === 'occluded')) attributes.occluded = true;
  const base = { label, attributes };
  switch (kind) {
    case 'box': {
      const [xtl, ytl, xbr, ybr] = ['xtl', 'ytl', 'xbr', 'ybr'].map((k) => numberOf(file, field, el, k)) as [number, number, number, number];
      if (xbr < xtl || ybr < ytl) throw badFormat(file, `${field} has its bottom-right before its top-left`, { field });
      const rotation = attr(el, 'rotation') === undefined ? 0 : numberOf(file, field, el, 'rotation');
      return [{ ...base, tool: 'box', geometry: { x: xtl, y: ytl, width: xbr - xtl, height: ybr - ytl, ...(rotation ? { rotation } : {}) } }];
    }
    case 'polygon':
      return [{ ...base, tool: 'polygon', geometry: { points: pointsOf(file, field, el, 3) } }];
    case 'polyline':
      return [{ ...base, tool: 'polyline', geometry: { points: pointsOf(file, field, el, 2) } }];
    case 'points':
      return pointsOf(file, field, el, 1).map((p) => ({ ...base, attributes: { ...attributes }, tool: 'point', geometry: p }) as ImportedObject);
    case 'mask': {
      const fields = { rle: text(attr(el, 'rle')) ?? '', left: numberOf(file, field, el, 'left'), top: numberOf(file, field, el, 'top'), width: numberOf(file, field, el, 'width'), height: numberOf(file, field, el, 'height') };
      const geometry = maskOfCvat(file, field, fields);
      // A mask is in the image's whole pixels: the frame it goes to must be that size.
      if (frame.width !== null && frame.height !== null) frame.maskSize = { width: frame.width, height: frame.height, file };
      if (!geometry) {
        warnings.push(`${file}: ${field} is a mask with no pixel set; left out`);
        return [];
      }
      return [{ ...base, tool: 'mask', geometry }];
    }
    case 'skeleton':
      return [{ ...base, tool: 'keypoints', geometry: { points: keypointsOf(file, field, el) } }];
    case 'cuboid':
      warnings.push(`${file}: ${field} is a cuboid; CVAT's cuboids (a box in two faces) are not read`);
      return [];
  }
}

function tagsOf(el: Element, file: string, field: string, warnings: string[]): ImportedTag[] {
  const out: ImportedTag[] = [];
  ((el.tag as unknown[] | undefined) ?? []).forEach((t, i) => {
    const label = isRecord(t) ? text(attr(t, 'label'))?.trim() : undefined;
    if (!isRecord(t) || !label) {
      warnings.push(`${file}: ${field}.tag[${i}] has no label; left out`);
      return;
    }
    out.push({ label, attributes: answersOf(t) });
  });
  return out;
}

function readImage(file: string, el: unknown, i: number, warnings: string[]): ImportedItem {
  const field = `image[${i}]`;
  const name = isRecord(el) ? text(attr(el, 'name')) : undefined;
  if (!isRecord(el) || !name) throw badFormat(file, `${field} needs a name`, { field: `${field}.name` });
  const size = (v: unknown) => (Number(v) > 0 ? Number(v) : null);
  const frame: ImportedFrame = { fileName: name, width: size(attr(el, 'width')), height: size(attr(el, 'height')), objects: [] };
  const drawn: { z: number; order: number; objects: ImportedObject[] }[] = [];
  for (const kind of SHAPES) {
    ((el[kind] as unknown[] | undefined) ?? []).forEach((shape, k) => {
      const at = `${field}.${kind}[${k}]`;
      if (!isRecord(shape)) throw badFormat(file, `${at} must be an element`, { field: at });
      const z = attr(shape, 'z_order') === undefined ? 0 : numberOf(file, at, shape, 'z_order');
      drawn.push({ z, order: drawn.length, objects: objectsOf(file, kind, shape, at, frame, warnings) });
    });
  }
  // CVAT draws a higher z_order on top; the file's order within one z_order.
  frame.objects = drawn.sort((a, b) => a.z - b.z || a.order - b.order).flatMap((d) => d.objects);
  const tags = tagsOf(el, file, field, warnings);
  if (tags.length) frame.tags = tags;
  return { name, frames: [frame] };
}

/** A CVAT XML's `<annotations>`, parsed, its `<version>` 1.x (CVAT for images and for video alike). */
export function cvatRoot(file: string, data: Buffer): Element {
  let doc: unknown;
  try {
    doc = cvatParser.parse(data.toString('utf8'), true);
  } catch (err) {
    throw badFormat(file, `not valid XML (${(err as Error).message})`);
  }
  if (!isRecord(doc) || !isRecord(doc.annotations)) throw badFormat(file, 'has no <annotations> root', { field: 'annotations' });
  const root = doc.annotations;
  const version = text(root.version)?.trim();
  if (version !== undefined && !/^1\.\d+$/.test(version)) {
    throw new FormatError('import.unsupportedVersion', `${file}: CVAT XML version ${version}; version 1.x is read`, { file, field: 'version', version, supported: '1.1' });
  }
  return root;
}

export function readCvat(entries: ZipEntries): ImportResult {
  const entry = findEntry(entries, CVAT_PATH);
  if (!entry) throw missingFile(CVAT_PATH);
  const file = entry.path;
  const root = cvatRoot(file, entry.data);
  if (Array.isArray(root.track) && root.track.length > 0) {
    throw badFormat(file, 'is CVAT for video (tracks over numbered frames); export the task from CVAT as "CVAT for images 1.1", or as MOT 1.1 for its tracks', { field: 'track' });
  }
  const warnings: string[] = [];
  const items = ((root.image as unknown[] | undefined) ?? []).map((el, i) => readImage(file, el, i, warnings));
  return { items, labelNames: labelNamesOf(items), warnings };
}
