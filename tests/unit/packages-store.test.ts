import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { PackageTaken } from '../../src-shared/api/taskSubject';
import { PACKAGE_ERROR_CODES, type PackageContext } from '../../src-shared/ipc/packages';
import { packageFrameUrl, packageVideoUrl, type PackageFrameRef } from '../../src-shared/ipc/packageFrames';
import { migratePackagesDb, PACKAGES_DB_VERSION } from '../../src-main/services/packages/migrations';
import { PackageStore } from '../../src-main/services/packages/store';
import { LostStore } from '../../src-main/services/packages/lostStore';
import { lastTyped } from '../../src-main/services/packages/lostCopy';
import { whyGone } from '../../src-main/services/packages/lostReason';
import type { TaskSubjectLogEntry } from '../../src-shared/api/taskSubject';
import type { JournalEdit } from '../../src-shared/ipc/journal';
import { openOrSetAside } from '../../src-main/services/sqliteSetAside';
import { messageKeyOf } from '../../src-renderer/src/app/messageKey';
import { packageErrorsEn, packageErrorsZh } from '../../src-renderer/src/i18n/errors/packages';

const dirs: string[] = [];
const tempDb = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-pkgdb-'));
  dirs.push(dir);
  return path.join(dir, 'packages.db');
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** A package as the server answers a take: `items` task subjects of `frames` frames each. */
function taken(packageId: number, firstId: number, items: number, frames: number): PackageTaken {
  return {
    package: { packageId, projectId: 3, taskId: 4, workflowId: 5, holderId: 9, holderName: 'A', createdAt: 1000, expiresAt: 2000, state: 'open', itemCount: items, startedCount: 0 },
    items: Array.from({ length: items }, (_, i) => {
      const id = firstId + i;
      const frameList = Array.from({ length: frames }, (_, f) => ({ frameId: id * 10 + f, index: f, key: `dataset/3/x/${id}_${f}.JPG`, fileName: `${id}_${f}.jpg`, contentType: 'image/jpeg', sizeBytes: 100 + f, width: 2, height: 2, sha256: 'x' }));
      return {
        card: { taskSubjectId: id, frameIds: frameList.map((f) => f.frameId), version: 2 } as unknown as PackageTaken['items'][number]['card'],
        subject: { name: `subject-${id}`, frames: frameList } as unknown as PackageTaken['items'][number]['subject'],
        annotations: { taskSubjectId: id, dataId: id, version: 2, frames: [] },
      };
    }),
  };
}

/** Two items of one long video (frames 0-29 and 25-54 of `walk.mp4`) and a picture item, as the server answers a take. */
function videoTaken(packageId: number): PackageTaken {
  const pkg = taken(packageId, 60, 3, 1);
  for (const [i, first] of [0, 25].entries()) {
    const it = pkg.items[i]!;
    const id = it.card.taskSubjectId;
    const frames = Array.from({ length: 30 }, (_, f) => ({ frameId: id * 100 + f, index: f, key: 'dataset/3/v/walk.mp4', fileName: `walk/${String(first + f).padStart(6, '0')}.png`, contentType: 'video/mp4', sizeBytes: 80, width: 320, height: 240, sha256: 'x' }));
    it.card = { ...it.card, frameIds: frames.map((f) => f.frameId) };
    it.subject = { ...it.subject, recordType: 'video', frames, video: { key: 'dataset/3/v/walk.mp4', timesKey: 'dataset/3/v/walk.mp4.times.json', firstFrame: first, frameCount: 30 } } as unknown as PackageTaken['items'][number]['subject'];
    it.videoSizes = { file: 5000, times: 300 };
  }
  return pkg;
}

