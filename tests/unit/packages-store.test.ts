import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { PackageTaken } from '../../src-shared/api/taskSubject';
import { PACKAGE_ERROR_CODES, type PackageContext } from '../../src-shared/ipc/packages';
import { packageFrameUrl, type PackageFrameRef } from '../../src-shared/ipc/packageFrames';
import { migratePackagesDb, PACKAGES_DB_VERSION } from '../../src-main/services/packages/migrations';
import { PackageStore } from '../../src-main/services/packages/store';
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
        subject: { frames: frameList } as unknown as PackageTaken['items'][number]['subject'],
        annotations: { taskSubjectId: id, dataId: id, version: 2, frames: [] },
      };
    }),
  };
}

describe('packages database', () => {
  it('migrates an empty file to the current version and refuses a newer one', () => {
    const db = new BetterSqlite3(tempDb());
    expect(migratePackagesDb(db)).toBe(PACKAGES_DB_VERSION);
    db.pragma(`user_version = ${PACKAGES_DB_VERSION + 1}`);
    expect(() => migratePackagesDb(db)).toThrow(/newer than this app/);
    db.close();
  });

  it('migrates a version 1 file with its packages to version 2, whose stored context goes with its package', () => {
    const file = tempDb();
    const v1 = new BetterSqlite3(file);
    expect(migratePackagesDb(v1, 1)).toBe(1);
    v1.prepare("INSERT INTO packages (package_id, project_id, task_id, workflow_id, user_id, created_at, expires_at, state, taken_at) VALUES (7, 3, 4, 5, 9, 1, 2, 'ready', 3)").run();
    v1.close();
    const store = new PackageStore(file);
    expect(store.get(7)).toMatchObject({ packageId: 7, state: 'ready' });
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
