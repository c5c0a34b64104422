/**
 * Reads Label Studio's "JSON" export (1.x; ours included): every `*.json` of the zip that is a
 * list of tasks. A task is one frame, named by its picture (`data.image`, `img` or `url`, else the
 * first text of `data` that looks like a file, else `file_upload`; a picture Label Studio
 * uploaded, `/data/upload/<project>/<8 hex>-<name>`, is named by `<name>`, as the person uploaded
 * it; a name without extension matches a frame by its stem). Its annotation is the one
 * marked ground truth, else the last updated, leaving out cancelled ones (the rest are counted
 * in a warning); predictions are not read.
 *
 * Regions, from percent of `original_width` × `original_height` to pixels: `rectanglelabels` a
 * box (with `rotation`), `polygonlabels` a polygon (an open one, `closed: false`, a polyline),
 * `keypointlabels` a point, `brushlabels` a mask (labelStudioBrush.ts; the picture at most 100
 * megapixels), labelled by their first label, their feature the control's `from_name`. Results
 * sharing a region's id are its answers by `from_name` (`choices`, `textarea`, `number`,
 * `rating`); the others are the frame's (its classifications and questions, by name).
 *
 * Refused with what to export instead: Label Studio's "JSON-MIN" (no `annotations`) and files
 * from before 1.0 (`completions`), as `import.unsupportedVersion`.
 */
import { geometryOfRegion } from '../../../src-shared/mask/region';
import { badFormat, FormatError } from './formatError';
import { decodeBrush } from './labelStudioBrush';
import { PNG_MAX_PIXELS } from './pngCodec';
import { isRecord, labelNamesOf, parseJson } from './readHelpers';
import type { ImportedFrame, ImportedItem, ImportedObject, ImportResult, ZipEntries } from './types';

const REGION_TYPES = ['rectanglelabels', 'polygonlabels', 'keypointlabels', 'brushlabels'] as const;
type Region = Record<string, unknown> & { value: Record<string, unknown> };

/** Label Studio's upload names its files `<8 hex>-<the name given>`. */
const UPLOADED = /\/data\/upload\/\d+\/[0-9a-f]{8}-([^/]+)$/;

