import path from 'node:path';
import type { BatchBeforehand } from '../../../src-shared/api/batch';
import { SUBJECT_IMPORT_MAX_FRAMES, SUBJECT_IMPORT_MAX_SUBJECTS, SUBJECT_IMPORT_MAX_VIDEO_FRAMES, SUBJECT_IMPORT_MAX_VIDEOS, type SubjectImportResult, type SubjectInput } from '../../../src-shared/api/subject';
import { DATASET_REFUSALS_LISTED, type BrowserImportArgs, type DatasetJob, type DatasetRefusal, type DatasetWarning, type ScannedRecordType, type WantedBrowserFile } from '../../../src-shared/ipc/datasets';
import { needsPyramid } from '../../../src-shared/model/imagePyramid';
import type { ServerClient } from '../session';
import type { StorageService } from '../storage';
import { contentTypeOf } from '../../../src-shared/media/contentType';
import { runPool } from '../pool';
import { digestFile, subjectContentHash, type FileDigest } from './hashFile';
import { storePyramid } from './imagePyramid';
import type { ImportJournal, ImportRecord, PlannedFile, PlannedSubject } from './importJournal';
import { scanFolder } from './scanFolder';
import { digestVideo, videoRows, type VideoDigest } from './videoCheck';

/** Files hashed at once: disk-bound, a few keep it busy. */
const HASH_CONCURRENCY = 4;
/** Content hashes asked about per call (the route's limit). */
const BEFOREHAND_CHUNK = 10_000;
const SAVE_EVERY_MS = 1000;

export interface ImportDeps {
  server: ServerClient;
  storage: StorageService;
  journal: ImportJournal;
  onChange: (job: DatasetJob) => void;
  onFile: (e: { jobId: string; path: string; size: number }) => void;
}

/** Content-addressed: the same bytes land on the same key, so a re-upload changes nothing. */
const keyOf = (projectId: number, sha: string, file: string) => `dataset/${projectId}/${sha.slice(0, 2)}/${sha}${path.extname(file).toLowerCase()}`;

class Cancelled extends Error {}

/** A file the job does not take now (paused, over, or not one it needs): the page stops sending it. */
const notWanted = (object: string) => Object.assign(new Error(`the import does not take ${object} now`), { code: 'UPLOAD_NOT_WANTED' as const, params: { object } });

/** A subject whose files were read and hashed, wherever that happened (this machine, or the user's browser). */
interface DigestedSubject {
  name: string;
  recordType: ScannedRecordType;
  files: { path: string; size: number; sha256: string; width: number | null; height: number | null; videoRows?: number }[];
}

/**
 * One local import: scan, hash, skip what the project has, upload with bounded concurrency,
 * then create the batch and register its subjects in chunks the server takes. Pause lets the
 * uploads in flight finish and waits; cancel aborts them; every step is journaled, so an app
 * restart resumes where it was.
 */
export class ImportJob {
  private pausedWaiter: { promise: Promise<void>; release: () => void } | null = null;
  private cancelled = false;
  private readonly inFlight = new Set<string>();
  private lastSave = 0;
  /** Wakes the upload phase of a browser import when a file arrived (or the job was cancelled). */
  private delivered: { promise: Promise<void>; release: () => void } = ImportJob.signal();
  running: Promise<void> | null = null;

  private static signal() {
    let release = () => {};
    const promise = new Promise<void>((r) => (release = r));
    return { promise, release };
  }

  private get fromBrowser(): boolean {
    return this.job.source === 'browser';
  }

  constructor(
    readonly record: ImportRecord,
    private readonly deps: ImportDeps,
  ) {}

  get job(): DatasetJob {
    return this.record.job;
  }

  private update(patch: Partial<DatasetJob>, save = true): void {
    Object.assign(this.record.job, patch, { updatedAt: Date.now() });
    if (save) this.save(true);
    this.deps.onChange({ ...this.record.job });
  }

