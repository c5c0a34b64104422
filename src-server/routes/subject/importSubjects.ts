import type { Kysely } from 'kysely';
import type { Database } from '../../database/schema';
import type { ServerContext } from '../../context';
import type { SubjectDuplicate, SubjectInput } from '../../../src-shared/api/subject';
import { BatchesRepository } from '../../repositories/batches';
import { SubjectsRepository, type NewSubject } from '../../repositories/subjects';
import { checkImportShape, checkStoredFiles, contentHashOf } from './importCheck';

/** An import checked and deduplicated, ready to write. */
export interface PreparedImport {
  inputs: readonly SubjectInput[];
  /** the content hash of every input, by position */
  hashes: string[];
  /** the position of the first input with each content hash */
  firstIndex: Map<string, number>;
  /** contents the project already had when checked: hash → dataId */
  existing: Map<string, number>;
  /** what to insert: first occurrences of contents the project does not have */
  fresh: NewSubject[];
}

/** The last segment of a key, as a file name fits the column. */
const fileNameOf = (key: string) => Array.from(key.split('/').filter(Boolean).pop() ?? key).slice(0, 255).join('');

/**
 * Everything that can fail without writing, done before the write transaction so that no lock
 * is held while the object store answers: the shape rules, the content hashes, which contents
 * the project already has (those files are not even looked at), and the stored files of the rest.
 */
export async function prepareImport(ctx: ServerContext, projectId: number, inputs: readonly SubjectInput[]): Promise<PreparedImport> {
  checkImportShape(projectId, inputs);
  const hashes = inputs.map((s) => contentHashOf(s.frames.map((f) => f.sha256.toLowerCase())));
  const firstIndex = new Map<string, number>();
  hashes.forEach((h, i) => {
    if (!firstIndex.has(h)) firstIndex.set(h, i);
  });
  const existing = await new SubjectsRepository(ctx.db).byContentHash(projectId, [...firstIndex.keys()]);
  const freshIndexes = [...firstIndex.entries()].filter(([h]) => !existing.has(h)).map(([, i]) => i);
  const stored = await checkStoredFiles(ctx.storage, freshIndexes.map((i) => inputs[i]!));
  const fresh = freshIndexes.map((i): NewSubject => {
    const s = inputs[i]!;
    return {
      name: s.name.trim(),
      recordType: s.recordType,
      contentHash: hashes[i]!,
      sizeBytes: s.frames.reduce((n, f) => n + f.sizeBytes, 0),
      frames: s.frames.map((f) => ({
        key: f.key,
        fileName: f.fileName?.trim() ?? fileNameOf(f.key),
        contentType: f.contentType ?? stored.get(f.key)!.contentType,
        sizeBytes: f.sizeBytes,
        width: f.width ?? null,
        height: f.height ?? null,
        sha256: f.sha256.toLowerCase(),
      })),
    };
  });
  return { inputs, hashes, firstIndex, existing, fresh };
}

/** Once an import is committed: images past 16k get their tile pyramid in the background. */
export function askPyramids(ctx: ServerContext, prepared: PreparedImport): void {
  ctx.pyramids.want(prepared.fresh.flatMap((s) => s.frames));
}

/**
 * Writes a prepared import into a batch, inside the caller's transaction, and keeps the batch's
 * subject count in step. Inputs not created are the duplicates: of a subject the project had,
 * of one a concurrent import created first, or of an earlier input of this same call.
 */
export async function writeImport(
  trx: Kysely<Database>,
  p: { projectId: number; batchId: number; createdBy: number; now: number },
  prepared: PreparedImport,
): Promise<{ created: number; duplicates: SubjectDuplicate[] }> {
  const subjects = new SubjectsRepository(trx);
  const inserted = await subjects.insert(p, prepared.fresh);
  const byType = new Map<string, number>();
  for (const s of prepared.fresh) if (inserted.has(s.contentHash)) byType.set(s.recordType, (byType.get(s.recordType) ?? 0) + 1);
  await new BatchesRepository(trx).addToCount(p.batchId, byType);
  const lostRace = prepared.fresh.map((s) => s.contentHash).filter((h) => !inserted.has(h));
  const raced = lostRace.length > 0 ? await subjects.byContentHash(p.projectId, lostRace) : new Map<string, number>();

  const duplicates: SubjectDuplicate[] = [];
  prepared.hashes.forEach((h, index) => {
    if (prepared.firstIndex.get(h) === index && inserted.has(h)) return;
    const existingDataId = prepared.existing.get(h) ?? raced.get(h) ?? inserted.get(h);
    // A content deleted by a concurrent call between the check and the insert has no id left to name.
    if (existingDataId === undefined) return;
    duplicates.push({ index, name: prepared.inputs[index]!.name.trim(), contentHash: h, existingDataId });
  });
  return { created: inserted.size, duplicates };
}
