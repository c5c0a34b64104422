/**
 * The videos of an import call (docs/video.md, "Video items"): each file probed (its frame table
 * read, or its refusal with the reason), cut into items by the call's split, each item with its
 * name, content hash and share of the file's bytes; the frame times written beside the file
 * once per file, and taken back when the call writes nothing that names them.
 */
import crypto from 'node:crypto';
import type { ServerContext } from '../../context';
import type { ObjectInfo, ObjectStore } from '../../storage';
import { AppError } from '../../errors';
import { SUBJECT_IMPORT_MAX_VIDEO_FRAMES, type SubjectImportWarning, type SubjectInput, type SubjectRefusal } from '../../../src-shared/api/subject';
import type { VideoFrameTimes, VideoSplit } from '../../../src-shared/media/videoInfo';
import { SplitOverlapError, stretchBytes, videoItemName, videoStretches } from '../../../src-shared/media/videoSplit';
import type { VideoVerdict } from '../../../src-shared/media/videoProbe';
import { probeStoredVideo } from '../../media/probeStoredVideo';
import { SubjectsRepository, type NewSubject } from '../../repositories/subjects';
import { contentHashOf, fileNameOf, mapLimit } from './importCheck';

/** Videos probed at once: a WebM's probe reads the whole file, an MP4's builds its whole frame table. */
const VIDEO_PROBE_CONCURRENCY = 2;

/** One item to create from an input: a picture or sequence is one, a split video several. */
export interface ImportUnit {
  /** the input's position in the request */
  index: number;
  subject: NewSubject;
}

export interface PreparedVideos {
  units: ImportUnit[];
  refused: SubjectRefusal[];
  warnings: SubjectImportWarning[];
  /** frame times to store beside each file taken: times key → its object */
  times: Map<string, VideoFrameTimes>;
}

/** Where a video's frame times are kept: beside the file. */
export const timesKeyOf = (key: string) => `${key}.times.json`;

/** A stretch's content hash: the file's own (as any one-file subject) when it is the whole file. */
const stretchHash = (sha256: string, first: number, count: number, whole: boolean) =>
  whole ? contentHashOf([sha256]) : crypto.createHash('sha256').update(`${sha256}:${first}-${first + count - 1}`, 'utf8').digest('hex');

/**
 * Probes each distinct file of the video inputs (`stored`: their objects, checked to exist with
 * the declared size) and makes the items of the ones taken.
 */
export async function prepareVideos(ctx: ServerContext, inputs: readonly { index: number; input: SubjectInput }[], stored: ReadonlyMap<string, ObjectInfo>, split?: VideoSplit): Promise<PreparedVideos> {
  const keys = [...new Set(inputs.map((v) => v.input.frames[0]!.key))];
  const probed = await mapLimit(keys, VIDEO_PROBE_CONCURRENCY, (key) => probeStoredVideo(ctx.storage, key, stored.get(key)!.size, ctx.now));
  const verdicts = new Map<string, VideoVerdict>(keys.map((k, i) => [k, probed[i]!]));
  const out: PreparedVideos = { units: [], refused: [], warnings: [], times: new Map() };
  let rows = 0;
  for (const { index, input } of inputs) {
    const file = input.frames[0]!;
    const name = input.name.trim();
    const v = verdicts.get(file.key)!;
    if (!v.ok) {
      out.refused.push({ index, name, key: file.key, reason: v.reason, media: 'video', ...(v.format ? { format: v.format } : {}), ...(v.codec ? { codec: v.codec } : {}) });
      continue;
    }
    for (const warning of v.warnings) out.warnings.push({ index, name, key: file.key, warning });
    let stretches;
    try {
      stretches = videoStretches(v.times, split);
    } catch (err) {
      if (err instanceof SplitOverlapError) throw new AppError('subject.videoSplitOverlap', { overlap: err.overlap, index });
      throw err;
    }
    rows += stretches.reduce((n, s) => n + s.count, 0);
    if (rows > SUBJECT_IMPORT_MAX_VIDEO_FRAMES) throw new AppError('subject.tooManyVideoFrames', { max: SUBJECT_IMPORT_MAX_VIDEO_FRAMES, given: rows });
    const timesKey = timesKeyOf(file.key);
    out.times.set(timesKey, { version: 1, times: v.times });
    const whole = stretches.length === 1;
    const sha256 = file.sha256.toLowerCase();
    const fileName = file.fileName?.trim() ?? fileNameOf(file.key);
    const contentType = file.contentType ?? stored.get(file.key)!.contentType;
    const bytes = stretchBytes(file.sizeBytes, v.facts.fileFrames, stretches);
    stretches.forEach((s, k) => {
      out.units.push({
        index,
        subject: {
          name: videoItemName(name, s, whole),
          recordType: 'video',
          contentHash: stretchHash(sha256, s.first, s.count, whole),
          sizeBytes: bytes[k]!.item,
          frames: [],
          video: {
            info: { ...v.facts, key: file.key, firstFrame: s.first, frameCount: s.count, timesKey },
            file: { fileName, contentType, sha256 },
            frameBytes: bytes[k]!.frame,
          },
        },
      });
    });
  }
  return out;
}

/** Writes each file's frame times beside it (the same file gives the same times: a second import rewrites them alike). */
export async function storeFrameTimes(storage: ObjectStore, times: ReadonlyMap<string, VideoFrameTimes>): Promise<void> {
  for (const [key, value] of times) await storage.put(key, Buffer.from(JSON.stringify(value)), 'application/json');
}

/** After a call that failed to write: the frame-times objects it stored that no item names are deleted again. */
export async function forgetFrameTimes(ctx: ServerContext, times: ReadonlyMap<string, VideoFrameTimes>): Promise<void> {
  if (times.size === 0) return;
  const used = await new SubjectsRepository(ctx.db).timesKeysInUse([...times.keys()]);
  for (const key of times.keys()) if (!used.has(key)) await ctx.storage.delete(key).catch(() => undefined);
}
