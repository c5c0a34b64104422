/**
 * Reads an Ultralytics YOLO dataset (data.yaml + labels/<split>/<stem>.txt) back into pixels.
 * YOLO stores no image sizes, so the caller passes `sizeOf` (the import job knows its subjects'
 * sizes; a file's images/<split>/ twin tells the name to match on). A line's shape follows from
 * its length: 5 numbers a box, 5 + kpt_shape points a pose when data.yaml has kpt_shape, else an
 * odd count of 7 or more a polygon. Keypoints come back named by data.yaml's kpt_names (or their
 * index), without the 0 0 0 points YOLO writes for absent ones. Attributes come from our
 * sidecar attributes/<split>/<stem>.json when the zip has it (yoloWriter.ts): objects by line.
 *
 * Oriented boxes (Ultralytics OBB, `oriented`) are another reading of the same files: every line
 * is a class and four corners (9 numbers), which the plain reading takes for a polygon of four
 * points. They come back as polygons marked `oriented`, in fractions like every YOLO shape; the
 * import turns them into rotated boxes once in pixels (src-server/imports/orientedBox.ts), since
 * a rotated rectangle is one only in pixels, not in fractions of a picture that is not square.
 */
import { parse } from 'yaml';
import { YOLO_ATTRIBUTES, YOLO_YAML } from './yoloWriter';
import { badFormat, missingFile } from './formatError';
import { isRecord, labelNamesOf, parseJson } from './readHelpers';
import type { ImportedKeypoint, ImportedItem, ImportedObject, ImportResult, ZipEntries } from './types';
import { findEntry } from './zipEntries';

export interface YoloReadOptions {
  /** the pixel size of a labelled image, by its path inside images/<split>/ (or its stem when the zip has no images) */
  sizeOf(fileName: string): { width: number; height: number } | null;
  /** read every line as an oriented box, `class x1 y1 … x4 y4` (Ultralytics OBB) */
  oriented?: boolean;
}

interface YoloMeta { names: Map<number, string>; pointShape: [number, number] | null; pointNames: Map<number, string[]> }

function readMeta(entries: ZipEntries): { meta: YoloMeta; root: string } {
  const entry = findEntry(entries, YOLO_YAML);
  if (!entry) throw missingFile(YOLO_YAML);
  const file = entry.path;
  let doc: unknown;
  try {
    doc = parse(entry.data.toString('utf8'));
  } catch (err) {
    throw badFormat(file, `not valid YAML (${(err as Error).message})`);
  }
  if (!isRecord(doc)) throw badFormat(file, 'must be a YAML mapping');
  const rawNames = doc.names;
  const pairs: [number, string][] = Array.isArray(rawNames)
    ? rawNames.map((n, i) => [i, String(n)])
    : isRecord(rawNames)
      ? Object.entries(rawNames).map(([k, n]) => [Number(k), String(n)])
      : [];
  if (pairs.length === 0 || pairs.some(([k]) => !Number.isInteger(k))) throw badFormat(file, '"names" must list the classes', { field: 'names' });
  const shape = doc.kpt_shape;
  let pointShape: [number, number] | null = null;
  if (shape !== undefined) {
    if (!Array.isArray(shape) || shape.length !== 2 || !Number.isInteger(shape[0]) || (shape[1] !== 2 && shape[1] !== 3)) {
      throw badFormat(file, '"kpt_shape" must be [points, 2 or 3]', { field: 'kpt_shape' });
    }
    pointShape = [shape[0] as number, shape[1] as number];
  }
  const pointNames = new Map<number, string[]>(
    isRecord(doc.kpt_names) ? Object.entries(doc.kpt_names).map(([k, v]) => [Number(k), Array.isArray(v) ? v.map(String) : []]) : [],
  );
  return { meta: { names: new Map(pairs), pointShape, pointNames }, root: file.slice(0, file.length - YOLO_YAML.length) };
}

/** An OBB line: class and four corners. */
const OBB_NUMBERS = 9;

