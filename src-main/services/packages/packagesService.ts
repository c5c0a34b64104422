import fs from 'node:fs';
import path from 'node:path';
import type { PackageTaken } from '../../../src-shared/api/taskSubject';
import type { PackageReturnResult } from '../../../src-shared/api/workPackage';
import type { LocalPackage, PackageContext, PackageFrameRef, PackageItemView, PackageReturnOutcome, PackageVideoRef } from '../../../src-shared/ipc';
import { API_BASE } from '../../../src-shared/api/route';
import type { ServerClient, SessionState } from '../session';
import type { ProductLog } from '../productLog';
import type { FrameDownloads } from './frameDownloads';
import type { PackageContexts } from './packageContexts';
import { errorData, packageError, serverFailure } from './packageErrors';
import { packageExtra } from './packageLog';
import type { PackageRow, PackageStore, SharedFile } from './store';

export interface PackagesDeps {
  store: PackageStore;
  downloads: FrameDownloads;
  server: ServerClient;
  session: SessionState;
  log: ProductLog;
  /** `<dataDir>/packages` */
  root: string;
  contexts: PackageContexts;
  /** the address a page of this host reads a stored frame from (packageFrames.ts) */
  frameUrl: (ref: PackageFrameRef) => string;
  /** the address a page of this host reads a video item's file or times from (packageFrames.ts) */
  videoUrl: (ref: PackageVideoRef) => string;
}

/** What a host streams to a page: an open file of a package, checked whole. */
export interface OpenedPackageFile {
  handle: fs.promises.FileHandle;
  size: number;
  file: string;
}

/**
 * Work packages on this workstation (docs/offline-day.md, "Workstation"): taking and giving
 * back go to the team server; everything else is local, so an item opens with the server away.
 */
/** Fetches of a package's context when it is taken, before the take answers without it. */
const TAKE_CONTEXT_TRIES = 3;

export class PackagesService {
  constructor(private readonly d: PackagesDeps) {}

  folderOf(packageId: number): string {
    return path.join(this.d.root, String(packageId));
  }

  async take(body: { projectId: number; taskId: number; workflowId: number; size?: number }): Promise<LocalPackage | null> {
    const user = this.d.session.current();
    if (!user) throw packageError('PACKAGE_SIGNED_OUT', 'sign in to take a work package');
    const taken = await this.d.server.json<PackageTaken | null>('POST', `${API_BASE}/task/subject/package`, body).catch((err: unknown) => Promise.reject(serverFailure(err)));
    if (!taken) return null;
    this.d.store.insert(taken, user.user.id, Date.now());
    const row = this.d.store.get(taken.package.packageId)!;
    const c = this.d.store.counts(row.packageId);
    this.d.log.info(`package ${row.packageId} taken: ${c.itemsTotal} items, ${c.filesTotal} frame files, ${c.bytesTotal} bytes, leased until ${new Date(row.expiresAt).toISOString()}`, packageExtra(row));
    // Asked while the server is surely there, a few times over a second or two, and before the
    // pictures: a package that says "ready" has what the workspace reads besides them (a person
    // may go offline the moment it does). A failure leaves the package taken and is tried again later.
    for (let tries = 1; !(await this.d.contexts.refresh(row)) && tries < TAKE_CONTEXT_TRIES; tries++) await new Promise((r) => setTimeout(r, 250 * tries));
    this.d.downloads.start(row.packageId);
    return this.view(row.packageId);
  }

  /** The signed-in user's packages (every one when nobody is signed in yet: the desktop after a restart offline). */
  list(): LocalPackage[] {
    const me = this.d.session.current()?.user.id;
    return this.d.store
      .list()
      .filter((r) => me === undefined || r.userId === me)
      .map((r) => this.view(r.packageId));
  }

  status(packageId: number): LocalPackage {
    this.own(packageId);
    return this.view(packageId);
  }

  async pause(packageId: number): Promise<LocalPackage> {
    const row = this.own(packageId);
    if (this.d.downloads.running(packageId)) await this.d.downloads.stop(packageId, 'paused');
    else if (row.state === 'downloading' || row.state === 'failed') this.d.store.setState(packageId, 'paused');
    this.d.log.info(`package ${packageId} paused`, packageExtra(row));
    this.d.downloads.report(packageId, true);
    return this.view(packageId);
  }

