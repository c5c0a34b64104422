/**
 * Reads LabelMe JSON (wkentaro/labelme 3.x to 5.x; ours included): every `*.json` of the zip
 * holding a `shapes` list is one frame, named by its `imagePath` beside the JSON (`../img/a.jpg`
 * from `ann/a.json` is `img/a.jpg`), sized by `imageWidth` / `imageHeight`.
 *
 * Shapes: `rectangle` (two corners, either order) a box, `polygon` a polygon, `linestrip` and
 * `line` a polyline, `point` a point (`points` one point object each), `circle` (centre and a
 * point on it) a polygon of 64 points with a warning, `mask` (its box's inclusive corners and a
 * base64 PNG of that box, set where not 0) a mask. Answers: the shape's `attributes` (ours) and
 * its `flags` (LabelMe's checkboxes, as yes or no) by name; a frame's answers by name from the
 * document's `attributes` (ours), else its `flags` set true as its classification labels (as
 * CVAT's tags).
 * `group_id` and `description` are not read.
 *
 * A JSON without `shapes` is not a LabelMe file: left out with a warning (a zip's other JSON);
 * none at all is `import.missingFile`. A shape without a label is left out with a warning.
 */
import path from 'node:path';
import { geometryOfRegion } from '../../../src-shared/mask/region';
import { badFormat, FormatError } from './formatError';
import { decodePng } from './pngCodec';
import { finiteNumbers, isRecord, labelNamesOf, parseJson } from './readHelpers';
import type { ImportedFrame, ImportedItem, ImportedObject, ImportResult, ZipEntries } from './types';

/** The sides of the polygon a circle becomes. */
export const CIRCLE_SIDES = 64;

type Point = { x: number; y: number };

function pointsOf(file: string, field: string, raw: unknown, least: number, most = Infinity): Point[] {
  if (!Array.isArray(raw)) throw badFormat(file, `${field} must be a list of [x, y]`, { field });
  const points = raw.map((p, i) => {
    const [x, y] = finiteNumbers(file, `${field}[${i}]`, p, 2) as [number, number];
    return { x, y };
  });
  if (points.length < least || points.length > most) throw badFormat(file, `${field} needs ${least === most ? least : `${least} or more`} points, has ${points.length}`, { field });
  return points;
}

/** LabelMe's checkboxes as answers, and our own answers by name. */
function answersOf(shape: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (isRecord(shape.flags)) for (const [k, v] of Object.entries(shape.flags)) if (typeof v === 'boolean') out[k] = v;
  if (isRecord(shape.attributes)) Object.assign(out, shape.attributes);
  return out;
}

async function maskOf(file: string, field: string, shape: Record<string, unknown>): Promise<ImportedObject['geometry'] | null> {
  const [a, b] = pointsOf(file, `${field}.points`, shape.points, 2, 2) as [Point, Point];
  const left = Math.round(Math.min(a.x, b.x));
  const top = Math.round(Math.min(a.y, b.y));
  const width = Math.round(Math.max(a.x, b.x)) - left + 1;
  const height = Math.round(Math.max(a.y, b.y)) - top + 1;
  if (typeof shape.mask !== 'string' || shape.mask === '') throw badFormat(file, `${field}.mask must be a base64 PNG`, { field: `${field}.mask` });
  const png = await decodePng(`${file} ${field}.mask`, Buffer.from(shape.mask, 'base64'));
  if (png.width !== width || png.height !== height) {
    throw new FormatError('import.maskSize', `${file}: ${field}.mask is ${png.width} x ${png.height}, its corners say ${width} x ${height}`, { file, field: `${field}.mask`, width: png.width, height: png.height, frameWidth: width, frameHeight: height });
  }
  const bits = new Uint8Array(width * height);
  for (let i = 0; i < bits.length; i++) bits[i] = png.values[i] ? 1 : 0;
  return geometryOfRegion({ x: left, y: top, width, height, bits });
}

/** A circle as LabelMe keeps it (centre, a point on it) as a polygon. */
function circlePolygon(centre: Point, on: Point): Point[] {
  const r = Math.hypot(on.x - centre.x, on.y - centre.y);
  return Array.from({ length: CIRCLE_SIDES }, (_, i) => {
    const t = (2 * Math.PI * i) / CIRCLE_SIDES;
    return { x: centre.x + r * Math.cos(t), y: centre.y + r * Math.sin(t) };
  });
}

