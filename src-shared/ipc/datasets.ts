import type { ImageRefusal } from '../media/imageBytes';
/** What a local dataset becomes: one subject per image, or one frame sequence per group. */
export type DatasetRecordType = 'image' | 'frame';

export interface DatasetScanArgs {
  /** absolute paths of folders (walked recursively) and files */
  paths: string[];
  recordType: DatasetRecordType;
}

export interface ScannedSubject {
  /** the subject's name: its path relative to the folder chosen */
  name: string;
  recordType: DatasetRecordType;
  files: { path: string; size: number }[];
}

export interface DatasetScan {
  subjects: number;
  files: number;
  bytes: number;
  /** files that are not images and were left out */
  ignored: number;
  /** the first subjects, for a preview */
  sample: ScannedSubject[];
}

export interface DatasetImportArgs extends DatasetScanArgs {
  projectId: number;
  /** a new batch of this name is created */
  batchName: string;
  /** files uploading at once (default 8) */
  concurrency?: number;
}

/** A subject an import did not take, and why (a file that is not a whole picture the workspace can show). */
export interface DatasetRefusal {
  /** the subject's name (a file name, or a sequence's folder) */
  name: string;
  /** the first file of it that failed, as the user's folder has it */
  file: string;
  reason: ImageRefusal;
  format?: string;
}

/** The most refusals a job lists by name; `refusedSubjects` counts them all. */
export const DATASET_REFUSALS_LISTED = 200;

export type DatasetJobState = 'scanning' | 'hashing' | 'checking' | 'uploading' | 'registering' | 'paused' | 'done' | 'failed' | 'cancelled';

export interface DatasetJob {
  jobId: string;
  projectId: number;
  batchName: string;
  state: DatasetJobState;
  subjects: number;
  files: number;
  bytes: number;
  /** subjects the project already had (by content), not uploaded again */
  skippedSubjects: number;
  /** subjects not taken: a file is not a whole picture (checked here before upload, and by the server) */
  refusedSubjects: number;
  /** the first DATASET_REFUSALS_LISTED of them, by name and reason */
  refused: DatasetRefusal[];
  uploadedFiles: number;
  uploadedBytes: number;
  registeredSubjects: number;
  batchId: number | null;
  /** why it failed, when it did: a storage error code with its params, or the server's message key */
  error: { code: string; message: string; params?: Record<string, string | number> } | null;
  startedAt: number;
  updatedAt: number;
}

/** A file of an import finished uploading (per-file progress of large files comes as storage.progress with transferId `<jobId>:<n>`). */
export interface DatasetFileEvent {
  jobId: string;
  path: string;
  size: number;
}

export interface DatasetsHandlers {
  /** Walks the paths and groups the images into subjects, without uploading anything. */
  'datasets.scan': (args: DatasetScanArgs) => Promise<DatasetScan>;
  /** Starts an import in the background; progress comes as datasets.job events. */
  'datasets.import': (args: DatasetImportArgs) => Promise<DatasetJob>;
  'datasets.jobs': (args?: Record<string, never>) => Promise<DatasetJob[]>;
  /** Lets the files uploading finish, then waits. */
  'datasets.pause': (args: { jobId: string }) => Promise<DatasetJob>;
  /** Continues a paused job, or one an earlier run of the app left unfinished. */
  'datasets.resume': (args: { jobId: string }) => Promise<DatasetJob>;
  /** Stops the job: uploads in flight are aborted, nothing more is registered. */
  'datasets.cancel': (args: { jobId: string }) => Promise<DatasetJob>;
}