  /** Subjects not taken, by name and reason; a job journaled before refusals existed starts with none. */
  private refuse(refusals: readonly DatasetRefusal[]): void {
    if (!refusals.length) return;
    const listed = [...(this.job.refused ?? []), ...refusals].slice(0, DATASET_REFUSALS_LISTED);
    this.update({ refusedSubjects: (this.job.refusedSubjects ?? 0) + refusals.length, refused: listed });
  }

  /** Videos taken with a warning, by name (the first DATASET_REFUSALS_LISTED). */
  private warn(warnings: readonly DatasetWarning[]): void {
    if (!warnings.length) return;
    this.update({ warnings: [...(this.job.warnings ?? []), ...warnings].slice(0, DATASET_REFUSALS_LISTED) });
  }

  private save(force: boolean): void {
    const now = Date.now();
    if (!force && now - this.lastSave < SAVE_EVERY_MS) return;
    this.lastSave = now;
    this.deps.journal.save(this.record);
  }

  start(): Promise<void> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  pause(): void {
    if (this.pausedWaiter || ['done', 'failed', 'cancelled'].includes(this.job.state)) return;
    let release = () => {};
    const promise = new Promise<void>((r) => (release = r));
    this.pausedWaiter = { promise, release };
    this.update({ state: 'paused' });
  }

  resume(): void {
    const w = this.pausedWaiter;
    this.pausedWaiter = null;
    w?.release();
    if (['done', 'cancelled'].includes(this.job.state)) return;
    if (this.job.state === 'paused' || this.job.state === 'failed') this.update({ state: this.record.plan.length || this.fromBrowser ? 'uploading' : 'scanning', error: null });
    void this.start();
  }

  cancel(): void {
    this.cancelled = true;
    for (const id of this.inFlight) this.deps.storage.cancel(id);
    this.delivered.release();
    this.pausedWaiter?.release();
    this.pausedWaiter = null;
  }

  /** Between steps: wait while paused, stop when cancelled. */
  private async checkpoint(): Promise<void> {
    while (this.pausedWaiter) await this.pausedWaiter.promise;
    if (this.cancelled) throw new Cancelled();
  }

  private async run(): Promise<void> {
    try {
      if (this.record.plan.length === 0 && !this.fromBrowser) await this.planImport();
      await (this.fromBrowser ? this.awaitBrowserFiles() : this.upload());
      await this.register();
      this.update({ state: 'done' }, false);
      this.deps.journal.remove(this.job.jobId);
    } catch (err) {
      if (err instanceof Cancelled || this.cancelled) {
        this.update({ state: 'cancelled' }, false);
        this.deps.journal.remove(this.job.jobId);
        return;
      }
      const e = err as { code?: unknown; message?: string; params?: Record<string, string | number> };
      const code = typeof e.code === 'string' || typeof e.code === 'number' ? String(e.code) : 'INTERNAL';
      // The params fill the translated text (the status of a failed upload, for one).
      this.update({ state: 'failed', error: { code, message: e.message ?? String(err), ...(e.params ? { params: e.params } : {}) } });
    }
  }