describe('packages database', () => {
  it('migrates an empty file to the current version and refuses a newer one', () => {
    const db = new BetterSqlite3(tempDb());
    expect(migratePackagesDb(db)).toBe(PACKAGES_DB_VERSION);
    db.pragma(`user_version = ${PACKAGES_DB_VERSION + 1}`);
    expect(() => migratePackagesDb(db)).toThrow(/newer than this app/);
    db.close();
  });

  it('migrates a version 1 file with its packages to the current version (a stored context goes with its package; no item lost yet)', () => {
    const file = tempDb();
    const v1 = new BetterSqlite3(file);
    expect(migratePackagesDb(v1, 1)).toBe(1);
    v1.prepare("INSERT INTO packages (package_id, project_id, task_id, workflow_id, user_id, created_at, expires_at, state, taken_at) VALUES (7, 3, 4, 5, 9, 1, 2, 'ready', 3)").run();
    v1.close();
    const store = new PackageStore(file);
    expect(store.get(7)).toMatchObject({ packageId: 7, state: 'ready' });
    expect(store.db.pragma('user_version', { simple: true })).toBe(PACKAGES_DB_VERSION);
    expect(new LostStore(store.db).list(9)).toEqual([]);
    expect(store.context(7)).toBeUndefined();
    const context = { packageId: 7, fetchedAt: 1234, ontology: null, steps: [], rejectReasons: [{ id: 1, reason: 'blurred', createdAt: 1 }] } as unknown as PackageContext;
    store.setContext(context);
    store.setContext({ ...context, fetchedAt: 5678 });
    expect(store.context(7)).toEqual({ ...context, fetchedAt: 5678 });
    expect(store.contextTimes()).toEqual(new Map([[7, 5678]]));
    store.remove(7);
    expect(store.context(7)).toBeUndefined();
    store.close();
  });

  it('names the items that came back from a review, from their cards as taken (My work counts them offline)', () => {
    const store = new PackageStore(tempDb());
    const pkg = taken(7, 40, 3, 1);
    pkg.items[1]!.card = { ...pkg.items[1]!.card, rework: true };
    pkg.items[2]!.card = { ...pkg.items[2]!.card, rework: false };
    store.insert(pkg, 9, 5000);
    expect(store.reworkIds(7)).toEqual([41]);
    store.close();
  });

  it('counts files, bytes and ready items as frames land, in the items\' order, and forgets items given back with their frames', () => {
    const store = new PackageStore(tempDb());
    store.insert(taken(7, 40, 3, 2), 9, 5000);
    expect(store.counts(7)).toEqual({ filesDone: 0, filesTotal: 6, bytesDone: 0, bytesTotal: 603, itemsReady: 0, itemsTotal: 3 });
    expect(store.missingFrames(7).map((f) => f.frameId)).toEqual([400, 401, 410, 411, 420, 421]);
    // The extension is kept (lower case) so a viewer knows the type.
    expect(store.missingFrames(7)[0]!.file).toBe(path.join('40', '400.jpg'));
    store.setFrameDone(40, 400, true);
    store.setFrameDone(40, 401, true);
    store.setFrameDone(41, 410, true);
    expect(store.counts(7)).toMatchObject({ filesDone: 3, bytesDone: 301, itemsReady: 1 });
    const urlOf = (r: PackageFrameRef) => packageFrameUrl('node', r);
    expect(store.item(7, 40, '/p', urlOf)).toMatchObject({
      ready: true,
      frames: [
        { file: path.join('/p', '40', '400.jpg'), url: '/packages/7/frames/40/400' },
        { file: path.join('/p', '40', '401.jpg'), url: '/packages/7/frames/40/401' },
      ],
    });
    // A frame not on disk has neither a file nor an address to read it from.
    expect(store.item(7, 41, '/p', urlOf)).toMatchObject({ ready: false, frames: [{ frameId: 410 }, { frameId: 411, file: null, url: null }] });
    // A frame is found by all three of its ids, never by a frame id of another item or package.
    expect(store.frame({ packageId: 7, taskSubjectId: 41, frameId: 410 })).toMatchObject({ done: true, file: path.join('41', '410.jpg') });
    expect(store.frame({ packageId: 7, taskSubjectId: 40, frameId: 410 })).toBeUndefined();
    expect(store.frame({ packageId: 8, taskSubjectId: 41, frameId: 410 })).toBeUndefined();
    expect(store.unfinished()).toEqual([7]);

    expect(store.removeItems(7, [40]).sort()).toEqual([path.join('40', '400.jpg'), path.join('40', '401.jpg')]);
    expect(store.itemIds(7)).toEqual([41, 42]);
    expect(store.counts(7)).toMatchObject({ filesDone: 1, filesTotal: 4, itemsTotal: 2 });
    // Taken again in a newer package, an item leaves the older one.
    store.insert(taken(8, 42, 1, 1), 9, 6000);
    expect(store.itemIds(7)).toEqual([41]);
    expect(store.list().map((p) => p.packageId)).toEqual([8, 7]);
    store.remove(7);
    expect(store.get(7)).toBeUndefined();
    store.close();
  });

  it('keeps a long video\'s file and frame times once for all its items in the package, counted once, and deletes them with the last item', () => {
    const store = new PackageStore(tempDb());
    store.insert(videoTaken(7), 9, 5000);
    // One picture (100 bytes) and, for the two video items, one file and one times object: not 60 frame files.
    expect(store.counts(7)).toEqual({ filesDone: 0, filesTotal: 3, bytesDone: 0, bytesTotal: 5400, itemsReady: 0, itemsTotal: 3 });
    expect(store.missingFrames(7).map((f) => f.frameId)).toEqual([620]);
    const shared = store.missingShared(7);
    expect(shared.map((f) => [f.key, f.sizeBytes])).toEqual([
      ['dataset/3/v/walk.mp4.times.json', 300],
      ['dataset/3/v/walk.mp4', 5000],
    ]);
    expect(shared[0]!.file).toMatch(/^video[/\\][0-9a-f]{40}\.json$/);
    for (const f of shared) store.setSharedDone(7, f.file, true);
    expect(store.counts(7)).toMatchObject({ filesDone: 2, bytesDone: 5300, itemsReady: 2 });
    const urlOf = (r: PackageFrameRef) => packageFrameUrl('node', r);
    const videoUrlOf = (r: Parameters<typeof packageVideoUrl>[1]) => packageVideoUrl('node', r);
    expect(store.item(7, 61, '/p', urlOf, videoUrlOf)).toMatchObject({
      ready: true,
      frames: [],
      video: { key: 'dataset/3/v/walk.mp4', file: path.join('/p', shared[1]!.file), url: '/packages/7/videos/61/file', timesUrl: '/packages/7/videos/61/times' },
    });
    // Given back, the first stretch leaves the file to the second; the second takes it along.
    expect(store.removeItems(7, [60])).toEqual([]);
    expect(store.counts(7)).toMatchObject({ filesTotal: 3, bytesTotal: 5400, itemsTotal: 2 });
    expect(store.removeItems(7, [61]).sort()).toEqual(shared.map((f) => f.file).sort());
    expect(store.counts(7)).toMatchObject({ filesTotal: 1, bytesTotal: 100, itemsTotal: 1 });
    store.close();
  });

  it('sets a damaged file aside and starts empty', () => {
    const file = tempDb();
    fs.writeFileSync(file, Buffer.alloc(8192, 0x5a));
    const { store, setAside } = openOrSetAside(file, (f) => new PackageStore(f));
    expect(setAside?.movedTo).toMatch(/^packages\.db\.corrupt-/);
    expect(store.list()).toEqual([]);
    store.close();
  });

  it('has a translated text for every package code, in both languages', () => {
    for (const code of PACKAGE_ERROR_CODES) {
      expect(messageKeyOf(Object.assign(new Error('english'), { name: 'PackageError', code }))).toBe(`packageError.${code}`);
      expect(packageErrorsZh[code]).toMatch(/\S/);
      expect(packageErrorsEn[code]).toMatch(/\S/);
    }
  });
});

