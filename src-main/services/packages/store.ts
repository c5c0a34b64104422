import crypto from 'node:crypto';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { openSqliteFile } from '../sqliteFile';
import type { PackageTaken } from '../../../src-shared/api/taskSubject';
import type { LocalPackage, LocalPackageState, PackageContext, PackageError, PackageFrameRef, PackageItemView, PackageProgress, PackageVideoRef } from '../../../src-shared/ipc';
import { migratePackagesDb } from './migrations';

/** A package's row: what the server said of it and where its download stands. */
export type PackageRow = Pick<LocalPackage, 'packageId' | 'projectId' | 'taskId' | 'workflowId' | 'userId' | 'createdAt' | 'expiresAt' | 'state'> & {
  error: PackageError | null;
};

/** One frame file of a package: where it comes from, how big the server says it is, where it goes. */
export interface FrameRow {
  taskSubjectId: number;
  frameId: number;
  key: string;
  sizeBytes: number;
  /** path relative to the package's folder */
  file: string;
  done: boolean;
  /** its place in the package's download order (the items' order) */
  position: number;
}

/**
 * A file of a package's video items (docs/offline-day.md, "Video items"): the video file or its
 * frame times object, stored once per package however many items (stretches of one long file)
 * name it. `sizeBytes` is what the server answered when the package was taken; null when it
 * could not say (then the size the download brings is kept).
 */
export interface SharedFile {
  key: string;
  sizeBytes: number | null;
  /** path relative to the package's folder */
  file: string;
  done: boolean;
  position: number;
}

/** Which file of a video item: the video itself, or its frame times (VideoFrameTimes). */
export type VideoPart = 'video' | 'times';

/** Counts of a package's files, bytes and items, done and in all: the figures of its progress report. */
export type PackageCounts = Pick<PackageProgress, 'filesDone' | 'filesTotal' | 'bytesDone' | 'bytesTotal' | 'itemsReady' | 'itemsTotal'>;

type RawPackage = { package_id: number; project_id: number; task_id: number; workflow_id: number; user_id: number; created_at: number; expires_at: number; state: LocalPackageState; error_code: string | null; error_message: string | null };
type RawFrame = { task_subject_id: number; frame_id: number; object_key: string; size_bytes: number; file: string; done: number; position: number };
type RawShared = { object_key: string; size_bytes: number | null; file: string; done: number; position: number };

const toPackage = (r: RawPackage): PackageRow => ({
  packageId: r.package_id,
  projectId: r.project_id,
  taskId: r.task_id,
  workflowId: r.workflow_id,
  userId: r.user_id,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  state: r.state,
  error: r.error_code === null ? null : { code: r.error_code, message: r.error_message ?? '' },
});
const toFrame = (r: RawFrame): FrameRow => ({ taskSubjectId: r.task_subject_id, frameId: r.frame_id, key: r.object_key, sizeBytes: r.size_bytes, file: r.file, done: r.done === 1, position: r.position });
const toShared = (r: RawShared): SharedFile => ({ key: r.object_key, sizeBytes: r.size_bytes, file: r.file, done: r.done === 1, position: r.position });

/** The frame's file name in the package folder: unique per item and frame, with the key's extension so viewers know the type. */
export function frameFileName(taskSubjectId: number, frameId: number, key: string): string {
  const ext = /\.[A-Za-z0-9]{1,8}$/.exec(key)?.[0] ?? '';
  return path.join(String(taskSubjectId), `${frameId}${ext.toLowerCase()}`);
}

/**
 * The file name of a video item's object in the package folder: one per object key (the items of
 * a long file share it), named by a hash of the key so that nothing of the key becomes a path.
 */
export function sharedFileName(key: string): string {
  const ext = /\.[A-Za-z0-9]{1,8}$/.exec(key)?.[0] ?? '';
  return path.join('video', `${crypto.createHash('sha256').update(key).digest('hex').slice(0, 40)}${ext.toLowerCase()}`);
}

/**
 * The workstation's work packages on SQLite (`packages.db`): what was taken and what is on
 * disk. One connection on the main thread: a take writes a few hundred rows once, then only a
 * flag per frame as it lands. NORMAL sync under WAL: a row lost to power failure only means a
 * frame is fetched again (the file's size is checked before it counts).
 */
export class PackageStore {
  readonly db: BetterSqlite3.Database;
  /** prepared statements by their SQL (see sql()) */
  private readonly statements = new Map<string, BetterSqlite3.Statement>();

