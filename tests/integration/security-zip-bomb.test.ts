import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COCO_PATH, writeCoco } from '../../src-server/exports/formats';
import { bombZip, type BombEntry } from '../support/bombZip';
import { DB_KINDS } from '../support/databases';
import { sampleItems, sampleOntology, writeIntoZip } from '../support/exportSample';
import { buildImportProject, putZip, sampleSubjects } from '../support/importFixture';
import { startObsServer, type ObsServer } from '../support/obsServer';
import { watchThread } from '../support/threadWatch';
import { buildWorld, type World } from '../support/world';

const MiB = 1024 ** 2;
/** Memory growth far below the 2,000 MiB the bombs unpack to (the reader is a process of its own; the server's share stays small). */
const NOWHERE_NEAR = 512 * MiB;
/** The bomb: four entries of 500 MiB of zeros, each under the 512 MiB a file may unpack to. */
const zeros = (name: (i: number) => string): BombEntry[] => [0, 1, 2, 3].map((i) => ({ name: name(i), zeros: 500 * MiB }));

/**
 * Zip bombs sent to POST /project/external/import (issue 15): a 2 MB zip unpacking to 2 GB
 * used to be inflated whole on the server's thread (40 s here with every other request waiting,
 * 2.5 GB more memory). Now only the files the format reads are unpacked, as a stream counted
 * against the limits, in a reader process. SQLite with local-disk storage, PostgreSQL with Ceph.
 */
describe.each(DB_KINDS)('zip bombs sent to the annotation import on %s', (kind) => {
  let s: ObsServer;
  let w: World;
  let coco: string;
  beforeAll(async () => {
    s = await startObsServer(kind, kind === 'sqlite' ? 'embedded' : 's3');
    w = await buildWorld(s.app.ctx);
    coco = (await writeIntoZip((sink) => writeCoco(sampleItems, sampleOntology, sink))).entries.get(COCO_PATH)!.toString('utf8');
    // The first import starts the reader processes: not what a bomb costs.
    await importZip(bombZip([{ name: COCO_PATH, data: coco }]), 'coco');
  });
  afterAll(async () => {
    await s?.close();
  });

  const importZip = async (zip: Buffer, format: string) => {
    const p = await buildImportProject(s.app.ctx, { teamId: w.teamA, ownerId: w.users.owner.id, annotatorIds: [], subjects: sampleSubjects() });
    const key = await putZip(s.app.ctx, w.users.manager.id, zip);
    return watchThread(() => s.call({ method: 'POST', url: '/core/project/external/import', token: w.users.manager.token, payload: { projectId: p.projectId, taskId: p.taskId, format, key, createMissingLabels: true } }));
  };
  const failure = (r: Awaited<ReturnType<ObsServer['call']>>) => ({ status: r.status, msg: r.body.msg, data: r.body.data });

  it('imports the COCO beside 2 GB of zeros without unpacking them, the server answering others meanwhile and its memory flat', async () => {
    const honest = await importZip(bombZip([{ name: COCO_PATH, data: coco }]), 'coco');
    const bomb = await importZip(bombZip([{ name: COCO_PATH, data: coco }, ...zeros((i) => `images/zeros-${i}.jpg`)]), 'coco');
    for (const r of [honest, bomb]) expect(r.value.body.data).toMatchObject({ files: 4, matched: { subjects: 3, frames: 4, objects: 7 } });
    // The images are never unpacked: the call costs what the COCO alone costs.
    expect(bomb.stallMs).toBeLessThan(honest.stallMs + 1500);
    expect(bomb.rssGrowth).toBeLessThan(NOWHERE_NEAR);
  });

  it('refuses the same zeros where the format reads them with 413, before unpacking any', async () => {
    const bomb = await importZip(bombZip([{ name: 'data.yaml', data: 'names: [car]\n' }, ...zeros((i) => `labels/train/zeros-${i}.txt`)]), 'yolo');
    expect(failure(bomb.value)).toEqual({ status: 413, msg: 'error.import.zipTooLarge', data: { limit: 'unpacked', max: 1024 ** 3 } });
    expect(bomb.rssGrowth).toBeLessThan(NOWHERE_NEAR);
  });

  it('refuses label files that all point at one block of zeros (overlapping entries), unpacking none', async () => {
    const shared = Array.from({ length: 99 }, (_, i) => ({ name: `labels/train/${i + 1}.txt`, sameDataAs: 'labels/train/0.txt' }));
    const bomb = await importZip(bombZip([{ name: 'data.yaml', data: 'names: [car]\n' }, { name: 'labels/train/0.txt', zeros: 8 * MiB }, ...shared]), 'yolo');
    expect(failure(bomb.value)).toEqual({ status: 400, msg: 'error.import.badZip', data: { message: 'entries "labels/train/0.txt" and "labels/train/1.txt" overlap' } });
    expect(bomb.rssGrowth).toBeLessThan(NOWHERE_NEAR);
  });

  it('stops a file that unpacks to more than its header says at the stated size', async () => {
    const liar = await importZip(bombZip([{ name: COCO_PATH, zeros: 300 * MiB, statedSize: 1000 }]), 'coco');
    expect(failure(liar.value)).toMatchObject({ status: 400, msg: 'error.import.badZip', data: { message: `${COCO_PATH}: unpacks to more than the 1000 bytes its header states` } });
    expect(liar.rssGrowth).toBeLessThan(NOWHERE_NEAR);
  });
});