  private async planImport(): Promise<void> {
    const { args } = this.record;
    this.update({ state: 'scanning' });
    const scan = await scanFolder(args.paths, args.recordType, { videos: args.videos === true });
    const pictures = scan.subjects.filter((s) => s.recordType !== 'video');
    const videos = scan.subjects.filter((s) => s.recordType === 'video');
    const files = scan.subjects.flatMap((s) => s.files);
    this.update({ state: 'hashing', subjects: scan.subjects.length, files: files.length, bytes: files.reduce((a, f) => a + f.size, 0) });
    const digests = new Map<string, FileDigest>();
    const videoDigests = new Map<string, VideoDigest>();
    const videoFiles = new Set(videos.map((v) => v.files[0]!));
    await runPool(files, HASH_CONCURRENCY, async (f) => {
      await this.checkpoint();
      if (videoFiles.has(f)) videoDigests.set(f.path, await digestVideo(f.path));
      else digests.set(f.path, await digestFile(f.path));
    });
    // A file that is not a whole picture the workspace can show is refused here, before any
    // upload, with its subject (a sequence is never taken with a frame missing).
    const refusals: DatasetRefusal[] = [];
    const whole = pictures.filter((s) => {
      const bad = s.files.find((f) => !digests.get(f.path)!.verdict.ok);
      const v = bad && digests.get(bad.path)!.verdict;
      if (v && !v.ok) refusals.push({ name: s.name, file: bad.path, reason: v.reason, ...(v.format ? { format: v.format } : {}) });
      return !bad;
    });
    // A video the server's probe would refuse is refused here by the same probe, before its
    // upload; one taken with a warning (a variable frame rate) says so on the job.
    const warnings: DatasetWarning[] = [];
    const goodVideos: DigestedSubject[] = [];
    for (const s of videos) {
      const f = s.files[0]!;
      const { sha256, verdict: v } = videoDigests.get(f.path)!;
      if (!v.ok) {
        refusals.push({ name: s.name, file: f.path, reason: v.reason, media: 'video', ...(v.format ? { format: v.format } : {}), ...(v.codec ? { codec: v.codec } : {}) });
        continue;
      }
      for (const warning of v.warnings) warnings.push({ name: s.name, file: f.path, warning });
      goodVideos.push({ name: s.name, recordType: 'video', files: [{ ...f, sha256, width: null, height: null, videoRows: videoRows(v.times, args.videoSplit) }] });
    }
    this.refuse(refusals);
    this.warn(warnings);
    await this.planDigested([...whole.map((s) => ({ name: s.name, recordType: s.recordType, files: s.files.map((f) => ({ ...f, ...digests.get(f.path)! })) })), ...goodVideos]);
  }

  /**
   * A browser import's plan: the page grouped, checked and hashed the files (the same rules,
   * src-shared), so the workstation only learns what the project already has. Its files come
   * later, through `storeDelivered`.
   */
  async planFromBrowser(a: BrowserImportArgs): Promise<void> {
    const files = a.subjects.flatMap((s) => s.files);
    this.update({ subjects: a.subjects.length + a.refused.length, files: files.length + a.refused.length, bytes: files.reduce((n, f) => n + f.size, 0) });
    this.refuse(a.refused);
    await this.planDigested(a.subjects.map((s) => ({ name: s.name, recordType: this.record.args.recordType, files: s.files.map((f) => ({ path: f.name, size: f.size, sha256: f.sha256, width: f.width, height: f.height })) })));
  }

  /** From hashed subjects to the plan: their content-addressed keys, and which the project has (or this import has twice). */
  private async planDigested(whole: DigestedSubject[]): Promise<void> {
    const { args } = this.record;
    const plan: PlannedSubject[] = whole.map((s) => {
      const shas = s.files.map((f) => f.sha256);
      return {
        name: s.name,
        recordType: s.recordType,
        contentHash: subjectContentHash(shas),
        files: s.files.map((f) => ({ path: f.path, size: f.size, sha256: f.sha256, key: keyOf(args.projectId, f.sha256, f.path), uploaded: false, width: f.width, height: f.height, ...(f.videoRows !== undefined ? { videoRows: f.videoRows } : {}) })),
        skip: false,
        registered: false,
      };
    });
    this.update({ state: 'checking' }, false);
    for (let i = 0; i < plan.length; i += BEFOREHAND_CHUNK) {
      const chunk = plan.slice(i, i + BEFOREHAND_CHUNK);
      const known = await this.deps.server.json<BatchBeforehand>('POST', '/core/batch/beforehand', { projectId: args.projectId, contentHashes: [...new Set(chunk.map((s) => s.contentHash))] });
      const existing = new Set(known.existing.map((e) => e.contentHash));
      // A split video's items have hashes of their own (per stretch): the server tells which it has.
      for (const s of chunk) s.skip = existing.has(s.contentHash) && !(s.recordType === 'video' && args.videoSplit);
    }
    // The same content twice in one folder is one subject.
    const seen = new Set<string>();
    for (const s of plan) {
      if (!s.skip && seen.has(s.contentHash)) s.skip = true;
      seen.add(s.contentHash);
    }
    this.record.plan = plan;
    this.update({ state: 'uploading', skippedSubjects: plan.filter((s) => s.skip).length });
  }

