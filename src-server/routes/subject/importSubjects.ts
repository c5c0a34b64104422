import type { Kysely } from 'kysely';
import type { Database } from '../../database/schema';
import type { ServerContext } from '../../context';
import type { SubjectDuplicate, SubjectImportWarning, SubjectInput, SubjectRefusal } from '../../../src-shared/api/subject';
import type { ImageVerdict } from '../../../src-shared/media/imageBytes';
import type { VideoFrameTimes, VideoSplit } from '../../../src-shared/media/videoInfo';
import { probeStoredImage } from '../../media/probeStoredImage';
import { AppError } from '../../errors';
import { BatchesRepository } from '../../repositories/batches';
import { SubjectsRepository, type NewSubject } from '../../repositories/subjects';
import { checkImportShape, checkStoredFiles, contentHashOf, fileNameOf, mapLimit } from './importCheck';
import { forgetFrameTimes, prepareVideos, storeFrameTimes, type ImportUnit } from './importVideos';

/** An import checked and deduplicated, ready to write. */
export interface PreparedImport {
  /** every item the inputs make, in the inputs' order (a split video makes several) */
  units: ImportUnit[];
  /** the position in `units` of the first unit with each content hash */
  firstUnit: Map<string, number>;
  /** contents the project already had when checked: hash → dataId */
  existing: Map<string, number>;
  /** what to insert: first occurrences of contents the project does not have */
  fresh: NewSubject[];
  /** inputs not taken: a file is not a whole picture, or not a video, the workspace can show */
  refused: SubjectRefusal[];
  /** videos taken with a warning */
  warnings: SubjectImportWarning[];
  /** frame times stored beside the videos of `fresh` (taken back if the write fails) */
  times: Map<string, VideoFrameTimes>;
}

/** Files checked at once: each is two small ranged reads. */
const PROBE_CONCURRENCY = 16;

/**
 * Everything that can fail without writing, done before the write transaction so that no lock
 * is held while the object store answers: the shape rules, the content hashes, which contents
 * the project already has (those pictures are not even looked at), the stored files of the
 * rest, and each video's frame table (a video's items are known only once its frames are).
 */
export async function prepareImport(ctx: ServerContext, projectId: number, inputs: readonly SubjectInput[], videoSplit?: VideoSplit): Promise<PreparedImport> {
  checkImportShape(projectId, inputs);
  const videoInputs = inputs.flatMap((input, index) => (input.recordType === 'video' ? [{ index, input }] : []));
  if (videoInputs.length > 0) {
    const project = await ctx.db.selectFrom('projects').select('type').where('id', '=', projectId).executeTakeFirst();
    // A video's frames are decoded by the frame workspace; an image project shows pictures.
    if (project?.type !== 'frame') throw new AppError('subject.videoNeedsFrameProject', { indexes: videoInputs.slice(0, 100).map((v) => v.index), count: videoInputs.length });
  }
  const pictureHashes = inputs.map((s) => (s.recordType === 'video' ? '' : contentHashOf(s.frames.map((f) => f.sha256.toLowerCase()))));
  const firstPicture = new Map<string, number>();
  pictureHashes.forEach((h, i) => {
    if (h && !firstPicture.has(h)) firstPicture.set(h, i);
  });
  const subjects = new SubjectsRepository(ctx.db);
  const pictureExisting = await subjects.byContentHash(projectId, [...firstPicture.keys()]);
  const freshPictures = [...firstPicture.entries()].filter(([h]) => !pictureExisting.has(h)).map(([, i]) => i);
  const stored = await checkStoredFiles(ctx.storage, [...freshPictures.map((i) => inputs[i]!), ...videoInputs.map((v) => v.input)]);

  // Every picture is looked at as it enters: what is not one the workspace can show is refused
  // by name with its reason, its subject whole (a sequence is never taken with a frame missing).
  const keys = [...new Set(freshPictures.flatMap((i) => inputs[i]!.frames.map((f) => f.key)))];
  const verdicts = new Map<string, ImageVerdict>();
  const probed = await mapLimit(keys, PROBE_CONCURRENCY, (key) => probeStoredImage(ctx.storage, key, stored.get(key)!.size));
  keys.forEach((key, i) => verdicts.set(key, probed[i]!));
  const refused: SubjectRefusal[] = [];
  const takenPictures = new Set(
    freshPictures.filter((i) => {
      const s = inputs[i]!;
      const bad = s.frames.find((f) => !verdicts.get(f.key)!.ok);
      if (!bad) return true;
      const v = verdicts.get(bad.key)!;
      if (!v.ok) refused.push({ index: i, name: s.name.trim(), key: bad.key, reason: v.reason, ...(v.format ? { format: v.format } : {}) });
      return false;
    }),
  );
  // An identical input later in the call is refused with its first occurrence, not counted a duplicate of nothing.
  const refusedHashes = new Set(refused.map((r) => pictureHashes[r.index]!));
  inputs.forEach((s, i) => {
    const h = pictureHashes[i]!;
    if (h && firstPicture.get(h) !== i && refusedHashes.has(h)) {
      const first = refused.find((r) => pictureHashes[r.index] === h)!;
      refused.push({ ...first, index: i, name: s.name.trim() });
    }
  });

  const videos = await prepareVideos(ctx, videoInputs, stored, videoSplit);
  refused.push(...videos.refused);
  refused.sort((a, b) => a.index - b.index);
  const refusedIndexes = new Set(refused.map((r) => r.index));

  // Units in the inputs' order: pictures that are not refused, and each video's items.
  const videoUnits = new Map<number, ImportUnit[]>();
  for (const u of videos.units) videoUnits.set(u.index, [...(videoUnits.get(u.index) ?? []), u]);
  const units: ImportUnit[] = inputs.flatMap((s, index): ImportUnit[] => {
    if (s.recordType === 'video') return videoUnits.get(index) ?? [];
    if (refusedIndexes.has(index)) return [];
    return [{ index, subject: pictureSubject(s, pictureHashes[index]!, takenPictures.has(index) ? { stored, verdicts } : null) }];
  });
  const firstUnit = new Map<string, number>();
  units.forEach((u, i) => {
    if (!firstUnit.has(u.subject.contentHash)) firstUnit.set(u.subject.contentHash, i);
  });
  const videoHashes = [...new Set(videos.units.map((u) => u.subject.contentHash))];
  const existing = new Map([...pictureExisting, ...(await subjects.byContentHash(projectId, videoHashes))]);
  const fresh = [...firstUnit.entries()].filter(([h]) => !existing.has(h)).map(([, i]) => units[i]!.subject);
  // Frame times go beside the files whose items are new (a re-import's items have theirs).
  const wanted = new Set(fresh.flatMap((s) => (s.video ? [s.video.info.timesKey] : [])));
  const times = new Map([...videos.times].filter(([key]) => wanted.has(key)));
  await storeFrameTimes(ctx.storage, times);
  return { units, firstUnit, existing, fresh, refused, warnings: videos.warnings, times };
}