  resume(packageId: number): LocalPackage {
    const row = this.own(packageId);
    if (row.state !== 'ready' && row.state !== 'cancelled') this.d.downloads.start(packageId);
    return this.view(packageId);
  }

  /**
   * Stops the download and gives every item back. What the server keeps with the holder (items
   * they started) stays here with its files, so no work is lost; the package goes once it is
   * empty. When the server cannot be reached the package is left paused and the call fails.
   */
  async cancel(packageId: number): Promise<PackageReturnOutcome> {
    const row = this.own(packageId);
    await this.d.downloads.stop(packageId, 'cancelled');
    try {
      return await this.giveBack(row, undefined, 'cancelled');
    } catch (err) {
      this.d.store.setState(packageId, 'paused', errorData(err));
      this.d.downloads.report(packageId, true);
      throw err;
    }
  }

  async giveBack(row: PackageRow, taskSubjectIds: number[] | undefined, after: 'cancelled' | null = null): Promise<PackageReturnOutcome> {
    const body = { projectId: row.projectId, packageId: row.packageId, ...(taskSubjectIds ? { taskSubjectIds } : {}) };
    const result = await this.d.server.json<PackageReturnResult>('POST', `${API_BASE}/task/subject/package/return`, body).catch((err: unknown) => Promise.reject(serverFailure(err)));
    const left = await this.dropItems(row, (id) => this.d.store.removeItems(id, result.returnedIds), after);
    this.d.log.info(
      `package ${row.packageId}: gave back ${result.returnedIds.length} items${result.startedIds.length ? ` (${result.startedIds.length} started)` : ''}, ${left} left`,
      packageExtra(row),
    );
    return { returnedIds: result.returnedIds, startedIds: result.startedIds, package: left === 0 ? null : this.view(row.packageId) };
  }

  /**
   * Takes items out of a package here (`remove` forgets them in the store and answers their frame
   * files), then stops a download running for the package and deletes those files with any part
   * of one still downloading; the package goes once empty. Forgotten before the download stops: a
   * page reading the package on the event that caused this no longer finds them, and the download
   * finds no rows to mark; the files go only once it has stopped, so none lands after. A failed
   * package whose missing frames all left with the items is ready again. Answers how many items
   * are left.
   */
  async dropItems(row: PackageRow, remove: (packageId: number) => string[] | Promise<string[]>, after: 'cancelled' | null = null): Promise<number> {
    const files = await remove(row.packageId);
    const left = this.d.store.itemIds(row.packageId).length;
    if (left === 0) this.d.store.remove(row.packageId);
    const wasRunning = this.d.downloads.running(row.packageId);
    if (wasRunning) await this.d.downloads.stop(row.packageId, 'downloading');
    if (left === 0) {
      await fs.promises.rm(this.folderOf(row.packageId), { recursive: true, force: true });
      return 0;
    }
    const folder = this.folderOf(row.packageId);
    await Promise.all(files.flatMap((f) => [f, `${f}.download`]).map((f) => fs.promises.rm(path.join(folder, f), { force: true })));
    if (after) this.d.store.setState(row.packageId, after);
    else if (wasRunning) this.d.downloads.start(row.packageId);
    else {
      const c = this.d.store.counts(row.packageId);
      if (c.filesDone === c.filesTotal && this.d.store.get(row.packageId)!.state === 'failed') this.d.store.setState(row.packageId, 'ready');
    }
    this.d.downloads.report(row.packageId, true);
    return left;
  }

  /**
   * An item whose hand-off the server took (the journal sent it) has left its package on the
   * server; it leaves it here too, with its pictures, so the package does not offer it again.
   */
  async handedOn(taskSubjectId: number): Promise<void> {
    const row = this.d.store.list().find((r) => this.d.store.itemIds(r.packageId).includes(taskSubjectId));
    if (!row) return;
    const left = await this.dropItems(row, (id) => this.d.store.removeItems(id, [taskSubjectId]));
    this.d.log.info(`package ${row.packageId}: task subject ${taskSubjectId} handed on, ${left} left`, packageExtra(row, taskSubjectId));
  }

