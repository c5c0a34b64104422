/**
 * What a whole-project archive says, checked before anything is made: project.json against its
 * schema and version, manifest.json as the lossless format this build reads, and the items of
 * annotations.jsonl one line at a time (only what making the subjects and tasks needs; the
 * annotations themselves are read by the lossless import).
 */
import { Value } from 'typebox/value';
import { ARCHIVE_LIMITS, PROJECT_ARCHIVE, ProjectArchiveDoc } from '../../src-shared/api/projectArchive';
import { AppError } from '../errors';
import { LOSSLESS_FILES, LOSSLESS_VERSION } from '../exports/formats';
import { LOSSLESS_FORMAT } from '../exports/formats/losslessJson';
import type { ArchiveZip } from './archiveZip';

/** A small JSON document of the archive, parsed; a missing one is import.missingFile. */
export async function readDocument(zip: ArchiveZip, file: string): Promise<Record<string, unknown>> {
  const data = await zip.read(file, ARCHIVE_LIMITS.documentBytes);
  if (!data) throw new AppError('import.missingFile', { file });
  let value: unknown;
  try {
    value = JSON.parse(data.toString('utf8'));
  } catch (err) {
    throw new AppError('import.badFormat', { file, message: `not valid JSON (${(err as Error).message})` });
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new AppError('import.badFormat', { file, message: 'must be a JSON object' });
  return value as Record<string, unknown>;
}

/** Another format, or a newer version of ours, is said as such before its shape is judged. */
function checkVersion(file: string, doc: Record<string, unknown>, format: string, version: number): void {
  if (doc.format !== format) throw new AppError('import.badFormat', { file, field: 'format', message: `"format" must be "${format}"` });
  if (doc.formatVersion !== version) throw new AppError('import.unsupportedVersion', { file, field: 'formatVersion', version: doc.formatVersion ?? null });
}

export async function readArchiveDoc(zip: ArchiveZip): Promise<ProjectArchiveDoc> {
  const doc = await readDocument(zip, PROJECT_ARCHIVE.file);
  checkVersion(PROJECT_ARCHIVE.file, doc, PROJECT_ARCHIVE.format, PROJECT_ARCHIVE.version);
  if (!Value.Check(ProjectArchiveDoc, doc)) {
    const first = Value.Errors(ProjectArchiveDoc, doc)[0];
    throw new AppError('import.badFormat', { file: PROJECT_ARCHIVE.file, field: first?.instancePath || '/', message: first?.message ?? 'not a project archive document' });
  }
  const manifest = await readDocument(zip, LOSSLESS_FILES.manifest);
  checkVersion(LOSSLESS_FILES.manifest, manifest, LOSSLESS_FORMAT, LOSSLESS_VERSION);
  for (const file of [LOSSLESS_FILES.ontology, LOSSLESS_FILES.annotations]) if (!zip.has(file)) throw new AppError('import.missingFile', { file });
  return doc;
}

/** One item as making its subject and putting it in its task needs it. */
export interface ArchiveItem {
  dataId: number;
  name: string;
  recordType: 'image' | 'frame' | 'video';
  batchId: number | null;
  /** the task its annotations were exported from (null: in none) */
  taskId: number | null;
  frames: { index: number; fileName: string; width: number | null; height: number | null }[];
}

const isInt = (v: unknown): v is number => Number.isInteger(v);
const sizeOf = (v: unknown): number | null => (isInt(v) && v > 0 ? v : null);

function itemOf(line: number, text: string): ArchiveItem {
  const file = LOSSLESS_FILES.annotations;
  const bad = (message: string) => new AppError('import.badFormat', { file, line, message: `line ${line}: ${message}` });
  let v: Record<string, unknown>;
  try {
    v = JSON.parse(text) as Record<string, unknown>;
  } catch (err) {
    throw bad(`not valid JSON (${(err as Error).message})`);
  }
  if (v === null || typeof v !== 'object' || !isInt(v.dataId) || typeof v.name !== 'string' || !['image', 'frame', 'video'].includes(v.recordType as string) || !Array.isArray(v.frames)) {
    throw bad('needs dataId, name, recordType and frames');
  }
  const frames = (v.frames as unknown[]).map((f, k) => {
    const frame = f as Record<string, unknown> | null;
    if (!frame || !isInt(frame.index) || typeof frame.fileName !== 'string') throw bad(`frames[${k}] needs index and fileName`);
    return { index: frame.index, fileName: frame.fileName, width: sizeOf(frame.width), height: sizeOf(frame.height) };
  });
  const task = v.taskSubject as Record<string, unknown> | null | undefined;
  return { dataId: v.dataId, name: v.name, recordType: v.recordType as ArchiveItem['recordType'], batchId: isInt(v.batchId) ? v.batchId : null, taskId: task && isInt(task.taskId) ? task.taskId : null, frames };
}

/** The archive's items in file order, one line at a time (a project of a million items is never held whole). */
export async function* archiveItems(zip: ArchiveZip): AsyncGenerator<ArchiveItem> {
  for await (const { line, text } of zip.lines(LOSSLESS_FILES.annotations, ARCHIVE_LIMITS.lineBytes)) yield itemOf(line, text);
}
