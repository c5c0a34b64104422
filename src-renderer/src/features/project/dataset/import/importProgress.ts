import type { TFunction } from 'i18next';
import type { DatasetJob } from '../../../../../../src-shared/ipc/datasets';

/** Jobs that can still move: the panel offers pause, resume or cancel for these. */
export const isActive = (job: DatasetJob) => !['done', 'failed', 'cancelled'].includes(job.state);

/**
 * The total percentage of an import. Planning (scan, hash, check) is the first 5%, uploading
 * to 95%, registering the rest. Duplicates are not uploaded, so the upload share is counted
 * against the files still to send, estimated from the share of subjects skipped.
 */
export function importPercent(job: DatasetJob): number {
  switch (job.state) {
    case 'done':
      return 100;
    case 'scanning':
    case 'hashing':
    case 'checking':
      return job.uploadedFiles > 0 ? uploadingPercent(job) : 0;
    case 'registering':
      return 95;
    default:
      return uploadingPercent(job);
  }
}

function uploadingPercent(job: DatasetJob): number {
  if (job.files === 0) return 5;
  // Refused subjects (not whole pictures) are not uploaded either.
  const skippedShare = job.subjects > 0 ? (job.skippedSubjects + (job.refusedSubjects ?? 0)) / job.subjects : 0;
  const toUpload = Math.max(job.uploadedFiles, Math.round(job.files * (1 - skippedShare)));
  if (toUpload === 0) return 95;
  return Math.floor(5 + (90 * job.uploadedFiles) / toUpload);
}

/** Subjects an import can still register: those not skipped as duplicates nor refused as damaged. */
export const subjectsToRegister = (job: DatasetJob) => Math.max(0, job.subjects - job.skippedSubjects - (job.refusedSubjects ?? 0));

/**
 * The card's counts. Registered is out of what can be registered, so an import that refused
 * 2 of 12 reads "not imported: 2 · registered: 10/10" when done, not a stuck "10/12".
 */
export function importCounts(job: DatasetJob, t: TFunction): string {
  return t('project.import.counts', {
    uploaded: job.uploadedFiles, files: job.files, skipped: job.skippedSubjects, refused: job.refusedSubjects ?? 0,
    registered: job.registeredSubjects, toRegister: subjectsToRegister(job),
  });
}
