import crypto from 'node:crypto';
import path from 'node:path';
import { Value } from 'typebox/value';
import { VideoSplit } from '../../../src-shared/media/videoInfo';
import type { DatasetImportArgs, DatasetJob, DatasetsHandlers } from '../../../src-shared/ipc/datasets';
import type { BrowserUploadAnswer } from '../../../src-shared/ipc/nodeHost';
import type { WorkstationConfig } from '../../config';
import type { EventBus } from '../events';
import type { ServerClient } from '../session';
import type { StorageService } from '../storage';
import { ImportJob } from './importJob';
import { ImportJournal } from './importJournal';
import { scanFolder } from './scanFolder';
import { checkBrowserImportArgs } from './browserImportArgs';
import { BrowserSpool } from './browserSpool';
import { createBrowserReceiver, type BrowserChunk } from './browserReceiver';

const badArgs = (message: string) => Object.assign(new TypeError(message), { code: 'BAD_ARGS' });
const SAMPLE = 20;

function checkScanArgs(a: { paths?: unknown; recordType?: unknown; videos?: unknown } | undefined): { paths: string[]; recordType: 'image' | 'frame'; videos: boolean } {
  if (!Array.isArray(a?.paths) || a.paths.length === 0 || !a.paths.every((p) => typeof p === 'string' && path.isAbsolute(p))) throw badArgs('paths must be a list of absolute paths');
  if (a.recordType !== 'image' && a.recordType !== 'frame') throw badArgs('recordType must be image or frame');
  if (a.videos !== undefined && typeof a.videos !== 'boolean') throw badArgs('videos must be true or false');
  return { paths: a.paths as string[], recordType: a.recordType, videos: a.videos === true };
}

/** The dialog's split, checked by the same schema the server's call uses (an overlap past an item's length the server refuses, translated). */
function checkVideoSplit(v: unknown): VideoSplit | undefined {
  if (v === undefined) return undefined;
  if (!Value.Check(VideoSplit, v)) throw badArgs('videoSplit must be { unit: frames | seconds, length, overlap? }');
  return v;
}

/** Local datasets: scanning a folder into subjects, and imports that survive pauses and restarts. */
export function createDatasetsService(
  config: WorkstationConfig,
  deps: { server: ServerClient; storage: StorageService; events: EventBus },
): { handlers: DatasetsHandlers; receiveBrowserChunk: (c: BrowserChunk) => Promise<BrowserUploadAnswer>; close(): void } {
  const journal = new ImportJournal(path.join(config.dataDir, 'imports'));
  const spool = new BrowserSpool(path.join(config.dataDir, 'incoming'));
  const jobs = new Map<string, ImportJob>();
  const make = (record: ConstructorParameters<typeof ImportJob>[0]) =>
    new ImportJob(record, {
      server: deps.server,
      storage: deps.storage,
      journal,
      onChange: (job) => {
        // What a browser sent for a job that is over has nowhere to go.
        if (job.source === 'browser' && (job.state === 'done' || job.state === 'cancelled')) spool.removeJob(job.jobId);
        deps.events.emit('datasets.job', job);
      },
      onFile: (e) => deps.events.emit('datasets.file', e),
    });
  const newJob = (projectId: number, batchName: string, source: DatasetJob['source']): DatasetJob => {
    const now = Date.now();
    return {
      jobId: crypto.randomUUID(), source, projectId, batchName, state: source === 'browser' ? 'checking' : 'scanning',
      subjects: 0, files: 0, bytes: 0, skippedSubjects: 0, refusedSubjects: 0, refused: [], uploadedFiles: 0, uploadedBytes: 0, registeredSubjects: 0,
      batchId: null, error: null, startedAt: now, updatedAt: now,
    };
  };
  // Imports an earlier run left unfinished wait as paused until the user resumes them.
  for (const r of journal.load()) {
    if (!['done', 'cancelled'].includes(r.job.state)) r.job.state = 'paused';
    jobs.set(r.job.jobId, make(r));
  }
  const find = (jobId: unknown): ImportJob => {
    const j = typeof jobId === 'string' ? jobs.get(jobId) : undefined;
    if (!j) throw Object.assign(new Error('No such import'), { code: 'TransferNotFound' });
    return j;
  };
  const snapshot = (j: ImportJob): DatasetJob => ({ ...j.job });

  return {
    handlers: {
      'datasets.scan': async (a) => {
        const { paths, recordType, videos } = checkScanArgs(a);
        const scan = await scanFolder(paths, recordType, { videos });
        const files = scan.subjects.flatMap((s) => s.files);
        return { subjects: scan.subjects.length, files: files.length, bytes: files.reduce((n, f) => n + f.size, 0), ignored: scan.ignored, videos: scan.videos, sample: scan.subjects.slice(0, SAMPLE) };
      },
      'datasets.import': async (a) => {
        const { paths, recordType, videos } = checkScanArgs(a);
        const videoSplit = checkVideoSplit(a.videoSplit);
        if (!Number.isSafeInteger(a.projectId) || a.projectId < 1) throw badArgs('projectId must be a positive integer');
        if (typeof a.batchName !== 'string' || a.batchName.trim() === '' || a.batchName.length > 64) throw badArgs('batchName must be 1 to 64 characters');
        if (!deps.storage.status().initialised) await deps.storage.init();
        const args: DatasetImportArgs = { paths, recordType, ...(videos ? { videos } : {}), ...(videoSplit ? { videoSplit } : {}), projectId: a.projectId, batchName: a.batchName.trim(), ...(a.concurrency ? { concurrency: a.concurrency } : {}) };
        const job = newJob(args.projectId, args.batchName, 'folder');
        const j = make({ args, job, plan: [] });
        jobs.set(job.jobId, j);
        journal.save(j.record);
        void j.start();
        return snapshot(j);
      },
      'datasets.importFromBrowser': async (raw) => {
        const a = checkBrowserImportArgs(raw);
        if (!deps.storage.status().initialised) await deps.storage.init();
        const job = newJob(a.projectId, a.batchName, 'browser');
        const j = make({ args: { paths: [], recordType: a.recordType, projectId: a.projectId, batchName: a.batchName }, job, plan: [] });
        jobs.set(job.jobId, j);
        // The plan first (which content the project has), so the answer can name the files the page must send.
        try {
          await j.planFromBrowser(a);
        } catch (err) {
          jobs.delete(job.jobId);
          throw err;
        }
        journal.save(j.record);
        void j.start();
        return { job: snapshot(j), wanted: j.wanted() };
      },
      'datasets.wanted': async (a) => find(a?.jobId).wanted(),
      'datasets.jobs': async () => [...jobs.values()].map(snapshot),
      'datasets.pause': async (a) => {
        const j = find(a?.jobId);
        j.pause();
        return snapshot(j);
      },
      'datasets.resume': async (a) => {
        const j = find(a?.jobId);
        if (!deps.storage.status().initialised) await deps.storage.init();
        j.resume();
        return snapshot(j);
      },
      'datasets.cancel': async (a) => {
        const j = find(a?.jobId);
        j.cancel();
        await j.running;
        if (j.job.state === 'paused') j.resume();
        await j.running;
        return snapshot(j);
      },
    },
    receiveBrowserChunk: createBrowserReceiver({ jobs, spool, onProgress: (e) => deps.events.emit('storage.progress', e) }),
    close: () => {
      for (const j of jobs.values()) j.pause();
    },
  };
}
