import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { buildWorld, type World, type WorldRole } from '../support/world';
import { buildTask } from '../support/taskFixture';
import { multipartForm, startObsServer, type FormPart, type ObsServer } from '../support/obsServer';

/** annotate/<taskSubjectId>/: files a worker attaches to their work, in embedded mode. */
describe.each(DB_KINDS)('task subject folders on %s', (kind) => {
  let s: ObsServer;
  let w: World;
  let ts: number;
  beforeAll(async () => {
    s = await startObsServer(kind, 'embedded');
    w = await buildWorld(s.app.ctx);
    const task = await buildTask(s.app.ctx, {
      projectId: w.projectP,
      createdBy: w.users.owner.id,
      steps: [{ type: 'annotate', members: [w.users.annotator.id, w.users.vendorAnnotator.id] }],
      subjects: 1,
    });
    ts = task.taskSubjectIds[0]!;
    // The annotator holds it, as after a claim.
    await s.app.ctx.db.updateTable('task_subjects').set({ state: 'claimed', holder_id: w.users.annotator.id }).where('id', '=', ts).execute();
  });
  afterAll(async () => {
    await s?.close();
  });

  const upload = (role: WorldRole | 'ownerB' | 'outsider', key: string, data: Buffer) => {
    const parts: FormPart[] = [{ name: 'key', value: key }, { name: 'file', filename: 'f.json', contentType: 'application/json', data }];
    return s.call({ method: 'POST', url: '/core/obs/upload', ...multipartForm(parts), token: w.users[role].token });
  };
  const download = (role: WorldRole | 'ownerB' | 'outsider', key: string) =>
    s.raw({ method: 'GET', url: `/core/obs/get/file?key=${encodeURIComponent(key)}`, token: w.users[role].token });

  it('lets the holder and task managers write, project readers read, and nobody else in', async () => {
    const key = `annotate/${ts}/attachments/mask.json`;
    expect((await upload('annotator', key, Buffer.from('{"by":"holder"}'))).body.code).toBe(200);
    expect((await upload('vendorAnnotator', key, Buffer.from('{}'))).body).toMatchObject({ code: 403, msg: 'error.forbidden' });
    expect((await upload('reviewer', key, Buffer.from('{}'))).body.code).toBe(403);
    expect((await upload('owner', `annotate/${ts}/fix.json`, Buffer.from('{}'))).body.code).toBe(200);
    expect((await upload('ownerB', key, Buffer.from('{}'))).body).toMatchObject({ code: 404, msg: 'error.obs.objectNotFound' });

    expect((await download('reviewer', key)).rawPayload.toString()).toBe('{"by":"holder"}');
    expect((await download('vendorAnnotator', key)).statusCode).toBe(200);
    expect((await download('ownerB', key)).statusCode).toBe(404);
    expect((await download('outsider', key)).statusCode).toBe(404);
    expect((await download('owner', `annotate/${ts + 1000}/mask.json`)).statusCode).toBe(404);
  });

  it('hands out upload targets and signed read URLs for the folder', async () => {
    const target = await s.call({ method: 'GET', url: `/core/obs/annotate/upload/${ts}?path=notes/a.txt&contentType=text/plain`, token: w.users.annotator.token });
    expect(target.body.data).toMatchObject({ key: `annotate/${ts}/notes/a.txt`, mode: 'embedded', method: 'POST' });
    const refused = await s.call({ method: 'GET', url: `/core/obs/annotate/upload/${ts}?path=notes/a.txt&contentType=text/plain`, token: w.users.reviewer.token });
    expect(refused.body.code).toBe(403);

    await upload('annotator', `annotate/${ts}/notes/a.txt`, Buffer.from('hello'));
    const signed = await s.call({ method: 'GET', url: `/core/obs/annotate/get/${ts}?path=notes/a.txt`, token: w.users.reviewer.token });
    expect(signed.body.code).toBe(200);
    const url = new URL(signed.body.data.url);
    const viaUrl = await s.raw({ method: 'GET', url: url.pathname + url.search });
    expect(viaUrl.rawPayload.toString()).toBe('hello');
    expect((await s.call({ method: 'GET', url: `/core/obs/annotate/get/${ts}?path=notes/a.txt`, token: w.users.ownerB.token })).body.code).toBe(404);
  });
});