  constructor(file: string) {
    this.db = openSqliteFile(file, { synchronous: 'NORMAL', busyTimeoutMs: 5000, foreignKeys: true, migrate: migratePackagesDb });
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  /**
   * A statement prepared once and kept: a package's download asks for its row and flags a frame
   * for every file that lands, and preparing each time was most of that work.
   */
  private sql(query: string): BetterSqlite3.Statement {
    let statement = this.statements.get(query);
    if (!statement) this.statements.set(query, (statement = this.db.prepare(query)));
    return statement;
  }

  /** Stores a package just taken with every item and frame, state downloading. */
  insert(taken: PackageTaken, userId: number, now: number): void {
    const p = taken.package;
    this.db.transaction(() => {
      // The server never reuses a package id; a row left from an earlier take of it would be a leftover.
      this.sql('DELETE FROM packages WHERE package_id = ?').run(p.packageId);
      this
        .sql("INSERT INTO packages (package_id, project_id, task_id, workflow_id, user_id, created_at, expires_at, state, taken_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'downloading', ?)")
        .run(p.packageId, p.projectId, p.taskId, p.workflowId, userId, p.createdAt, p.expiresAt, now);
      // An item in a newer package (taken again after a return) leaves the older one.
      const dropItem = this.sql('DELETE FROM items WHERE task_subject_id = ?');
      const item = this.sql('INSERT INTO items (task_subject_id, package_id, position, card, subject, annotations) VALUES (?, ?, ?, ?, ?, ?)');
      const frame = this.sql('INSERT INTO frames (task_subject_id, frame_id, package_id, position, object_key, size_bytes, file) VALUES (?, ?, ?, ?, ?, ?, ?)');
      const shared = this.sql('INSERT INTO item_files (task_subject_id, part, package_id, position, object_key, size_bytes, file) VALUES (?, ?, ?, ?, ?, ?, ?)');
      let position = 0;
      for (const [i, it] of taken.items.entries()) {
        const id = it.card.taskSubjectId;
        dropItem.run(id);
        item.run(id, p.packageId, i, JSON.stringify(it.card), JSON.stringify(it.subject), JSON.stringify(it.annotations));
        const video = it.subject.video;
        if (video) {
          // Every frame row of a video item names the whole file: the item keeps the file and its
          // frame times instead (the times first: small, and the item opens with neither missing).
          shared.run(id, 'times', p.packageId, position++, video.timesKey, it.videoSizes?.times ?? null, sharedFileName(video.timesKey));
          shared.run(id, 'video', p.packageId, position++, video.key, it.videoSizes?.file ?? null, sharedFileName(video.key));
          continue;
        }
        for (const f of it.subject.frames) frame.run(id, f.frameId, p.packageId, position++, f.key, f.sizeBytes, frameFileName(id, f.frameId, f.key));
      }
    })();
  }

  get(packageId: number): PackageRow | undefined {
    const r = this.sql('SELECT * FROM packages WHERE package_id = ?').get(packageId) as RawPackage | undefined;
    return r ? toPackage(r) : undefined;
  }

  /** Newest first. */
  list(): PackageRow[] {
    return (this.sql('SELECT * FROM packages ORDER BY taken_at DESC, package_id DESC').all() as RawPackage[]).map(toPackage);
  }

  setState(packageId: number, state: LocalPackageState, error: PackageError | null = null): void {
    this.sql('UPDATE packages SET state = ?, error_code = ?, error_message = ? WHERE package_id = ?').run(state, error?.code ?? null, error?.message ?? null, packageId);
  }

  /** When the holder took an item of the package (the card's claim time) and the annotations' version taken. */
  itemTaken(packageId: number, taskSubjectId: number): { claimedAt: number | null; version: number } | undefined {
    const r = this.sql('SELECT card, annotations FROM items WHERE package_id = ? AND task_subject_id = ?').get(packageId, taskSubjectId) as { card: string; annotations: string } | undefined;
    if (!r) return undefined;
    return { claimedAt: (JSON.parse(r.card) as PackageItemView['card']).claimedAt, version: (JSON.parse(r.annotations) as PackageItemView['annotations']).version };
  }

  /** The package an item is in, if any (a task subject is in one package at most). */
  packageOfItem(taskSubjectId: number): PackageRow | undefined {
    const r = this.sql('SELECT p.* FROM packages p JOIN items i ON i.package_id = p.package_id WHERE i.task_subject_id = ?').get(taskSubjectId) as RawPackage | undefined;
    return r ? toPackage(r) : undefined;
  }

  /** Of the package's items, those that came back from a review (their card as taken says `rework`). */
  reworkIds(packageId: number): number[] {
    return (this.sql("SELECT task_subject_id AS id FROM items WHERE package_id = ? AND json_extract(card, '$.rework') = 1 ORDER BY position").all(packageId) as { id: number }[]).map((r) => r.id);
  }

  itemIds(packageId: number): number[] {
    return (this.sql('SELECT task_subject_id AS id FROM items WHERE package_id = ? ORDER BY position').all(packageId) as { id: number }[]).map((r) => r.id);
  }

  /** Frames not yet on disk, in the items' order (the first items are workable first). */
  missingFrames(packageId: number): FrameRow[] {
    return (this.sql('SELECT * FROM frames WHERE package_id = ? AND done = 0 ORDER BY position').all(packageId) as RawFrame[]).map(toFrame);
  }

  /** The files of video items not yet on disk, each once, in the items' order (with missingFrames, by `position`). */
  missingShared(packageId: number): SharedFile[] {
    const rows = this.sql(
      'SELECT object_key, max(size_bytes) AS size_bytes, file, max(done) AS done, min(position) AS position FROM item_files WHERE package_id = ? GROUP BY file HAVING max(done) = 0 ORDER BY min(position)',
    ).all(packageId) as RawShared[];
    return rows.map(toShared);
  }

  /** Marks a video item's file on disk (or not) for every item of the package that names it, keeping the size it came with. */
  setSharedDone(packageId: number, file: string, done: boolean, sizeBytes?: number): void {
    this.sql('UPDATE item_files SET done = ?, size_bytes = coalesce(size_bytes, ?) WHERE package_id = ? AND file = ?').run(done ? 1 : 0, sizeBytes ?? null, packageId, file);
  }

  /** A video item's file of this package (both ids must match), or undefined for an item that is not a video or not in it. */
  shared(packageId: number, taskSubjectId: number, part: VideoPart): SharedFile | undefined {
    const r = this.sql('SELECT object_key, size_bytes, file, done, position FROM item_files WHERE package_id = ? AND task_subject_id = ? AND part = ?').get(packageId, taskSubjectId, part) as
      | RawShared
      | undefined;
    return r ? toShared(r) : undefined;
  }

  /** One frame of an item of this package (all three ids must match), or undefined. */
  frame(ref: PackageFrameRef): FrameRow | undefined {
    const r = this.sql('SELECT * FROM frames WHERE package_id = ? AND task_subject_id = ? AND frame_id = ?').get(ref.packageId, ref.taskSubjectId, ref.frameId) as RawFrame | undefined;
    return r ? toFrame(r) : undefined;
  }

  frames(packageId: number): FrameRow[] {
    return (this.sql('SELECT * FROM frames WHERE package_id = ? ORDER BY position').all(packageId) as RawFrame[]).map(toFrame);
  }

  setFrameDone(taskSubjectId: number, frameId: number, done: boolean): void {
    this.sql('UPDATE frames SET done = ? WHERE task_subject_id = ? AND frame_id = ?').run(done ? 1 : 0, taskSubjectId, frameId);
  }

  /** The package's figures; a video file (and its times) counts once however many of its items the package has. */
  counts(packageId: number): PackageCounts {
    type Sums = { total: number; done: number; bytes: number; bytesDone: number };
    const f = this
      .sql('SELECT count(*) AS total, coalesce(sum(done), 0) AS done, coalesce(sum(size_bytes), 0) AS bytes, coalesce(sum(CASE WHEN done = 1 THEN size_bytes ELSE 0 END), 0) AS bytesDone FROM frames WHERE package_id = ?')
      .get(packageId) as Sums;
    const v = this
      .sql(
        `SELECT count(*) AS total, coalesce(sum(done), 0) AS done, coalesce(sum(size), 0) AS bytes, coalesce(sum(CASE WHEN done = 1 THEN size ELSE 0 END), 0) AS bytesDone
         FROM (SELECT max(done) AS done, coalesce(max(size_bytes), 0) AS size FROM item_files WHERE package_id = ? GROUP BY file)`,
      )
      .get(packageId) as Sums;
    const i = this
      .sql(
        `SELECT count(*) AS total, coalesce(sum(CASE WHEN NOT EXISTS (SELECT 1 FROM frames f WHERE f.task_subject_id = items.task_subject_id AND f.done = 0)
           AND NOT EXISTS (SELECT 1 FROM item_files v WHERE v.task_subject_id = items.task_subject_id AND v.done = 0) THEN 1 ELSE 0 END), 0) AS ready FROM items WHERE package_id = ?`,
      )
      .get(packageId) as { total: number; ready: number };
    return { filesDone: f.done + v.done, filesTotal: f.total + v.total, bytesDone: f.bytesDone + v.bytesDone, bytesTotal: f.bytes + v.bytes, itemsReady: i.ready, itemsTotal: i.total };
  }

  /**
   * One stored item with its frames (or a video item's file and times); the view's file paths are
   * made absolute under `folder`, and a file on disk gets the address `urlOf` (`videoUrlOf`) makes.
   */
  item(
    packageId: number,
    taskSubjectId: number,
    folder: string,
    urlOf: (ref: PackageFrameRef) => string,
    videoUrlOf: (ref: PackageVideoRef) => string = () => '',
  ): PackageItemView | undefined {
    const r = this.sql('SELECT * FROM items WHERE package_id = ? AND task_subject_id = ?').get(packageId, taskSubjectId) as
      | { card: string; subject: string; annotations: string }
      | undefined;
    if (!r) return undefined;
    const frames = (this.sql('SELECT * FROM frames WHERE task_subject_id = ? ORDER BY position').all(taskSubjectId) as RawFrame[]).map(toFrame);
    const subject = JSON.parse(r.subject) as PackageItemView['subject'];
    const times = subject.video && this.shared(packageId, taskSubjectId, 'times');
    const file = subject.video && this.shared(packageId, taskSubjectId, 'video');
    const at = (f: SharedFile | undefined) => (f?.done ? path.join(folder, f.file) : null);
    const video =
      subject.video && file && times
        ? {
            key: subject.video.key,
            file: at(file),
            timesFile: at(times),
            url: file.done ? videoUrlOf({ packageId, taskSubjectId, part: 'file' }) : null,
            timesUrl: times.done ? videoUrlOf({ packageId, taskSubjectId, part: 'times' }) : null,
          }
        : undefined;
    return {
      packageId,
      card: JSON.parse(r.card) as PackageItemView['card'],
      subject,
      annotations: JSON.parse(r.annotations) as PackageItemView['annotations'],
      frames: frames.map((f) => ({
        frameId: f.frameId,
        key: f.key,
        sizeBytes: f.sizeBytes,
        file: f.done ? path.join(folder, f.file) : null,
        url: f.done ? urlOf({ packageId, taskSubjectId, frameId: f.frameId }) : null,
      })),
      ...(video ? { video } : {}),
      ready: frames.every((f) => f.done) && (!video || (video.file !== null && video.timesFile !== null)),
    };
  }

  /**
   * Forgets items (given back); answers the files they had, relative to the package folder: their
   * frames, and a video file (or times) only when no item left in the package names it.
   */
  removeItems(packageId: number, taskSubjectIds: readonly number[]): string[] {
    return this.db.transaction(() => {
      const files: string[] = [];
      const shared = new Set<string>();
      for (const id of taskSubjectIds) {
        files.push(...(this.sql('SELECT file FROM frames WHERE package_id = ? AND task_subject_id = ?').all(packageId, id) as { file: string }[]).map((r) => r.file));
        for (const r of this.sql('SELECT file FROM item_files WHERE package_id = ? AND task_subject_id = ?').all(packageId, id) as { file: string }[]) shared.add(r.file);
        this.sql('DELETE FROM items WHERE package_id = ? AND task_subject_id = ?').run(packageId, id);
      }
      for (const file of shared) if (!this.sql('SELECT 1 FROM item_files WHERE package_id = ? AND file = ?').get(packageId, file)) files.push(file);
      return files;
    })();
  }

  remove(packageId: number): void {
    this.sql('DELETE FROM packages WHERE package_id = ?').run(packageId);
  }

  /** Stores what the workspace reads besides the items, replacing what was there. */
  setContext(context: PackageContext): void {
    this
      .sql('INSERT INTO contexts (package_id, body, fetched_at) VALUES (?, ?, ?) ON CONFLICT (package_id) DO UPDATE SET body = excluded.body, fetched_at = excluded.fetched_at')
      .run(context.packageId, JSON.stringify(context), context.fetchedAt);
  }

  context(packageId: number): PackageContext | undefined {
    const r = this.sql('SELECT body FROM contexts WHERE package_id = ?').get(packageId) as { body: string } | undefined;
    return r ? (JSON.parse(r.body) as PackageContext) : undefined;
  }

  /** When each package's context was fetched (absent: never). */
  contextTimes(): Map<number, number> {
    const rows = this.sql('SELECT package_id AS id, fetched_at AS at FROM contexts').all() as { id: number; at: number }[];
    return new Map(rows.map((r) => [r.id, r.at]));
  }

  /** Packages a restart should go on with: the ones that were downloading when the app stopped. */
  unfinished(): number[] {
    return (this.sql("SELECT package_id AS id FROM packages WHERE state = 'downloading' ORDER BY taken_at").all() as { id: number }[]).map((r) => r.id);
  }
}
