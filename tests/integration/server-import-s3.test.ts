import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCoco } from '../../src-server/exports/formats';
import { DB_KINDS } from '../support/databases';
import { startObsServer, type ObsServer } from '../support/obsServer';
import { buildWorld, type World } from '../support/world';
import { sampleItems, sampleOntology, writeIntoZip } from '../support/exportSample';
import { buildImportProject, exportItemsOf, putZip, sampleSubjects } from '../support/importFixture';

/** The import reading its zip from S3 (Ceph RGW) under a root prefix, as a self-hosted server does. */
describe.each(DB_KINDS)('annotation import from S3 on %s', (kind) => {
  let s: ObsServer;
  let w: World;
  beforeAll(async () => {
    s = await startObsServer(kind, 's3');
    w = await buildWorld(s.app.ctx);
  });
  afterAll(async () => {
    await s?.close();
  });

  const importKey = (projectId: number, taskId: number, key: string) =>
    s.call({ method: 'POST', url: '/core/project/external/import', token: w.users.manager.token, payload: { projectId, taskId, format: 'coco', key, dryRun: false, createMissingLabels: true } });

  it('reads a zip the caller put in their folder, with or without the root prefix on its key, and refuses a missing one', async () => {
    const { zip } = await writeIntoZip((sink) => writeCoco(sampleItems, sampleOntology, sink));
    const key = await putZip(s.app.ctx, w.users.manager.id, zip);
    for (const sent of [key, `${s.s3!.rootPrefix}/${key}`]) {
      const b = await buildImportProject(s.app.ctx, { teamId: w.teamA, ownerId: w.users.owner.id, annotatorIds: [], subjects: sampleSubjects() });
      const r = await importKey(b.projectId, b.taskId, sent);
      expect(r.body.data).toMatchObject({ written: true, matched: { subjects: 3, objects: 7 } });
      expect((await exportItemsOf(s.app.ctx, b.taskId))[0]!.frames[0]!.data.objects).toHaveLength(3);
    }
    const b = await buildImportProject(s.app.ctx, { teamId: w.teamA, ownerId: w.users.owner.id, annotatorIds: [], subjects: sampleSubjects() });
    const missing = await importKey(b.projectId, b.taskId, `user/${w.users.manager.id}/imports/never-uploaded.zip`);
    expect({ status: missing.status, msg: missing.body.msg }).toEqual({ status: 404, msg: 'error.import.zipNotFound' });
  });
});
