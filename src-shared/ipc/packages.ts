import type { TaskSubjectCard } from '../api/taskSubject';
import type { SubjectDetail } from '../api/subject';
import type { TaskSubjectAnnotations } from '../api/annotate';
import type { DataOf } from '../api/route';
import type { ontologyRoutes } from '../api/ontology';
import type { projectRoutes } from '../api/project';
import type { taskRoutes } from '../api/task';
import type { BrowserDownload } from './app';

/**
 * Where a work package stands on this workstation (docs/offline-day.md, "Workstation"):
 * downloading (frames on their way), paused (stopped by the user; a restart keeps it paused),
 * ready (every frame on disk with the size the server gave: workable offline), failed (a frame
 * could not be fetched; `packages.resume` tries again), cancelled (stopped and given back).
 */
export const LOCAL_PACKAGE_STATES = ['downloading', 'paused', 'ready', 'failed', 'cancelled'] as const;
export type LocalPackageState = (typeof LOCAL_PACKAGE_STATES)[number];

/** Why a package failed or a call was refused: a PACKAGE_* code, a storage code or the server's message key. */
export interface PackageError {
  code: string;
  message: string;
}

/** How far a package's download is (also the payload of the `packages.progress` event). */
export interface PackageProgress {
  packageId: number;
  state: LocalPackageState;
  filesDone: number;
  filesTotal: number;
  bytesDone: number;
  bytesTotal: number;
  /** items whose every frame is on disk and checked */
  itemsReady: number;
  itemsTotal: number;
  error?: PackageError;
}

/** A package as this workstation keeps it. */
export interface LocalPackage extends PackageProgress {
  projectId: number;
  taskId: number;
  workflowId: number;
  /** the holder: the user who took it */
  userId: number;
  createdAt: number;
  /** when the server's lease ends (epoch ms) */
  expiresAt: number;
  /** the items still in the package, in the server's order */
  taskSubjectIds: number[];
  /** of those, the ones that came back from a review (as their cards said when taken): My work counts them offline */
  reworkIds: number[];
}

/** One frame of a stored item: where the workspace reads its picture. */
export interface PackageFrame {
  frameId: number;
  /** the object key it came from */
  key: string;
  sizeBytes: number;
  /** the absolute path of the file on this machine; null until it is downloaded and checked */
  file: string | null;
  /**
   * Where the page reads the picture (fetch it with the renderer's `hostFetch`): an
   * `annot-package:` address in Electron, a path of the browser host; null until the file is on
   * disk and checked. See packageFrames.ts.
   */
  url: string | null;
}

/**
 * A video item's file and its frame times on this machine (docs/offline-day.md, "Video items"):
 * the workspace decodes the item's frames from the file, read by byte ranges from `url`.
 */
export interface PackageVideo {
  /** the file's object key (the subject's `video.key`) */
  key: string;
  /** absolute paths on this machine; null until downloaded and checked */
  file: string | null;
  timesFile: string | null;
  /** where the page reads the file (by HTTP ranges) and the times (fetch with `hostFetch`); null until on disk and checked */
  url: string | null;
  timesUrl: string | null;
}

/**
 * One item of a package, everything the workspace needs to open it with no network: the card,
 * the subject, the annotations at the version taken (open the journal with
 * `annotations.version`: it answers the edits made since), and the frames on disk.
 */
export interface PackageItemView {
  packageId: number;
  card: TaskSubjectCard;
  subject: SubjectDetail;
  annotations: TaskSubjectAnnotations;
  /** a picture item's frame files (a video item has none: its frames are in `video`) */
  frames: PackageFrame[];
  /** a video item's file and frame times */
  video?: PackageVideo;
  /** every file is on disk and checked */
  ready: boolean;
}

/**
 * What the workspace reads besides the items, stored with the package when it was taken and
 * refreshed while the server answers (docs/offline-day.md, "Workstation: page reads"). Each
 * part is the data of the team-server route named, as that route answered it at `fetchedAt`;
 * the counts in `steps` are as they were then.
 */
export interface PackageContext {
  packageId: number;
  /** GET /project/:projectId: its name and instruction (HTML) */
  project: DataOf<typeof projectRoutes.get>;
  /** GET /task/:id: its name, configuration and steps */
  task: DataOf<typeof taskRoutes.get>;
  /** GET /project/:projectId/ontology (null when the project has none) */
  ontology: DataOf<typeof ontologyRoutes.projectGet>;
  /** GET /task/:id/annotate/menu/list: the caller's steps of the task */
  steps: DataOf<typeof taskRoutes.menu>;
  /** GET /project/:projectId/user/rejectReason/list */
  rejectReasons: DataOf<typeof projectRoutes.listRejectReasons>;
  /** when the server gave these answers (epoch ms) */
  fetchedAt: number;
}

export interface PackageReturnOutcome {
  returnedIds: number[];
  /** of those, the ones the holder had started (a dispatcher took them back) */
  startedIds: number[];
  /** the package after: null when nothing is left in it */
  package: LocalPackage | null;
}

/**
 * Why an item left its package without its holder handing it on (docs/offline-day.md, "Workstation:
 * lost with the lease"): the lease ran out (lapsed), a dispatcher took it back (takenBack), or it
 * moved away from the holder some other way (notYours: a manager moved it, the task was closed...).
 */
