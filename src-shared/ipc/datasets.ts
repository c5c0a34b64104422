import type { ImageRefusal } from '../media/imageBytes';
import type { VideoRefusal, VideoSplit, VideoWarning } from '../media/videoInfo';
/** What a local dataset becomes: one subject per image, or one frame sequence per group. */
export type DatasetRecordType = 'image' | 'frame';
/** What one scanned subject is: an image, a frame sequence, or a video file (frame projects: docs/video.md). */
export type ScannedRecordType = DatasetRecordType | 'video';

export interface DatasetScanArgs {
  /** absolute paths of folders (walked recursively) and files */
  paths: string[];
  recordType: DatasetRecordType;
  /** take video files (DATASET_VIDEO_EXTENSIONS), each one subject: only a frame project takes videos */
  videos?: boolean;
}

export interface ScannedSubject {
  /** the subject's name: its path relative to the folder chosen */
  name: string;
  recordType: ScannedRecordType;
  files: { path: string; size: number }[];
}

export interface DatasetScan {
  subjects: number;
  files: number;
  bytes: number;
  /** files that are not images (nor videos, when videos are taken) and were left out */
  ignored: number;
  /** video files taken, each one subject (counted in `subjects` too) */
  videos: number;
  /** the first subjects, for a preview */
  sample: ScannedSubject[];
}

export interface DatasetImportArgs extends DatasetScanArgs {
  projectId: number;
  /** a new batch of this name is created */
  batchName: string;
  /** files uploading at once (default 8) */
  concurrency?: number;
  /** how long videos are split into items (SubjectImportBody.videoSplit; absent: one item per file) */
  videoSplit?: VideoSplit;
}

/** A subject an import did not take, and why (a file that is not a whole picture, or not a video, the workspace can show). */
export interface DatasetRefusal {
  /** the subject's name (a file name, or a sequence's folder) */
  name: string;
  /** the first file of it that failed, as the user's folder has it */
  file: string;
  reason: ImageRefusal | VideoRefusal;
  /** a video's file: the reason is one of VIDEO_REFUSALS (error.media.video.<reason>) */
  media?: 'video';
  format?: string;
  /** unsupportedCodec: the video's codec */
  codec?: string;
}

/** A video taken with something its user should know (a variable frame rate: warning.media.video.<warning>). */
export interface DatasetWarning {
  name: string;
  file: string;
  warning: VideoWarning;
}

/** The most refusals a job lists by name; `refusedSubjects` counts them all. */
export const DATASET_REFUSALS_LISTED = 200;

/**
 * A file a browser read for an import (docs/browser-host-remote.md): its path under the
 * chosen folder's parent as the browser names it, and what the page found by reading it
 * (sha256, and the pixel size from its header).
 */
export interface BrowserDatasetFile {
  name: string;
  size: number;
  sha256: string;
  width: number;
  height: number;
}

/** An import whose files are in the user's browser, not on the workstation's machine: the page grouped, checked and hashed them. */
export interface BrowserImportArgs {
  projectId: number;
  batchName: string;
  recordType: DatasetRecordType;
  /** the subjects whose every file the page found whole */
  subjects: { name: string; files: BrowserDatasetFile[] }[];
  /** the subjects the page refused, by name and reason (the shared image check, in the browser) */
  refused: DatasetRefusal[];
}

/** A file the workstation still needs from the browser: send its bytes to the host's upload path under `object`. */
export interface WantedBrowserFile {
  /** the object's name in the store (`<sha256>.<ext>`), the upload's address */
  object: string;
  sha256: string;
  size: number;
  /** one of the files with these bytes, as the browser named it */
  name: string;
}

export type DatasetJobState = 'scanning' | 'hashing' | 'checking' | 'uploading' | 'registering' | 'paused' | 'done' | 'failed' | 'cancelled';

export interface DatasetJob {
  jobId: string;
  /** where its files are read: a folder of the workstation's machine, or the browser that started it (absent: folder) */
  source?: 'folder' | 'browser';
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
  /** videos taken with a warning, the first DATASET_REFUSALS_LISTED (absent in jobs journaled before videos) */
  warnings?: DatasetWarning[];
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
  /**
   * Starts an import of files a browser on another computer holds: the workstation checks
   * which content the project has, answers the files it needs, and takes their bytes on the
   * host's upload path (the same job: progress, pause, cancel, refusals, registration).
   */
  'datasets.importFromBrowser': (args: BrowserImportArgs) => Promise<{ job: DatasetJob; wanted: WantedBrowserFile[] }>;
  /** The files a browser import still needs (after a reload the page asks, and the user picks the files again). */
  'datasets.wanted': (args: { jobId: string }) => Promise<WantedBrowserFile[]>;
  /** Lets the files uploading finish, then waits. */
  'datasets.pause': (args: { jobId: string }) => Promise<DatasetJob>;
  /** Continues a paused job, or one an earlier run of the app left unfinished. */
  'datasets.resume': (args: { jobId: string }) => Promise<DatasetJob>;
  /** Stops the job: uploads in flight are aborted, nothing more is registered. */
  'datasets.cancel': (args: { jobId: string }) => Promise<DatasetJob>;
}
