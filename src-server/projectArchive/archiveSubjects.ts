/**
 * An archive's items as subjects of the new project: each frame's picture streamed from the zip
 * into the project's dataset folder (hashed on the way), then registered batch by batch through
 * the subject route, as a folder import registers uploaded files. A video item arrives as its
 * frames, which the export rendered as pictures (its file is not in the archive). An item whose
 * pictures are missing, or that the route refuses, is listed and left out.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import type { Kysely } from 'kysely';
import { ARCHIVE_LIMITS, archiveMediaPath } from '../../src-shared/api/projectArchive';
import { SUBJECT_IMPORT_MAX_SUBJECTS, type SubjectInput } from '../../src-shared/api/subject';
import { contentTypeOf } from '../../src-shared/media/contentType';
import { subjectRoutes } from '../../src-shared/api/subject';
import type { Database } from '../database/schema';
import { Listed } from '../imports/tally';
import type { SelfCall } from '../plugins/selfCall';
import type { ObjectStore } from '../storage';
import { keyInFolder } from '../storage/keys';
import type { ArchiveItem } from './readArchive';
import type { ArchiveZip } from './archiveZip';

/** Subjects registered per call: well under the route's limit and its 32 MB body. */
const SUBJECTS_PER_CALL = Math.min(1_000, SUBJECT_IMPORT_MAX_SUBJECTS);

/** Counts and hashes a picture's bytes on their way into the store. */
function measured(): { pass: Transform; result: () => { sizeBytes: number; sha256: string } } {
  const hash = crypto.createHash('sha256');
  let size = 0;
  const pass = new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { pass, result: () => ({ sizeBytes: size, sha256: hash.digest('hex') }) };
}

/** Where an archived frame's picture goes: its own folder per item and frame, as the archive had it. */
function keyOf(projectId: number, importId: string, item: ArchiveItem, index: number, fileName: string): string {
  const folder = `archive-${importId}/${item.dataId}/${index}`;
  const base = path.posix.basename(fileName.replaceAll('\\', '/'));
  try {
    return keyInFolder('dataset', projectId, `${folder}/${base}`).key;
  } catch {
    // a name the store's keys may not hold: the frame keeps its name, the key a plain one
    return keyInFolder('dataset', projectId, `${folder}/frame${path.extname(base).replace(/[^.\w]/g, '')}`).key;
  }
}

export interface SubjectsMade {
  /** the old dataId's new subject id */
  idOf: Map<number, number>;
  /** the old task id's items (old dataIds) */
  itemsOfTask: Map<number, number[]>;
  subjects: number;
  skipped: Listed<string>;
}

interface Deps {
  db: Kysely<Database>;
  storage: ObjectStore;
  call: SelfCall;
  zip: ArchiveZip;
  projectId: number;
  importId: string;
  /** the new batch of an old batch id (the fallback batch for an item of none) */
  batchOf: (oldBatchId: number | null) => Promise<number>;
}

export async function makeSubjects(d: Deps, items: AsyncIterable<ArchiveItem>): Promise<SubjectsMade> {
  const made: SubjectsMade = { idOf: new Map(), itemsOfTask: new Map(), subjects: 0, skipped: new Listed() };
  /** waiting to be registered, per new batch: the subject and the item it came from */
  const waiting = new Map<number, { input: SubjectInput; item: ArchiveItem }[]>();

  const register = async (batchId: number) => {
    const list = waiting.get(batchId) ?? [];
    waiting.delete(batchId);
    if (list.length === 0) return;
    const result = await d.call(subjectRoutes.add, { params: { projectId: d.projectId }, body: { batchId, subjects: list.map((w) => w.input) } });
    for (const r of result.refused) made.skipped.add(`${list[r.index]?.item.name ?? '?'}: ${r.reason}`);
    for (const dup of result.duplicates) made.skipped.add(`${list[dup.index]?.item.name ?? '?'}: duplicate of another item`);
    // The new ids, by the keys this import chose (each names its old item).
    const keys = list.map((w) => w.input.frames[0]!.key);
    const rows = await d.db.selectFrom('subject_frames').select(['subject_id', 'object_key']).where('object_key', 'in', keys).where('frame_index', '=', 0).execute();
    const oldOf = new Map(list.map((w) => [w.input.frames[0]!.key, w.item]));
    for (const r of rows) {
      const item = oldOf.get(r.object_key);
      if (!item || made.idOf.has(item.dataId)) continue;
      made.idOf.set(item.dataId, r.subject_id);
      made.subjects++;
      if (item.taskId !== null) (made.itemsOfTask.get(item.taskId) ?? made.itemsOfTask.set(item.taskId, []).get(item.taskId)!).push(item.dataId);
    }
  };

  for await (const item of items) {
    const frames: SubjectInput['frames'] = [];
    let missing: string | null = null;
    for (const f of item.frames) {
      const name = archiveMediaPath(item.dataId, f.index, f.fileName);
      const body = await d.zip.stream(name, ARCHIVE_LIMITS.zipBytes);
      if (!body) {
        missing = name;
        break;
      }
      const key = keyOf(d.projectId, d.importId, item, f.index, f.fileName);
      const contentType = contentTypeOf(f.fileName);
      const m = measured();
      await d.storage.put(key, body.pipe(m.pass), contentType);
      frames.push({ key, ...m.result(), fileName: f.fileName.slice(0, 255), contentType, ...(f.width && f.height ? { width: f.width, height: f.height } : {}) });
    }
    if (missing !== null || frames.length === 0) {
      made.skipped.add(`${item.name}: ${missing ?? 'no frames'} is not in the archive`);
      continue;
    }
    // the frames of a video are pictures here: the item is a sequence of them
    const input: SubjectInput = { name: item.name.slice(0, 255), recordType: item.recordType === 'video' ? 'frame' : item.recordType, frames };
    const batchId = await d.batchOf(item.batchId);
    const list = waiting.get(batchId) ?? waiting.set(batchId, []).get(batchId)!;
    list.push({ input, item });
    if (list.length >= SUBJECTS_PER_CALL) await register(batchId);
  }
  for (const batchId of [...waiting.keys()]) await register(batchId);
  return made;
}
