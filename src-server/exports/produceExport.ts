import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { ZipFile } from 'yazl';
import type { Database } from '../database/schema';
import type { DialectName } from '../database/connect';
import type { ObjectInfo, ObjectStore } from '../storage';
import { EXPORT_MAX_SUBJECTS, keepsAsStored, keepsUnconfirmed, mediaIncluded, type ExportReportData } from '../../src-shared/api/export';
import type { ClaimedExport } from '../repositories/exports';
import { yazlSink, type ExportItem, type ZipSink } from './formats';
import { warn } from './formats/geometry';
import { countSelection } from './exportQuery';
import { exportItems } from './itemSource';
import { withoutUnconfirmed } from './unconfirmedItems';
import { loadExportOntology } from './exportOntology';
import { loadArchiveMeta } from './archiveMeta';
import { addStoredFile, mediaPaths, releasingStream, writeAnnotations } from './writeExport';
import { exportObjectKey } from './exportKey';
import { clearExportLeftovers } from './exportLeftovers';
import type { RunControl } from './runControl';
import { DEFAULT_FFMPEG, VideoFrameWriter } from './videoFrames';

export interface ProduceDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  storage: ObjectStore;
  tempDir: string;
  /** the ffmpeg that renders video frames with the media (FFMPEG_PATH; default: `ffmpeg` on PATH) */
  ffmpegPath?: string;
}

export interface Produced {
  report: ExportReportData;
  size: number;
  objectKey: string;
  total: number;
}

class TooLarge extends Error {
  readonly code = 'export.tooLarge';
}

/**
 * Writes one export's zip into the object store: the annotations streamed page by page through
 * the format's writer, then the media if asked, into an upload that starts at once. A stop or
 * a failure destroys the zip stream, which fails the upload (S3 aborts the multipart upload)
 * instead of storing a truncated zip, and deletes whatever was stored anyway.
 */
export async function produceExport(d: ProduceDeps, job: ClaimedExport, control: RunControl, onProgress: (done: number, total: number) => void): Promise<Produced> {
  const objectKey = exportObjectKey(job.projectId, job.id, job.name);
  const zip = new ZipFile();
  const output = zip.outputStream as unknown as Readable;
  let upload: Promise<ObjectInfo> | null = null;
  control.onStop((reason) => output.destroy(new Error(`export stopped: ${reason}`)));
  try {
    const work = write(d, job, objectKey, zip, control, onProgress, (u) => {
      upload = u;
    });
    work.catch(() => undefined);
    // A stop wins even when the work waits on something a destroyed stream never settles.
    const { report, total } = await Promise.race([work, control.stopped]);
    const info = await (upload as unknown as Promise<ObjectInfo>);
    return { report, size: info.size, objectKey, total };
  } catch (err) {
    output.destroy(err instanceof Error ? err : new Error(String(err)));
    await (upload as Promise<ObjectInfo> | null)?.catch(() => undefined);
    await d.storage.delete(objectKey).catch(() => undefined);
    throw err;
  }
}

async function write(
  d: ProduceDeps,
  job: ClaimedExport,
  objectKey: string,
  zip: ZipFile,
  control: RunControl,
  onProgress: (done: number, total: number) => void,
  started: (upload: Promise<ObjectInfo>) => void,
): Promise<{ report: ExportReportData; total: number }> {
  // Taken over from a server that died mid-run: what it half wrote goes before this run writes
  // (under the same prefix: exportKey.ts). Not being able to look fails no run.
  await clearExportLeftovers(d.storage, job.projectId, job.id).catch(() => 0);
  control.check();
  const selection = { projectId: job.projectId, filters: job.filters, dialect: d.dialect };
  const counted = await countSelection(d.db, selection);
  if (counted.subjects > EXPORT_MAX_SUBJECTS) throw new TooLarge(`${counted.subjects} subjects match, more than ${EXPORT_MAX_SUBJECTS}`);
  const withMedia = mediaIncluded(job.format, job.options);
  const total = counted.subjects * (withMedia ? 2 : 1);
  onProgress(0, total);
  const ontology = await loadExportOntology(d.db, job.projectId);
  await fsp.mkdir(d.tempDir, { recursive: true });
  control.check();

  const upload = d.storage.put(objectKey, zip.outputStream as unknown as Readable, 'application/zip');
  started(upload);
  // A failed upload ends the run at once (the writer would otherwise wait on a dead stream).
  upload.catch((err: unknown) => control.fail(err));
  const sink = yazlSink(zip);
  const guarded: ZipSink = { add: (path, content, options) => (control.check(), sink.add(path, content, options)) };

  let subjects = 0;
  async function* counting(items: AsyncIterable<ExportItem>) {
    for await (const item of items) {
      subjects++;
      yield item;
    }
  }
  const items = exportItems(d.db, selection, {
    withHistory: keepsAsStored(job.format),
    onPage: (n) => {
      control.check();
      onProgress(n, total);
    },
  });
  // Suggestions nobody confirmed stay out unless the plan keeps them; the report says how many.
  const left = { unconfirmed: 0 };
  const kept = keepsUnconfirmed(job.format, job.options) ? items : withoutUnconfirmed(items, left);
  const archive = job.format === 'project' ? await loadArchiveMeta(d.db, job.projectId, Date.now()) : undefined;
  const written = await writeAnnotations(job.format, counting(kept), ontology, guarded, d.tempDir, job.options, archive);
  if (left.unconfirmed > 0) written.skipped.unconfirmed = left.unconfirmed;

  let mediaFiles = 0;
  if (withMedia) {
    const seen = new Set<string>();
    const pathsOf = mediaPaths(job.format, ontology);
    const again = exportItems(d.db, selection, {
      onPage: (n) => {
        control.check();
        onProgress(counted.subjects + n, total);
      },
    });
    /** One file into the zip, fetched only once yazl takes it (one at a time, at the upload's pace). */
    const add = async (path: string, body: Readable) => {
      try {
        control.check();
        await Promise.race([addStoredFile(zip, path, body), control.stopped]);
      } catch (err) {
        // A stopped zip never reads the file: close it now rather than at garbage collection.
        body.destroy();
        throw err;
      }
      mediaFiles++;
    };
    const stop = new AbortController();
    control.onStop(() => stop.abort());
    // A video's frames are rendered by ffmpeg, named as the annotations name them (videoFrames.ts).
    const videos = new VideoFrameWriter({ db: d.db, storage: d.storage, tempDir: d.tempDir, ffmpegPath: d.ffmpegPath ?? DEFAULT_FFMPEG, signal: stop.signal });
    try {
      // the same frames the writer saw (class folders name pictures by their confirmed classes)
      const mediaItems = keepsUnconfirmed(job.format, job.options) ? again : withoutUnconfirmed(again, { unconfirmed: 0 });
      for await (const item of mediaItems) {
        const pathsOfFrame = pathsOf(item);
        if (item.recordType === 'video') {
          const { warning } = await videos.write(item, pathsOfFrame, seen, (path, picture) => add(path, releasingStream(picture)));
          if (warning) warn(written, warning);
          continue;
        }
        for (const f of item.frames) {
          // A picture of two classes goes into both class folders: fetched once for each.
          for (const path of pathsOfFrame(f)) {
            if (!f.objectKey || seen.has(path)) continue;
            seen.add(path);
            control.check();
            await add(path, await d.storage.get(f.objectKey));
          }
        }
      }
    } finally {
      // the upload failing ends the run without a stop: ffmpeg is killed here then
      stop.abort();
      await videos.close();
    }
  }
  control.check();
  zip.end();
  await upload;
  return { report: { ...written, subjects, mediaFiles }, total };
}
