import crypto from 'node:crypto';
import path from 'node:path';
import type { DatasetImportArgs, DatasetJob, DatasetsHandlers } from '../../../src-shared/ipc/datasets';
import type { WorkstationConfig } from '../../config';
import type { EventBus } from '../events';
import type { ServerClient } from '../session';
import type { StorageService } from '../storage';
import { ImportJob } from './importJob';
import { ImportJournal } from './importJournal';
import { scanFolder } from './scanFolder';

const badArgs = (message: string) => Object.assign(new TypeError(message), { code: 'BAD_ARGS' });
const SAMPLE = 20;

function checkScanArgs(a: { paths?: unknown; recordType?: unknown } | undefined): { paths: string[]; recordType: 'image' | 'frame' } {
  if (!Array.isArray(a?.paths) || a.paths.length === 0 || !a.paths.every((p) => typeof p === 'string' && path.isAbsolute(p))) throw badArgs('paths must be a list of absolute paths');
  if (a.recordType !== 'image' && a.recordType !== 'frame') throw badArgs('recordType must be image or frame');
  return { paths: a.paths as string[], recordType: a.recordType };
}

/** Local datasets: scanning a folder into subjects, and imports that survive pauses and restarts. */
export function createDatasetsService(
  config: WorkstationConfig,
  deps: { server: ServerClient; storage: StorageService; events: EventBus },
): { handlers: DatasetsHandlers; close(): void } {
  const journal = new ImportJournal(path.join(config.dataDir, 'imports'));
  const jobs = new Map<string, ImportJob>();
  const make = (record: ConstructorParameters<typeof ImportJob>[0]) =>
    new ImportJob(record, {
      server: deps.server,
      storage: deps.storage,
      journal,
      onChange: (job) => deps.events.emit('datasets.job', job),
      onFile: (e) => deps.events.emit('datasets.file', e),
    });
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
        const { paths, recordType } = checkScanArgs(a);
        const scan = await scanFolder(paths, recordType);
        const files = scan.subjects.flatMap((s) => s.files);
        return { subjects: scan.subjects.length, files: files.length, bytes: files.reduce((n, f) => n + f.size, 0), ignored: scan.ignored, sample: scan.subjects.slice(0, SAMPLE) };
      },
      'datasets.import': async (a) => {
        const { paths, recordType } = checkScanArgs(a);
        if (!Number.isSafeInteger(a.projectId) || a.projectId < 1) throw badArgs('projectId must be a positive integer');
        if (typeof a.batchName !== 'string' || a.batchName.trim() === '' || a.batchName.length > 64) throw badArgs('batchName must be 1 to 64 characters');
        if (!deps.storage.status().initialised) await deps.storage.init();
        const now = Date.now();
        const args: DatasetImportArgs = { paths, recordType, projectId: a.projectId, batchName: a.batchName.trim(), ...(a.concurrency ? { concurrency: a.concurrency } : {}) };
        const job: DatasetJob = {
          jobId: crypto.randomUUID(), projectId: args.projectId, batchName: args.batchName, state: 'scanning',
          subjects: 0, files: 0, bytes: 0, skippedSubjects: 0, refusedSubjects: 0, refused: [], uploadedFiles: 0, uploadedBytes: 0, registeredSubjects: 0,
          batchId: null, error: null, startedAt: now, updatedAt: now,
        };
        const j = make({ args, job, plan: [] });
        jobs.set(job.jobId, j);
        journal.save(j.record);
        void j.start();
        return snapshot(j);
      },
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
    close: () => {
      for (const j of jobs.values()) j.pause();
    },
  };
}