  /** Files to store, by key: identical files (the same frame in two sequences) share a key and upload once for all copies. */
  private filesByKey(): Map<string, PlannedFile[]> {
    const copiesByKey = new Map<string, PlannedFile[]>();
    for (const s of this.record.plan) {
      if (s.skip) continue;
      for (const f of s.files) {
        const copies = copiesByKey.get(f.key);
        if (copies) copies.push(f);
        else copiesByKey.set(f.key, [f]);
      }
    }
    return copiesByKey;
  }

  /** What a browser import still needs from its page, one entry per distinct content. */
  wanted(): WantedBrowserFile[] {
    return [...this.filesByKey()].filter(([, copies]) => copies.some((c) => !c.uploaded)).map(([key, copies]) => ({ object: path.posix.basename(key), sha256: copies[0]!.sha256, size: copies[0]!.size, name: copies[0]!.path }));
  }

  /** The object a browser sends, if this job takes it now: uploading, needed, not stored yet. */
  expects(object: string): { key: string; sha256: string; size: number } | null {
    if (this.job.state !== 'uploading' || this.cancelled) return null;
    for (const [key, copies] of this.filesByKey()) if (path.posix.basename(key) === object && copies.some((c) => !c.uploaded)) return { key, sha256: copies[0]!.sha256, size: copies[0]!.size };
    return null;
  }

  /**
   * A file of a browser import arrived whole on this machine (`file`, checked by the caller):
   * it goes to the store by the storage layer's rules, under the same transfer id a folder
   * import would use, and counts as uploaded.
   */
  async storeDelivered(object: string, file: string): Promise<void> {
    const expected = this.expects(object);
    if (!expected) throw notWanted(object);
    const copies = this.filesByKey().get(expected.key)!;
    await this.storeOne(expected.key, copies, file);
    this.delivered.release();
    this.delivered = ImportJob.signal();
  }

  /** The upload phase of a browser import: its page sends the files; this waits until every one is stored. */
  private async awaitBrowserFiles(): Promise<void> {
    await this.checkpoint();
    if (this.job.state !== 'uploading') this.update({ state: 'uploading' });
    while (this.wanted().length > 0) {
      await this.checkpoint();
      await this.delivered.promise;
    }
    await this.checkpoint();
    this.save(true);
  }

  /** One distinct content to the store (and its tiles, when it is too large to draw whole), then every copy counts as uploaded. */
  private async storeOne(key: string, copies: PlannedFile[], localFile: string): Promise<void> {
    const f = copies[0]!;
    // Stable across restarts: a big file's multipart upload is picked up again by this id.
    const transferId = `${this.job.jobId}:${path.posix.basename(key)}`;
    this.inFlight.add(transferId);
    try {
      await this.deps.storage.upload({ transferId, file: localFile, key, contentType: contentTypeOf(f.path) });
      // Too large to decode in one piece: the workspace draws it from tiles made here, from
      // the local file. Best effort: an image libvips cannot read must not stop the import;
      // the team server tries again after registration, and the image still opens whole.
      if (needsPyramid(f.width, f.height)) await storePyramid(this.deps.storage, localFile, key).catch(() => undefined);
    } finally {
      this.inFlight.delete(transferId);
    }
    if (this.cancelled) throw new Cancelled();
    for (const c of copies) c.uploaded = true;
    this.deps.onFile({ jobId: this.job.jobId, path: f.path, size: f.size });
    this.update({ uploadedFiles: this.job.uploadedFiles + 1, uploadedBytes: this.job.uploadedBytes + f.size }, false);
    this.save(false);
  }

  private async upload(): Promise<void> {
    await this.checkpoint();
    if (this.job.state !== 'uploading') this.update({ state: 'uploading' });
    const notYetStored = [...this.filesByKey()].filter(([, copies]) => copies.some((c) => !c.uploaded));
    await runPool(notYetStored, Math.max(1, this.record.args.concurrency ?? 8), async ([key, copies]) => {
      await this.checkpoint();
      await this.storeOne(key, copies, copies[0]!.path);
    });
    this.save(true);
  }

