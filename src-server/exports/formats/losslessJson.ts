/**
 * Our own lossless format: everything as stored, for moving a project between servers or
 * keeping a backup. manifest.json says what wrote it; ontology.json holds the features with
 * their row ids (objects point at them); annotations.jsonl holds one subject per line with
 * every frame's FrameData untouched, streamed line by line.
 */
import { ANNOTATION_VERSION, validateFrameData } from '../../../src-shared/model/annotation';
import { isFrameData } from '../../validation/compiledChecks';
import { ONTOLOGY_VERSION } from '../../../src-shared/model/ontology';
import { badFormat, FormatError, missingFile } from './formatError';
import { newReport } from './geometry';
import { isRecord, parseJson } from './readHelpers';
import type { ExportItem, ExportOntology, ExportReport, ItemSource, ZipEntries, ZipSink } from './types';
import { findEntry } from './zipEntries';

export const LOSSLESS_FORMAT = 'annotation-workstation/lossless';
export const LOSSLESS_VERSION = 1;
export const LOSSLESS_FILES = { manifest: 'manifest.json', ontology: 'ontology.json', annotations: 'annotations.jsonl' } as const;

export async function writeLossless(items: ItemSource, ontology: ExportOntology, sink: ZipSink): Promise<ExportReport> {
  const report = newReport('lossless');
  const manifest = { format: LOSSLESS_FORMAT, formatVersion: LOSSLESS_VERSION, annotationVersion: ANNOTATION_VERSION, ontologyVersion: ONTOLOGY_VERSION };
  await sink.add(LOSSLESS_FILES.manifest, `${JSON.stringify(manifest, null, 2)}\n`);
  await sink.add(LOSSLESS_FILES.ontology, `${JSON.stringify({ version: ONTOLOGY_VERSION, features: ontology.features }, null, 2)}\n`);
  async function* lines(): AsyncGenerator<string> {
    for await (const item of items) {
      report.frames += item.frames.length;
      for (const f of item.frames) report.objectsWritten += f.data.objects.length;
      yield `${JSON.stringify(item)}\n`;
    }
  }
  await sink.add(LOSSLESS_FILES.annotations, lines());
  return report;
}

export interface LosslessImport {
  ontology: ExportOntology;
  items: ExportItem[];
}

function readItem(file: string, line: number, text: string): ExportItem {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw badFormat(file, `line ${line}: not valid JSON (${(err as Error).message})`, { line });
  }
  const where = (field: string) => ({ line, field });
  if (!isRecord(value) || typeof value.dataId !== 'number' || typeof value.name !== 'string' || (value.recordType !== 'image' && value.recordType !== 'frame' && value.recordType !== 'video')) {
    throw badFormat(file, `line ${line}: needs dataId, name and recordType image, frame or video`, where('item'));
  }
  if (!Array.isArray(value.frames)) throw badFormat(file, `line ${line}: frames must be a list`, where('frames'));
  value.frames.forEach((f: unknown, k: number) => {
    if (!isRecord(f) || typeof f.frameId !== 'number' || typeof f.index !== 'number' || typeof f.fileName !== 'string') {
      throw badFormat(file, `line ${line}: frames[${k}] needs frameId, index and fileName`, where(`frames[${k}]`));
    }
    const checked = validateFrameData(f.data, isFrameData);
    if (!checked.ok) {
      const first = checked.issues[0]!;
      throw badFormat(file, `line ${line}: frames[${k}].data${first.path} is invalid (${first.reason})`, { ...where(`frames[${k}].data${first.path}`), issues: checked.issues });
    }
  });
  return value as unknown as ExportItem;
}

export function readLossless(entries: ZipEntries): LosslessImport {
  const get = (path: string) => {
    const entry = findEntry(entries, path);
    if (!entry) throw missingFile(path);
    return entry;
  };
  const manifestEntry = get(LOSSLESS_FILES.manifest);
  const manifest = parseJson(manifestEntry.path, manifestEntry.data);
  if (!isRecord(manifest) || manifest.format !== LOSSLESS_FORMAT) throw badFormat(manifestEntry.path, `is not a ${LOSSLESS_FORMAT} manifest`, { field: 'format' });
  if (manifest.formatVersion !== LOSSLESS_VERSION) {
    // A newer writer may store what this build would silently drop: refuse rather than guess.
    throw new FormatError('import.unsupportedVersion', `${manifestEntry.path}: format version ${String(manifest.formatVersion)} is not ${LOSSLESS_VERSION}`, {
      file: manifestEntry.path,
      field: 'formatVersion',
      version: manifest.formatVersion,
    });
  }
  const ontologyEntry = get(LOSSLESS_FILES.ontology);
  const ontology = parseJson(ontologyEntry.path, ontologyEntry.data);
  if (!isRecord(ontology) || !Array.isArray(ontology.features)) throw badFormat(ontologyEntry.path, 'needs a features list', { field: 'features' });
  const annotations = get(LOSSLESS_FILES.annotations);
  const items = annotations.data
    .toString('utf8')
    .split('\n')
    .flatMap((text, i) => (text.trim() === '' ? [] : [readItem(annotations.path, i + 1, text)]));
  return { ontology: { features: ontology.features as ExportOntology['features'] }, items };
}