function readLine(file: string, line: number, text: string, meta: YoloMeta, size: { width: number; height: number }, oriented: boolean): ImportedObject {
  const fields = text.trim().split(/\s+/);
  const numbers = fields.map(Number);
  const where = { line, field: 'line' };
  if (numbers.some((n) => !Number.isFinite(n))) throw badFormat(file, `line ${line}: every field must be a number`, where);
  const [cls, ...v] = numbers as [number, ...number[]];
  const label = meta.names.get(cls);
  if (!Number.isInteger(cls) || label === undefined) throw badFormat(file, `line ${line}: class ${fields[0]} is not in data.yaml names`, { line, field: 'class' });
  const px = (n: number) => n * size.width;
  const py = (n: number) => n * size.height;
  if (oriented) {
    if (numbers.length !== OBB_NUMBERS) throw badFormat(file, `line ${line}: ${numbers.length} numbers is no oriented box (class and 4 corners: ${OBB_NUMBERS})`, where);
    const points = Array.from({ length: 4 }, (_, i) => ({ x: px(v[i * 2]!), y: py(v[i * 2 + 1]!) }));
    return { label, attributes: {}, tool: 'polygon', geometry: { points }, oriented: true };
  }
  const box = () => {
    const [cx, cy, w, h] = v as [number, number, number, number];
    return { x: px(cx - w / 2), y: py(cy - h / 2), width: px(w), height: py(h) };
  };
  if (meta.pointShape && v.length === 4 + meta.pointShape[0] * meta.pointShape[1]) {
    const [count, dims] = meta.pointShape;
    const names = meta.pointNames.get(cls) ?? [];
    const points: ImportedKeypoint[] = [];
    for (let i = 0; i < count; i++) {
      const [x, y, vis] = [v[4 + i * dims]!, v[5 + i * dims]!, dims === 3 ? v[6 + i * dims]! : 2];
      if (vis === 0) continue;
      points.push({ name: names[i] ?? String(i), x: px(x), y: py(y), visibility: vis === 1 ? 'occluded' : 'visible' });
    }
    return { label, attributes: {}, tool: 'keypoints', geometry: { points } };
  }
  if (v.length === 4) return { label, attributes: {}, tool: 'box', geometry: box() };
  if (v.length >= 6 && v.length % 2 === 0) {
    const points = Array.from({ length: v.length / 2 }, (_, i) => ({ x: px(v[i * 2]!), y: py(v[i * 2 + 1]!) }));
    return { label, attributes: {}, tool: 'polygon', geometry: { points } };
  }
  throw badFormat(file, `line ${line}: ${numbers.length} numbers is neither a box (5), a polygon (class + 3 or more x y pairs) nor a pose`, where);
}

/** A sidecar's answers: the frame's, and each object's by its line. */
function readSidecar(entries: ZipEntries, root: string, split: string, stem: string): { frame: Record<string, unknown>; byLine: Map<number, Record<string, unknown>> } {
  const path = `${root}${YOLO_ATTRIBUTES}/${split}/${stem}.json`;
  const data = entries.get(path);
  const byLine = new Map<number, Record<string, unknown>>();
  if (!data) return { frame: {}, byLine };
  const doc = parseJson(path, data);
  if (!isRecord(doc)) throw badFormat(path, 'must be a JSON object');
  for (const [i, o] of (Array.isArray(doc.objects) ? doc.objects : []).entries()) {
    if (!isRecord(o) || !Number.isInteger(o.line) || !isRecord(o.attributes)) throw badFormat(path, `objects[${i}] needs a line number and attributes`, { field: `objects[${i}]` });
    byLine.set(o.line as number, o.attributes);
  }
  return { frame: isRecord(doc.attributes) ? doc.attributes : {}, byLine };
}

export function readYolo(entries: ZipEntries, options: YoloReadOptions): ImportResult {
  const { meta, root } = readMeta(entries);
  const images = new Map<string, string>();
  for (const path of entries.keys()) {
    const m = /^images\/[^/]+\/(.+)\.[^./]+$/.exec(path.slice(root.length));
    if (path.startsWith(root) && m) images.set(m[1]!, path.slice(root.length).split('/').slice(2).join('/'));
  }
  const items: ImportedItem[] = [];
  const warnings: string[] = [];
  for (const [path, data] of entries) {
    const m = /^labels\/([^/]+)\/(.+)\.txt$/.exec(path.slice(root.length));
    if (!path.startsWith(root) || !m) continue;
    const fileName = images.get(m[2]!) ?? m[2]!;
    const size = options.sizeOf(fileName);
    if (!size) {
      warnings.push(`${path}: size of ${fileName} unknown; skipped`);
      continue;
    }
    const sidecar = readSidecar(entries, root, m[1]!, m[2]!);
    const objects = data
      .toString('utf8')
      .split(/\r?\n/)
      .flatMap((text, i) => (text.trim() === '' ? [] : [{ ...readLine(path, i + 1, text, meta, size, options.oriented === true), attributes: { ...sidecar.byLine.get(i + 1) } }]));
    const attributes = Object.keys(sidecar.frame).length ? { attributes: sidecar.frame } : {};
    items.push({ name: fileName, frames: [{ fileName, width: size.width, height: size.height, objects, ...attributes }] });
  }
  return { items, labelNames: labelNamesOf(items), warnings };
}