  /** Subjects in chunks within the server's per-call limits; the first call creates the batch. */
  private async register(): Promise<void> {
    await this.checkpoint();
    this.update({ state: 'registering' });
    const { args } = this.record;
    const waiting = this.record.plan.filter((s) => !s.skip && !s.registered);
    const chunks: PlannedSubject[][] = [];
    let current: PlannedSubject[] = [];
    let frames = 0;
    let videos = 0;
    let videoFrames = 0;
    for (const s of waiting) {
      const rows = s.recordType === 'video' ? (s.files[0]?.videoRows ?? 0) : 0;
      const isVideo = s.recordType === 'video' ? 1 : 0;
      const full = current.length === SUBJECT_IMPORT_MAX_SUBJECTS || frames + s.files.length > SUBJECT_IMPORT_MAX_FRAMES || videos + isVideo > SUBJECT_IMPORT_MAX_VIDEOS || (videoFrames > 0 && videoFrames + rows > SUBJECT_IMPORT_MAX_VIDEO_FRAMES);
      if (full && current.length > 0) {
        chunks.push(current);
        current = [];
        frames = 0;
        videos = 0;
        videoFrames = 0;
      }
      current.push(s);
      frames += s.files.length;
      videos += isVideo;
      videoFrames += rows;
    }
    if (current.length > 0 || this.job.batchId === null) chunks.push(current);
    const split = args.videoSplit && this.record.plan.some((s) => s.recordType === 'video') ? { videoSplit: args.videoSplit } : {};
    for (const chunk of chunks) {
      await this.checkpoint();
      const subjects: SubjectInput[] = chunk.map((s) => ({
        name: s.name,
        recordType: s.recordType,
        frames: s.files.map((f) => ({
          key: f.key,
          sizeBytes: f.size,
          sha256: f.sha256,
          fileName: path.basename(f.path).slice(0, 255),
          // Sizes read from the file's header; exports (COCO, YOLO, VOC) need them.
          ...(f.width && f.height ? { width: f.width, height: f.height } : {}),
        })),
      }));
      const result =
        this.job.batchId === null
          ? await this.deps.server.json<SubjectImportResult>('POST', '/core/batch', { projectId: args.projectId, name: args.batchName, subjects, ...split })
          : await this.deps.server.json<SubjectImportResult>('POST', `/core/project/${args.projectId}/subject`, { batchId: this.job.batchId, subjects, ...split });
      for (const s of chunk) s.registered = true;
      // The server's own check (the same, on the stored file) may still refuse what changed after hashing.
      this.refuse(
        result.refused.map((r) => ({
          name: r.name,
          file: chunk[r.index]?.files.find((f) => f.key === r.key)?.path ?? r.key,
          reason: r.reason,
          ...(r.media ? { media: r.media } : {}),
          ...(r.format ? { format: r.format } : {}),
          ...(r.codec ? { codec: r.codec } : {}),
        })),
      );
      // Warnings of the server's probe that the check here did not give already (the file changed since).
      const known = new Set((this.job.warnings ?? []).map((w) => `${w.name}\u0000${w.warning}`));
      this.warn(
        (result.warnings ?? [])
          .filter((w) => !known.has(`${w.name}\u0000${w.warning}`))
          .map((w) => ({ name: w.name, file: chunk[w.index]?.files[0]?.path ?? w.key, warning: w.warning })),
      );
      // Counted by the subjects sent, not the items made: a split video is one subject of several items (and duplicates).
      const refusedHere = new Set(result.refused.map((r) => r.index));
      const duplicated = new Set(result.duplicates.map((d) => d.index).filter((i) => !refusedHere.has(i)));
      const registered = split.videoSplit ? chunk.length - refusedHere.size - duplicated.size : result.created;
      this.update({ batchId: result.batch.id, registeredSubjects: this.job.registeredSubjects + registered, skippedSubjects: this.job.skippedSubjects + (split.videoSplit ? duplicated.size : result.duplicates.length) });
    }
  }
}