async function objectsOf(file: string, shape: unknown, i: number, frame: ImportedFrame, warnings: string[]): Promise<ImportedObject[]> {
  const field = `shapes[${i}]`;
  if (!isRecord(shape)) throw badFormat(file, `${field} must be an object`, { field });
  const label = typeof shape.label === 'string' ? shape.label.trim() : '';
  if (!label) {
    warnings.push(`${file}: ${field} has no label; left out`);
    return [];
  }
  const base = { label, attributes: answersOf(shape) };
  const type = typeof shape.shape_type === 'string' ? shape.shape_type : 'polygon';
  const at = `${field}.points`;
  switch (type) {
    case 'rectangle': {
      const [a, b] = pointsOf(file, at, shape.points, 2, 2) as [Point, Point];
      return [{ ...base, tool: 'box', geometry: { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(b.x - a.x), height: Math.abs(b.y - a.y) } }];
    }
    case 'polygon':
      return [{ ...base, tool: 'polygon', geometry: { points: pointsOf(file, at, shape.points, 3) } }];
    case 'linestrip':
    case 'line':
      return [{ ...base, tool: 'polyline', geometry: { points: pointsOf(file, at, shape.points, 2) } }];
    case 'point':
    case 'points':
      return pointsOf(file, at, shape.points, 1).map((p) => ({ ...base, attributes: { ...base.attributes }, tool: 'point', geometry: p }) as ImportedObject);
    case 'circle': {
      const [c, on] = pointsOf(file, at, shape.points, 2, 2) as [Point, Point];
      warnings.push(`${file}: ${field} is a circle; made a polygon of ${CIRCLE_SIDES} points`);
      return [{ ...base, tool: 'polygon', geometry: { points: circlePolygon(c, on) } }];
    }
    case 'mask': {
      const geometry = await maskOf(file, field, shape);
      if (frame.width !== null && frame.height !== null) frame.maskSize = { width: frame.width, height: frame.height, file };
      if (!geometry) {
        warnings.push(`${file}: ${field} is a mask with no pixel set; left out`);
        return [];
      }
      return [{ ...base, tool: 'mask', geometry } as ImportedObject];
    }
    default:
      throw badFormat(file, `${field}.shape_type "${type}" is not one LabelMe draws (rectangle, polygon, linestrip, line, point, points, circle, mask)`, { field: `${field}.shape_type` });
  }
}

/** The frame's picture: `imagePath` taken from the JSON's own folder, as LabelMe opens it. */
function pictureOf(jsonPath: string, imagePath: unknown): string {
  const dir = path.posix.dirname(jsonPath);
  if (typeof imagePath !== 'string' || imagePath.trim() === '') return jsonPath.replace(/\.json$/i, '');
  const joined = path.posix.normalize(path.posix.join(dir === '.' ? '' : dir, imagePath.replace(/\\/g, '/')));
  return joined.replace(/^(\.\.\/)+/, '').replace(/^\.\//, '');
}

export async function readLabelme(entries: ZipEntries): Promise<ImportResult> {
  const items: ImportedItem[] = [];
  const warnings: string[] = [];
  for (const [file, data] of entries) {
    if (!/\.json$/i.test(file)) continue;
    const doc = parseJson(file, data);
    if (!isRecord(doc) || !Array.isArray(doc.shapes)) {
      warnings.push(`${file}: not a LabelMe file (no "shapes"); left out`);
      continue;
    }
    const size = (v: unknown) => (typeof v === 'number' && v > 0 ? v : null);
    const fileName = pictureOf(file, doc.imagePath);
    const frame: ImportedFrame = { fileName, width: size(doc.imageWidth), height: size(doc.imageHeight), objects: [] };
    for (const [i, shape] of doc.shapes.entries()) frame.objects.push(...(await objectsOf(file, shape, i, frame, warnings)));
    // Our own answers by name say it all (labels included); else LabelMe's image flags set true are the frame's labels.
    if (isRecord(doc.attributes) && Object.keys(doc.attributes).length) frame.attributes = { ...doc.attributes };
    else if (isRecord(doc.flags)) {
      const tags = Object.entries(doc.flags).filter(([, v]) => v === true).map(([label]) => ({ label, attributes: {} }));
      if (tags.length) frame.tags = tags;
    }
    items.push({ name: fileName, frames: [frame] });
  }
  if (items.length === 0) throw new FormatError('import.missingFile', 'no LabelMe JSON (a *.json with "shapes") in the zip', { file: '*.json' });
  return { items, labelNames: labelNamesOf(items), warnings };
}