const box = (id: string, x = 1) => ({ id, featureId: 1, labelId: 'car', tool: 'box', geometry: { x, y: 1, width: 2, height: 2 }, attributes: {}, zIndex: 0, source: 'manual' }) as unknown as JournalEdit['upsert'][number];
const edit = (seq: number, frameId: number, e: Partial<JournalEdit>): JournalEdit => ({ seq, taskSubjectId: 40, frameId, upsert: [], remove: [], createdAt: seq, ...e });
/** A log row of the item: who did what, when (the log answers newest first; whyGone does not rely on it). */
const row = (id: number, action: string, userId: number, createdAt: number) => ({ id, action, userId, createdAt }) as TaskSubjectLogEntry;

describe('items lost with the lease', () => {
  it('keeps the item as last typed: the stored frames with the journal\'s edits applied in order, new frames added', () => {
    const stored = { taskSubjectId: 40, dataId: 40, version: 2, frames: [{ frameId: 400, data: { objects: [box('a'), box('b')], classifications: [] }, version: 2, updatedBy: 9, updatedAt: 5 }] };
    const typed = lastTyped(stored as never, [
      edit(1, 400, { upsert: [box('b', 7), box('c')], remove: ['a'] }),
      edit(2, 401, { upsert: [box('d')] }),
      edit(3, 400, { remove: ['c'] }),
    ]);
    expect(typed.version).toBe(2);
    expect(typed.frames.map((f) => [f.frameId, f.data.objects.map((o) => o.id)])).toEqual([
      [400, ['b']],
      [401, ['d']],
    ]);
    expect(typed.frames[0]!.data.objects[0]!.geometry).toMatchObject({ x: 7 });
    // The stored annotations are not changed.
    expect(stored.frames[0]!.data.objects.map((o) => o.id)).toEqual(['a', 'b']);
  });

  it('tells why an item left its holder from the first move after they took it', () => {
    const holder = 9;
    // A lapse, then someone else claimed and saved it: still a lapse for the holder.
    expect(whyGone([row(5, 'save', 3, 700), row(4, 'claim', 3, 600), row(3, 'leaseLapsed', holder, 500), row(2, 'save', holder, 300), row(1, 'claim', holder, 100)], holder, 100, 900)).toEqual({ outcome: 'lost', reason: 'lapsed', at: 500 });
    expect(whyGone([row(2, 'packageReturn', 4, 500)], holder, 100, 900)).toEqual({ outcome: 'lost', reason: 'takenBack', at: 500 });
    // The holder's own hand-on (the journal sent it) is no loss.
    expect(whyGone([row(2, 'submit', holder, 500), row(1, 'activity', holder, 400)], holder, 100, 900)).toEqual({ outcome: 'handedOn' });
    expect(whyGone([row(2, 'move', 4, 500)], holder, 100, 900)).toEqual({ outcome: 'lost', reason: 'notYours', at: 500 });
    // Moves from before they took it say nothing; with no move at all, the time is now.
    expect(whyGone([row(1, 'submit', holder, 50)], holder, 100, 900)).toEqual({ outcome: 'lost', reason: 'notYours', at: 900 });
  });

  it('moves a lost item out of its package with its copy, once, and forgets the copy when dismissed', () => {
    const store = new PackageStore(tempDb());
    store.insert(taken(7, 40, 2, 2), 9, 5000);
    const lost = new LostStore(store.db);
    const entry = { packageId: 7, taskSubjectId: 40, reason: 'lapsed' as const, lostAt: 6000, copy: () => ({ annotations: { taskSubjectId: 40, dataId: 40, version: 2, frames: [] }, edits: 3 }) };
    expect(lost.moveOut(entry)!.sort()).toEqual([path.join('40', '400.jpg'), path.join('40', '401.jpg')]);
    expect(store.itemIds(7)).toEqual([41]);
    expect(store.counts(7)).toMatchObject({ filesTotal: 2, itemsTotal: 1 });
    // Reported again (the refusal and the server's list): nothing more happens.
    expect(lost.moveOut(entry)).toBeNull();
    expect(lost.list(9)).toEqual([{ lostId: 1, taskSubjectId: 40, packageId: 7, projectId: 3, taskId: 4, workflowId: 5, userId: 9, subjectName: 'subject-40', reason: 'lapsed', lostAt: 6000, edits: 3 }]);
    expect(lost.list(8)).toEqual([]);
    expect(lost.copies(9)[0]).toMatchObject({ card: { taskSubjectId: 40 }, annotations: { version: 2 } });
    expect(lost.unknown(9, [1, 2])).toEqual([2]);
    expect(lost.dismiss(8, [1])).toBe(0);
    expect(lost.dismiss(9, [1])).toBe(1);
    expect(lost.list(9)).toEqual([]);
    store.close();
  });
});