function pictureOf(task: Record<string, unknown> & { data: Record<string, unknown> }): string | undefined {
  const { data } = task;
  const named = [data.image, data.img, data.url].find((v): v is string => typeof v === 'string' && v.trim() !== '');
  const raw = named ?? Object.values(data).find((v): v is string => typeof v === 'string' && /\.[A-Za-z0-9]{2,5}([?#].*)?$/.test(v));
  if (raw === undefined) return typeof task.file_upload === 'string' ? task.file_upload.replace(/^[0-9a-f]{8}-/, '') : undefined;
  let path = raw.replace(/[?#].*$/, '');
  try {
    path = decodeURIComponent(path);
  } catch {
    // a stray % stays as written
  }
  const uploaded = UPLOADED.exec(path);
  if (uploaded) return uploaded[1];
  // A URL's path from its host on; a local-files URL (`/data/local-files/?d=folder/a.jpg`) its `d`.
  const local = /[?&]d=([^&]+)/.exec(raw);
  if (local) return decodeURIComponent(local[1]!);
  return path.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+\//i, '').replace(/^\/+/, '');
}

function chosenAnnotation(file: string, at: string, task: Record<string, unknown>, warnings: string[]): Record<string, unknown> | undefined {
  if (!Array.isArray(task.annotations)) throw badFormat(file, `${at}.annotations must be a list`, { field: `${at}.annotations` });
  const done = task.annotations.filter((a): a is Record<string, unknown> => isRecord(a) && a.was_cancelled !== true);
  if (done.length === 0) return undefined;
  const time = (a: Record<string, unknown>) => Date.parse(String(a.updated_at ?? a.created_at ?? '')) || 0;
  const chosen = done.find((a) => a.ground_truth === true) ?? done.reduce((best, a) => (time(a) >= time(best) ? a : best));
  if (done.length > 1) warnings.push(`${file}: ${at} has ${done.length} annotations; the ${chosen.ground_truth === true ? 'ground truth' : 'last updated'} one (id ${String(chosen.id)}) is read`);
  return chosen;
}

/** A control's answer as our answers by name take it. */
function answerOf(r: Record<string, unknown>): unknown {
  const v = isRecord(r.value) ? r.value : {};
  if (Array.isArray(v.choices)) return v.choices.length === 1 ? v.choices[0] : v.choices;
  if (Array.isArray(v.text)) return v.text.join('\n');
  if (typeof v.number === 'number') return v.number;
  if (typeof v.rating === 'number') return v.rating;
  return undefined;
}

function regionObject(file: string, at: string, r: Region, frame: ImportedFrame, warnings: string[]): ImportedObject | undefined {
  const type = r.type as (typeof REGION_TYPES)[number];
  const v = r.value;
  const labels = v[type];
  const label = Array.isArray(labels) && typeof labels[0] === 'string' ? labels[0].trim() : '';
  if (!label) {
    warnings.push(`${file}: ${at} has no label; left out`);
    return undefined;
  }
  if (Array.isArray(labels) && labels.length > 1) warnings.push(`${file}: ${at} has ${labels.length} labels; the first, ${label}, is read`);
  const W = Number(r.original_width);
  const H = Number(r.original_height);
  if (!(W > 0 && H > 0)) throw badFormat(file, `${at} needs original_width and original_height`, { field: `${at}.original_width` });
  const num = (key: string, of: number) => {
    const n = v[key];
    if (typeof n !== 'number' || !Number.isFinite(n)) throw badFormat(file, `${at}.value.${key} must be a number`, { field: `${at}.value.${key}` });
    return (n / 100) * of;
  };
  const base = { label, attributes: {}, ...(typeof r.from_name === 'string' ? { featureName: r.from_name } : {}) };
  frame.width ??= W;
  frame.height ??= H;
  switch (type) {
    case 'rectanglelabels': {
      const rotation = typeof v.rotation === 'number' && v.rotation !== 0 ? v.rotation : undefined;
      return { ...base, tool: 'box', geometry: { x: num('x', W), y: num('y', H), width: num('width', W), height: num('height', H), ...(rotation !== undefined ? { rotation } : {}) } };
    }
    case 'polygonlabels': {
      if (!Array.isArray(v.points)) throw badFormat(file, `${at}.value.points must be a list`, { field: `${at}.value.points` });
      const points = v.points.map((p, i) => {
        if (!Array.isArray(p) || typeof p[0] !== 'number' || typeof p[1] !== 'number' || !Number.isFinite(p[0]) || !Number.isFinite(p[1])) throw badFormat(file, `${at}.value.points[${i}] must be [x, y]`, { field: `${at}.value.points` });
        return { x: (p[0] / 100) * W, y: (p[1] / 100) * H };
      });
      const open = v.closed === false;
      if (points.length < (open ? 2 : 3)) throw badFormat(file, `${at}.value.points needs ${open ? 2 : 3} or more points`, { field: `${at}.value.points` });
      return open ? { ...base, tool: 'polyline', geometry: { points } } : { ...base, tool: 'polygon', geometry: { points } };
    }
    case 'keypointlabels':
      return { ...base, tool: 'point', geometry: { x: num('x', W), y: num('y', H) } };
    case 'brushlabels': {
      if (v.format !== undefined && v.format !== 'rle') throw badFormat(file, `${at}.value.format "${String(v.format)}" is not rle`, { field: `${at}.value.format` });
      if (!Number.isInteger(W) || !Number.isInteger(H) || W * H > PNG_MAX_PIXELS) throw badFormat(file, `${at}: a brush over ${W} x ${H} is not read (whole pixels, at most ${PNG_MAX_PIXELS})`, { field: `${at}.original_width` });
      const geometry = geometryOfRegion({ x: 0, y: 0, width: W, height: H, bits: decodeBrush(file, `${at}.value.rle`, v.rle, W, H) });
      frame.maskSize = { width: W, height: H, file };
      if (!geometry) {
        warnings.push(`${file}: ${at} is a brush with no pixel set; left out`);
        return undefined;
      }
      return { ...base, tool: 'mask', geometry };
    }
  }
}

function readTask(file: string, task: unknown, i: number, warnings: string[]): ImportedItem | undefined {
  const at = `[${i}]`;
  if (!isRecord(task) || !isRecord(task.data)) throw badFormat(file, `${at} is not a Label Studio task (no "data")`, { field: `${at}.data` });
  if (task.annotations === undefined && Array.isArray(task.completions)) {
    throw new FormatError('import.unsupportedVersion', `${file}: ${at} has "completions": a Label Studio export from before 1.0; export it again from Label Studio 1.x as JSON`, { file, field: `${at}.completions`, version: '0.x', supported: '1.x' });
  }
  if (task.annotations === undefined) {
    throw new FormatError('import.unsupportedVersion', `${file}: ${at} has no "annotations": Label Studio's JSON-MIN; export the project as JSON`, { file, field: `${at}.annotations`, version: 'JSON-MIN', supported: 'JSON' });
  }
  const fileName = pictureOf(task as Record<string, unknown> & { data: Record<string, unknown> });
  if (!fileName) {
    warnings.push(`${file}: ${at} names no picture in "data"; left out`);
    return undefined;
  }
  const frame: ImportedFrame = { fileName, width: null, height: null, objects: [] };
  const annotation = chosenAnnotation(file, at, task, warnings);
  const results = annotation && Array.isArray(annotation.result) ? annotation.result.filter(isRecord) : [];
  const regions = new Map<string, ImportedObject>();
  results.forEach((r, k) => {
    if (!REGION_TYPES.includes(r.type as (typeof REGION_TYPES)[number])) return;
    if (!isRecord(r.value)) throw badFormat(file, `${at}.annotations.result[${k}].value must be an object`, { field: `${at}.result[${k}].value` });
    const o = regionObject(file, `${at}.result[${k}]`, r as Region, frame, warnings);
    if (!o) return;
    frame.objects.push(o);
    if (typeof r.id === 'string') regions.set(r.id, o);
  });
  const frameAnswers: Record<string, unknown> = {};
  for (const r of results) {
    if (REGION_TYPES.includes(r.type as (typeof REGION_TYPES)[number]) || typeof r.from_name !== 'string') continue;
    const answer = answerOf(r);
    if (answer === undefined) continue;
    const region = typeof r.id === 'string' ? regions.get(r.id) : undefined;
    if (region) region.attributes[r.from_name] = answer;
    else frameAnswers[r.from_name] = answer;
  }
  if (Object.keys(frameAnswers).length) frame.attributes = frameAnswers;
  return { name: fileName, frames: [frame] };
}

export function readLabelStudio(entries: ZipEntries): ImportResult {
  const items: ImportedItem[] = [];
  const warnings: string[] = [];
  let read = 0;
  for (const [file, data] of entries) {
    if (!/\.json$/i.test(file)) continue;
    const doc = parseJson(file, data);
    if (!Array.isArray(doc)) {
      warnings.push(`${file}: not a list of Label Studio tasks; left out`);
      continue;
    }
    read++;
    doc.forEach((task, i) => {
      const item = readTask(file, task, i, warnings);
      if (item) items.push(item);
    });
  }
  if (read === 0) throw new FormatError('import.missingFile', 'no Label Studio JSON (a *.json list of tasks) in the zip', { file: '*.json' });
  return { items, labelNames: labelNamesOf(items), warnings };
}
