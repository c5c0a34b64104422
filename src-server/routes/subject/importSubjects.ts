import type { Kysely } from 'kysely';
import type { Database } from '../../database/schema';
import type { ServerContext } from '../../context';
import type { SubjectDuplicate, SubjectInput, SubjectRefusal } from '../../../src-shared/api/subject';
import type { ImageVerdict } from '../../../src-shared/media/imageBytes';
import { probeStoredImage } from '../../media/probeStoredImage';
import { BatchesRepository } from '../../repositories/batches';
import { SubjectsRepository, type NewSubject } from '../../repositories/subjects';
import { checkImportShape, checkStoredFiles, contentHashOf, mapLimit } from './importCheck';

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
  /** inputs not taken: a frame's file is not a whole picture the workspace can show */
  refused: SubjectRefusal[];
}

/** Files checked at once: each is two small ranged reads. */
const PROBE_CONCURRENCY = 16;

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
  // Every picture is looked at as it enters: what is not one the workspace can show is refused
  // by name with its reason, its subject whole (a sequence is never taken with a frame missing).
  const keys = [...new Set(freshIndexes.flatMap((i) => inputs[i]!.frames.map((f) => f.key)))];
  const verdicts = new Map<string, ImageVerdict>();
  const probed = await mapLimit(keys, PROBE_CONCURRENCY, (key) => probeStoredImage(ctx.storage, key, stored.get(key)!.size));
  keys.forEach((key, i) => verdicts.set(key, probed[i]!));
  const refused: SubjectRefusal[] = [];
  const taken = freshIndexes.filter((i) => {
    const s = inputs[i]!;
    const bad = s.frames.find((f) => !verdicts.get(f.key)!.ok);
    if (!bad) return true;
    const v = verdicts.get(bad.key)!;
    if (!v.ok) refused.push({ index: i, name: s.name.trim(), key: bad.key, reason: v.reason, ...(v.format ? { format: v.format } : {}) });
    return false;
  });
  // An identical input later in the call is refused with its first occurrence, not counted a duplicate of nothing.
  const refusedHashes = new Set(refused.map((r) => hashes[r.index]!));
  inputs.forEach((s, i) => {
    if (firstIndex.get(hashes[i]!) !== i && refusedHashes.has(hashes[i]!)) {
      const first = refused.find((r) => hashes[r.index] === hashes[i])!;
      refused.push({ ...first, index: i, name: s.name.trim() });
    }
  });
  refused.sort((a, b) => a.index - b.index);
  const fresh = taken.map((i): NewSubject => {
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
        // The picture's own size, not the caller's word for it.
        width: (verdicts.get(f.key) as Extract<ImageVerdict, { ok: true }>).width,
        height: (verdicts.get(f.key) as Extract<ImageVerdict, { ok: true }>).height,
        sha256: f.sha256.toLowerCase(),
      })),
    };
  });
  return { inputs, hashes, firstIndex, existing, fresh, refused };
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
): Promise<{ created: number; duplicates: SubjectDuplicate[]; refused: SubjectRefusal[] }> {
  const subjects = new SubjectsRepository(trx);
  const inserted = await subjects.insert(p, prepared.fresh);
  const byType = new Map<string, number>();
  for (const s of prepared.fresh) if (inserted.has(s.contentHash)) byType.set(s.recordType, (byType.get(s.recordType) ?? 0) + 1);
  await new BatchesRepository(trx).addToCount(p.batchId, byType);
  const lostRace = prepared.fresh.map((s) => s.contentHash).filter((h) => !inserted.has(h));
  const raced = lostRace.length > 0 ? await subjects.byContentHash(p.projectId, lostRace) : new Map<string, number>();

  const duplicates: SubjectDuplicate[] = [];
  const refusedIndexes = new Set(prepared.refused.map((r) => r.index));
  prepared.hashes.forEach((h, index) => {
    if (refusedIndexes.has(index)) return;
    if (prepared.firstIndex.get(h) === index && inserted.has(h)) return;
    const existingDataId = prepared.existing.get(h) ?? raced.get(h) ?? inserted.get(h);
    // A content deleted by a concurrent call between the check and the insert has no id left to name.
    if (existingDataId === undefined) return;
    duplicates.push({ index, name: prepared.inputs[index]!.name.trim(), contentHash: h, existingDataId });
  });
  return { created: inserted.size, duplicates, refused: prepared.refused };
}