  /**
   * One item from disk. Each frame counted as on disk is checked again (a file deleted or cut
   * short by hand, a disk that lost it): one that fails is marked missing, the package says
   * so (failed, PACKAGE_FRAME_MISMATCH), and resume fetches it again.
   */
  async item(packageId: number, taskSubjectId: number): Promise<PackageItemView> {
    const row = this.own(packageId);
    const view = this.d.store.item(packageId, taskSubjectId, this.folderOf(packageId), this.d.frameUrl, this.d.videoUrl);
    if (!view) throw packageError('PACKAGE_ITEM_NOT_FOUND', `task subject ${taskSubjectId} is not in package ${packageId}`);
    if (view.video && !(await this.videoWhole(row, taskSubjectId))) {
      view.video = { ...view.video, file: null, timesFile: null, url: null, timesUrl: null };
      view.ready = false;
    }
    const damaged: number[] = [];
    for (const f of view.frames) {
      if (f.file === null) continue;
      const size = await fs.promises.stat(f.file).then((s) => s.size, () => -1);
      if (size === f.sizeBytes) continue;
      damaged.push(f.frameId);
      f.file = null;
      f.url = null;
      view.ready = false;
    }
    this.markDamaged(row, taskSubjectId, damaged);
    return view;
  }

  /**
   * A stored frame opened for a page to read (the hosts' frame addresses): the holder's only,
   * found by its ids in packages.db (never a path from the request), and only once it is on
   * disk whole (PACKAGE_FRAME_NOT_READY before; a file found damaged is marked for fetching
   * again, as `item` does). The size is taken from the open file, so what is streamed is what
   * was checked. The caller closes the handle (streaming it does).
   */
  async openFrame(ref: PackageFrameRef): Promise<OpenedPackageFile> {
    const row = this.own(ref.packageId);
    const frame = this.d.store.frame(ref);
    if (!frame) throw packageError('PACKAGE_ITEM_NOT_FOUND', `frame ${ref.frameId} of task subject ${ref.taskSubjectId} is not in package ${ref.packageId}`);
    const notReady = () => packageError('PACKAGE_FRAME_NOT_READY', `frame ${ref.frameId} of task subject ${ref.taskSubjectId} is not on disk yet`);
    if (!frame.done) throw notReady();
    const file = path.join(this.folderOf(ref.packageId), frame.file);
    const handle = await fs.promises.open(file, 'r').catch(() => null);
    const size = handle ? await handle.stat().then((s) => s.size, () => -1) : -1;
    if (handle && size === frame.sizeBytes) return { handle, size, file };
    await handle?.close();
    this.markDamaged(row, ref.taskSubjectId, [ref.frameId]);
    throw notReady();
  }

  /**
   * A video item's file or frame times opened for a page to read (by ranges: the hosts' video
   * addresses), as openFrame: the holder's only, found by the item's ids in packages.db, and only
   * once on disk whole (PACKAGE_FRAME_NOT_READY before; a file found damaged is marked for
   * fetching again).
   */
  async openVideo(ref: PackageVideoRef): Promise<OpenedPackageFile> {
    const row = this.own(ref.packageId);
    const part = this.d.store.shared(ref.packageId, ref.taskSubjectId, ref.part === 'file' ? 'video' : 'times');
    if (!part) throw packageError('PACKAGE_ITEM_NOT_FOUND', `task subject ${ref.taskSubjectId} is no video item of package ${ref.packageId}`);
    const notReady = () => packageError('PACKAGE_FRAME_NOT_READY', `the ${ref.part} of task subject ${ref.taskSubjectId} is not on disk yet`);
    if (!part.done) throw notReady();
    const file = path.join(this.folderOf(ref.packageId), part.file);
    const handle = await fs.promises.open(file, 'r').catch(() => null);
    const size = handle ? await handle.stat().then((s) => s.size, () => -1) : -1;
    if (handle && size === part.sizeBytes) return { handle, size, file };
    await handle?.close();
    this.markSharedDamaged(row, ref.taskSubjectId, [part]);
    throw notReady();
  }

