/**
 * Reads Pascal VOC Annotations/*.xml back into boxes, inverting the writer's 1-based inclusive
 * convention (x = xmin - 1, width = xmax - xmin + 1). Each XML is one item, named by its
 * <filename> (or its path when that is empty).
 */
import { XMLParser } from 'fast-xml-parser';
import { badFormat } from './formatError';
import { isRecord, labelNamesOf } from './readHelpers';
import type { ImportedItem, ImportedObject, ImportResult, ZipEntries } from './types';

// Tag values stay text (a label named "007" is not the number 7); objects and attributes are lists even when alone.
const LISTS = new Set(['annotation.object', 'annotation.attributes.attribute', 'annotation.object.attributes.attribute']);
const parser = new XMLParser({ parseTagValue: false, isArray: (_name, path) => LISTS.has(String(path)) });

/** CVAT's <attributes><attribute><name/><value/></attribute></attributes>, as name: text. */
function attributesOf(holder: Record<string, unknown>): Record<string, unknown> {
  const list = isRecord(holder.attributes) && Array.isArray(holder.attributes.attribute) ? holder.attributes.attribute : [];
  const out: Record<string, unknown> = {};
  for (const a of list) if (isRecord(a) && typeof a.name === 'string' && a.name !== '') out[a.name] = typeof a.value === 'string' ? a.value : '';
  return out;
}

function parseXml(file: string, data: Buffer): Record<string, unknown> {
  let doc: unknown;
  try {
    doc = parser.parse(data.toString('utf8'), true);
  } catch (err) {
    throw badFormat(file, `not valid XML (${(err as Error).message})`);
  }
  if (!isRecord(doc) || !isRecord(doc.annotation)) throw badFormat(file, 'has no <annotation> root', { field: 'annotation' });
  return doc.annotation;
}

function coordinate(file: string, field: string, box: Record<string, unknown>, key: string): number {
  const v = Number(box[key]);
  if (typeof box[key] !== 'string' || box[key] === '' || !Number.isFinite(v)) throw badFormat(file, `${field}.${key} must be a number`, { field: `${field}.${key}` });
  return v;
}

function readObject(file: string, o: unknown, i: number): ImportedObject {
  const field = `object[${i}]`;
  if (!isRecord(o) || typeof o.name !== 'string' || o.name.trim() === '') throw badFormat(file, `${field} has no <name>`, { field: `${field}.name` });
  if (!isRecord(o.bndbox)) throw badFormat(file, `${field} has no <bndbox>`, { field: `${field}.bndbox` });
  const [xmin, ymin, xmax, ymax] = ['xmin', 'ymin', 'xmax', 'ymax'].map((k) => coordinate(file, `${field}.bndbox`, o.bndbox as Record<string, unknown>, k)) as [number, number, number, number];
  if (xmax < xmin || ymax < ymin) throw badFormat(file, `${field}.bndbox has its max before its min`, { field: `${field}.bndbox` });
  return { label: o.name, attributes: attributesOf(o), tool: 'box', geometry: { x: xmin - 1, y: ymin - 1, width: xmax - xmin + 1, height: ymax - ymin + 1 } };
}

export function readVoc(entries: ZipEntries): ImportResult {
  const items: ImportedItem[] = [];
  for (const [path, data] of entries) {
    if (!/(^|\/)Annotations\/.+\.xml$/i.test(path)) continue;
    const annotation = parseXml(path, data);
    const size = isRecord(annotation.size) ? annotation.size : {};
    const dimension = (v: unknown) => (Number(v) > 0 ? Number(v) : null);
    const objects = ((annotation.object as unknown[] | undefined) ?? []).map((o, i) => readObject(path, o, i));
    const fileName = typeof annotation.filename === 'string' && annotation.filename !== '' ? annotation.filename : path;
    const attributes = attributesOf(annotation);
    items.push({ name: fileName, frames: [{ fileName, width: dimension(size.width), height: dimension(size.height), objects, ...(Object.keys(attributes).length ? { attributes } : {}) }] });
  }
  return { items, labelNames: labelNamesOf(items), warnings: [] };
}