/**
 * A picture or sequence input as a subject to insert; `checked` holds its files' objects and
 * verdicts when it is new (a duplicate's files are not looked at: it is never inserted).
 */
function pictureSubject(s: SubjectInput, contentHash: string, checked: { stored: Map<string, { contentType: string }>; verdicts: Map<string, ImageVerdict> } | null): NewSubject {
  return {
    name: s.name.trim(),
    recordType: s.recordType,
    contentHash,
    sizeBytes: s.frames.reduce((n, f) => n + f.sizeBytes, 0),
    frames: s.frames.map((f) => {
      const v = checked?.verdicts.get(f.key);
      return {
        key: f.key,
        fileName: f.fileName?.trim() ?? fileNameOf(f.key),
        contentType: f.contentType ?? checked?.stored.get(f.key)?.contentType ?? 'application/octet-stream',
        sizeBytes: f.sizeBytes,
        // The picture's own size, not the caller's word for it.
        width: v?.ok ? v.width : null,
        height: v?.ok ? v.height : null,
        sha256: f.sha256.toLowerCase(),
      };
    }),
  };
}

/** Once an import is committed: images past 16k get their tile pyramid in the background. */
export function askPyramids(ctx: ServerContext, prepared: PreparedImport): void {
  ctx.pyramids.want(prepared.fresh.flatMap((s) => s.frames));
}

/**
 * Runs the call's write; when it fails, the frame times the preparation stored and no item
 * names are deleted again, so a call that wrote nothing leaves nothing behind.
 */
export async function committing<T>(ctx: ServerContext, prepared: PreparedImport, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    await forgetFrameTimes(ctx, prepared.times).catch(() => undefined);
    throw err;
  }
}

/**
 * Writes a prepared import into a batch, inside the caller's transaction, and keeps the batch's
 * subject count in step. Units not created are the duplicates: of a subject the project had,
 * of one a concurrent import created first, or of an earlier unit of this same call.
 */
export async function writeImport(
  trx: Kysely<Database>,
  p: { projectId: number; batchId: number; createdBy: number; now: number },
  prepared: PreparedImport,
): Promise<{ created: number; duplicates: SubjectDuplicate[]; refused: SubjectRefusal[]; warnings: SubjectImportWarning[] }> {
  const subjects = new SubjectsRepository(trx);
  const inserted = await subjects.insert(p, prepared.fresh);
  const byType = new Map<string, number>();
  for (const s of prepared.fresh) if (inserted.has(s.contentHash)) byType.set(s.recordType, (byType.get(s.recordType) ?? 0) + 1);
  await new BatchesRepository(trx).addToCount(p.batchId, byType);
  const lostRace = prepared.fresh.map((s) => s.contentHash).filter((h) => !inserted.has(h));
  const raced = lostRace.length > 0 ? await subjects.byContentHash(p.projectId, lostRace) : new Map<string, number>();

  const duplicates: SubjectDuplicate[] = [];
  prepared.units.forEach((u, i) => {
    const h = u.subject.contentHash;
    if (prepared.firstUnit.get(h) === i && inserted.has(h)) return;
    const existingDataId = prepared.existing.get(h) ?? raced.get(h) ?? inserted.get(h);
    // A content deleted by a concurrent call between the check and the insert has no id left to name.
    if (existingDataId === undefined) return;
    duplicates.push({ index: u.index, name: u.subject.name, contentHash: h, existingDataId });
  });
  return { created: inserted.size, duplicates, refused: prepared.refused, warnings: prepared.warnings };
}