  /** Whether a video item's file and times are on disk with their sizes; the ones that are not are marked for fetching again. */
  private async videoWhole(row: PackageRow, taskSubjectId: number): Promise<boolean> {
    const folder = this.folderOf(row.packageId);
    const damaged: SharedFile[] = [];
    for (const part of ['times', 'video'] as const) {
      const f = this.d.store.shared(row.packageId, taskSubjectId, part);
      if (!f?.done) continue;
      const size = await fs.promises.stat(path.join(folder, f.file)).then((s) => s.size, () => -1);
      if (size !== f.sizeBytes) damaged.push(f);
    }
    this.markSharedDamaged(row, taskSubjectId, damaged);
    return damaged.length === 0;
  }

  /** A video item's files found missing or cut short: as markDamaged, for every item of the package that shares them. */
  private markSharedDamaged(row: PackageRow, taskSubjectId: number, files: SharedFile[]): void {
    if (files.length === 0) return;
    for (const f of files) this.d.store.setSharedDone(row.packageId, f.file, false);
    const error = { code: 'PACKAGE_FRAME_MISMATCH', message: `the video file or frame times of task subject ${taskSubjectId} are missing or not the size the server gave` };
    if (!this.d.downloads.running(row.packageId)) this.d.store.setState(row.packageId, 'failed', error);
    this.d.log.warn(`package ${row.packageId}: ${error.message}; fetched again on resume`, packageExtra(row, taskSubjectId));
    this.d.downloads.report(row.packageId, true);
  }

  /** Frames found missing or cut short on disk: no longer counted, the package failed until resume fetches them again. */
  private markDamaged(row: PackageRow, taskSubjectId: number, frameIds: number[]): void {
    if (frameIds.length === 0) return;
    for (const frameId of frameIds) this.d.store.setFrameDone(taskSubjectId, frameId, false);
    const error = { code: 'PACKAGE_FRAME_MISMATCH', message: `${frameIds.length} frame files of task subject ${taskSubjectId} are missing or not the size the server gave` };
    if (!this.d.downloads.running(row.packageId)) this.d.store.setState(row.packageId, 'failed', error);
    this.d.log.warn(`package ${row.packageId}: ${error.message}; fetched again on resume`, packageExtra(row, taskSubjectId));
    this.d.downloads.report(row.packageId, true);
  }

  /**
   * Goes on with what a stop left: packages downloading (or failed) of the user signed in now;
   * and fetches again their contexts that are missing or old (a session set, the server back).
   */
  resumeUnfinished(): void {
    const me = this.d.session.current()?.user.id;
    if (me === undefined) return;
    const mine = this.d.store.list().filter((row) => row.userId === me);
    for (const row of mine) {
      if (row.state === 'downloading' || row.state === 'failed') this.d.downloads.start(row.packageId);
    }
    this.d.contexts.refreshStale(mine);
  }

  /** What the workspace reads besides the items, as stored with the package (no network). */
  context(packageId: number): PackageContext {
    this.own(packageId);
    return this.d.contexts.get(packageId);
  }

  own(packageId: number): PackageRow {
    const row = this.d.store.get(packageId);
    if (!row) throw packageError('PACKAGE_NOT_FOUND', `no package ${packageId} on this workstation`);
    const me = this.d.session.current()?.user.id;
    if (me !== undefined && me !== row.userId) throw packageError('PACKAGE_OTHER_USER', `package ${packageId} belongs to another user of this workstation`);
    return row;
  }

  view(packageId: number): LocalPackage {
    const row = this.d.store.get(packageId)!;
    return {
      ...this.d.downloads.progress(packageId),
      state: row.state,
      ...(row.error ? { error: row.error } : {}),
      projectId: row.projectId,
      taskId: row.taskId,
      workflowId: row.workflowId,
      userId: row.userId,
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
      taskSubjectIds: this.d.store.itemIds(packageId),
      reworkIds: this.d.store.reworkIds(packageId),
    };
  }
}