export const LOST_REASONS = ['lapsed', 'takenBack', 'notYours'] as const;
export type LostReason = (typeof LOST_REASONS)[number];

/** An item lost with the lease, as the list shows it; its copy stays on this workstation until dismissed. */
export interface LostItem {
  /** this workstation's id of the copy (an item lost twice has two) */
  lostId: number;
  taskSubjectId: number;
  packageId: number;
  projectId: number;
  taskId: number;
  workflowId: number;
  /** the holder it was lost to */
  userId: number;
  subjectName: string;
  reason: LostReason;
  /** when the server gave it back (its log's time), or when the workstation found out */
  lostAt: number;
  /** edits typed on this workstation since it was taken: they are in the copy, not on the server */
  edits: number;
}

/** A lost item with everything typed on it: the card and every frame as last typed (the version taken, with the edits applied). */
export interface LostItemCopy extends LostItem {
  card: TaskSubjectCard;
  annotations: TaskSubjectAnnotations;
}

/** The JSON file `packages.lostExport` writes: the user's copy of the work the server did not get. */
export interface LostExportFile {
  format: 'annot.lostWithLease';
  version: 1;
  exportedAt: number;
  items: LostItemCopy[];
}

/** What an export to a file of this machine wrote. */
export interface LostExportResult {
  file: string;
  bytes: number;
  items: number;
}

export interface PackagesHandlers {
  /**
   * Takes a work package from the team server for the signed-in user and starts downloading
   * its frames into the data folder (progress in `packages.progress`). Null when the step has
   * nothing to take.
   */
  'packages.take': (args: { projectId: number; taskId: number; workflowId: number; size?: number }) => Promise<LocalPackage | null>;
  /** The packages on this workstation, newest first (cancelled ones are gone). */
  'packages.list': (args?: Record<string, never>) => Promise<LocalPackage[]>;
  'packages.status': (args: { packageId: number }) => Promise<LocalPackage>;
  /** Stops the download where it is; files done stay. A paused package stays paused after a restart. */
  'packages.pause': (args: { packageId: number }) => Promise<LocalPackage>;
  /** Goes on from the files on disk (also after a failure). */
  'packages.resume': (args: { packageId: number }) => Promise<LocalPackage>;
  /** Stops the download, gives every item back on the server and deletes the package's files. */
  'packages.cancel': (args: { packageId: number }) => Promise<PackageReturnOutcome>;
  /** Gives items back on the server (default: every unstarted one) and forgets them here. */
  'packages.return': (args: { packageId: number; taskSubjectIds?: number[] }) => Promise<PackageReturnOutcome>;
  /** One stored item, read from disk only (works with the server away). */
  'packages.item': (args: { packageId: number; taskSubjectId: number }) => Promise<PackageItemView>;
  /**
   * What the workspace reads besides the items (ontology, step menu, reject reasons, project and
   * task), as stored with the package: works with the server away. PACKAGE_CONTEXT_MISSING when
   * the server could not be asked since the package was taken.
   */
  'packages.context': (args: { packageId: number }) => Promise<PackageContext>;
  /** The signed-in user's items lost with the lease, newest first (the server is asked again at most once a minute on `packages.list`). */
  'packages.lost': (args?: Record<string, never>) => Promise<LostItem[]>;
  /** Writes the copies (default: every lost item of the user) as one JSON file (LostExportFile) at `file`, on this machine. */
  'packages.lostExport': (args: { ids?: number[]; file: string }) => Promise<LostExportResult>;
  /** The same file for a page on another computer, fetched once from the answer's `url` into the browser's downloads. */
  'packages.lostExportToBrowser': (args: { ids?: number[] }) => Promise<BrowserDownload & { items: number }>;
  /** Forgets the copies (the user has what they need of them). */
  'packages.lostDismiss': (args: { ids: number[] }) => Promise<{ dismissed: number }>;
}

/** The payload of the `packages.lost` event: a user's list of lost items changed (read it again with packages.lost). */
export interface LostItemsChanged {
  userId: number;
  count: number;
}

/** Package error codes the handlers reject with (besides BAD_ARGS and storage codes). */
export const PACKAGE_ERROR_CODES = [
  /** no package of that id on this workstation */
  'PACKAGE_NOT_FOUND',
  /** the item is not (or no longer) in that package */
  'PACKAGE_ITEM_NOT_FOUND',
  /** the team server cannot be reached: taking and giving back need it */
  'PACKAGE_OFFLINE',
  /** nobody is signed in */
  'PACKAGE_SIGNED_OUT',
  /** a frame on disk is not the size the server gave (damaged or cut short); it is fetched again */
  'PACKAGE_FRAME_MISMATCH',
  /** the package belongs to another user of this workstation */
  'PACKAGE_OTHER_USER',
  /** the frame's file is not on disk yet (still downloading, or found damaged and fetched again) */
  'PACKAGE_FRAME_NOT_READY',
  /** what the workspace reads besides the items was not stored yet (the server was away since the take); it is fetched when the server is back */
  'PACKAGE_CONTEXT_MISSING',
  /** no lost item of that id for this user (dismissed already?) */
  'PACKAGE_LOST_NOT_FOUND',
  /** an export with no lost item to put in it */
  'PACKAGE_LOST_NONE',
] as const;
export type PackageErrorCode = (typeof PACKAGE_ERROR_CODES)[number];
