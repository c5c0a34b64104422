import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogRecord } from '../../src-shared/ipc';
import { workstationConfigFromEnv } from '../../src-main/config';
import { createServices, type Services } from '../../src-main/services';
import { CuttableProxy } from '../support/cuttableProxy';
import { startObsServer, type ObsServer } from '../support/obsServer';
import { until } from '../support/processes';
import { buildTask } from '../support/taskFixture';
import { buildWorld, type World } from '../support/world';
import { tempFile } from '../support/workstationStorage';

const TOKEN_NAME = 'x-annot-token';
const box = (id: string) => ({ id, featureId: 1, labelId: 'car', tool: 'box' as const, geometry: { x: 10, y: 10, width: 10, height: 8 }, attributes: {}, zIndex: 0, source: 'manual' as const });

/**
 * The main process writes what matters (issue 18): real transfers to Ceph, a real journal
 * against a real team server whose line is cut and mended, a real sign-in; the records are
 * then found with logs.query, with their levels and extra info, and without any secret.
 */
describe('what the workstation logs, from real events', () => {
  let s: ObsServer;
  let proxy: CuttableProxy;
  let services: Services;
  let dataDir: string;
  let serverUrl: string;
  let w: World;
  const h = () => services.handlers;
  const records = (search: string) => h()['logs.query']({ search, limit: 1000 }) as Promise<LogRecord[]>;

  beforeAll(async () => {
    s = await startObsServer('sqlite', 's3');
    await s.app.listen({ host: '127.0.0.1', port: 0 });
    serverUrl = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
    proxy = new CuttableProxy(serverUrl);
    await proxy.start();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-logging-'));
    services = createServices(workstationConfigFromEnv('node', '0.0.0-test', { WORKSTATION_DATA_DIR: dataDir, SERVER_URL: proxy.url }));
    w = await buildWorld(s.app.ctx);
  });
  afterAll(async () => {
    await services?.close();
    await proxy?.close();
    await s?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('records transfers, journal saves, the server cut and back, a hand-off and the sign-out with their ids', async () => {
    const me = w.users.annotator;
    const t = await buildTask(s.app.ctx, { projectId: w.projectP, createdBy: w.users.owner.id, steps: [{ type: 'annotate', members: [me.id] }], subjects: 1 });
    const claim = await s.app.inject({ method: 'POST', url: '/core/task/subject/claim', headers: { [TOKEN_NAME]: me.token }, payload: { projectId: w.projectP, taskId: t.taskId, workflowId: t.steps[0]!.workflowId } });
    const card = claim.json<{ data: { taskSubjectId: number; version: number; frameIds: number[] } }>().data;
    await h()['session.set']({ tokenName: TOKEN_NAME, tokenValue: me.token, user: { id: me.id, name: 'Annotator A', mobile: me.mobile }, projectId: w.projectP, taskId: t.taskId });
    const signedIn = await records('session started');
    expect(signedIn[0]).toMatchObject({ level: 1, extra: { userId: me.id, userName: 'Annotator A', projectId: w.projectP, taskId: t.taskId } });

    // Storage: a transfer that works and one the session policy refuses.
    await h()['storage.init']({});
    // A folder the user chose (the data folder itself is off limits to transfers).
    const mine = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-logging-files-'));
    await services.folders.allow(mine);
    const file = tempFile(mine, 'photo.jpg', 300_000);
    // The holder of a task subject may write its annotate/ folder.
    await h()['storage.upload']({ file, key: `annotate/${card.taskSubjectId}/photo.jpg` });
    const upload = await records(`storage upload annotate/${card.taskSubjectId}/photo.jpg`);
    expect(upload.map((r) => r.level).sort()).toEqual([0, 1]);
    const done = upload.find((r) => r.level === 1)!;
    expect(done.message).toMatch(/^storage upload annotate\/\d+\/photo\.jpg done: 300000 bytes in \d+\.\d\d s \(\d+\.\d\d MB\/s\), 0 retries$/);
    expect(done.extra).toMatchObject({ projectId: w.projectP, userId: me.id, taskId: t.taskId });
    await expect(h()['storage.upload']({ file, key: `dataset/${w.projectQ}/not-mine.jpg` })).rejects.toMatchObject({ code: expect.any(String) });
    const refused = await records(`storage upload dataset/${w.projectQ}/not-mine.jpg failed`);
    expect(refused).toEqual([expect.objectContaining({ level: 3, extra: expect.objectContaining({ projectId: w.projectQ }) })]);
    // the object store's answer is in the words the permission alert looks for
    expect(refused[0]!.message).toMatch(/failed: .+ \[\w+\] \(HTTP 403\) after \d+ retries, \d+\.\d\d s$/);

    // The journal: saves sent, the line cut (offline) and mended (back), a submit handed off.
    const id = card.taskSubjectId;
    const remark = `taskSubjectId=${id}`;
    // The workspace says where the item is worked on; every journal record of it carries that.
    const place = { projectId: w.projectP, taskId: t.taskId, workflowId: t.steps[0]!.workflowId, workflowType: 'annotate', subjectDataId: 4242 };
    // The item's name rides with the place for the page's lists; it is not an extra-info field, so the records leave it out.
    await h()['journal.open']({ taskSubjectId: id, serverVersion: card.version, place: { ...place, itemName: 'street-04.jpg' } });
    await h()['journal.append']({ taskSubjectId: id, frameId: card.frameIds[0]!, upsert: [box('a')] });
    const { version } = await h()['journal.flush']({ taskSubjectId: id });
    const saves = await records(`journal save sent: task subject ${id}`);
    expect(saves[0]).toMatchObject({ level: 0, message: expect.stringContaining(`-> ${version}`), extra: { remark, userId: me.id, ...place, subjectId: id } });
    expect(saves[0]!.extra).not.toHaveProperty('itemName');

    proxy.cut = true;
    await h()['journal.append']({ taskSubjectId: id, frameId: card.frameIds[0]!, upsert: [box('b')] });
    await until('journal offline', () => h()['journal.status']({ taskSubjectId: id }), (st) => st.state === 'offline');
    expect(await records('journal offline')).toEqual([expect.objectContaining({ level: 2, extra: expect.objectContaining({ remark, userId: me.id }) })]);
    await h()['journal.handOff']({ taskSubjectId: id, action: 'submit', activeMs: 4000 });
    // What a page after a restart lists as waiting: the hand-off, where, and the item's name.
    expect(await h()['journal.handoffs']({})).toEqual([expect.objectContaining({ taskSubjectId: id, handoff: 'submit', place: { ...place, itemName: 'street-04.jpg' } })]);
    proxy.cut = false;
    await until('hand-off sent', () => h()['journal.status']({ taskSubjectId: id }), (st) => st.state === 'synced' && st.handoff === undefined && st.pending === 0, 30_000);
    expect(await records('journal back online')).toEqual([expect.objectContaining({ level: 1, message: expect.stringMatching(/after \d+\.\d s$/) })]);
    expect(await records(`journal hand-off queued: submit of task subject ${id}`)).toEqual([expect.objectContaining({ level: 1, extra: expect.objectContaining({ remark }) })]);
    expect(await records(`journal hand-off sent: submit of task subject ${id}`)).toEqual([expect.objectContaining({ level: 1, extra: expect.objectContaining({ remark, ...place, subjectId: id }) })]);
    await expect(h()['journal.open']({ taskSubjectId: id, serverVersion: 0, place: { ...place, workflowId: 'x' } as never })).rejects.toMatchObject({ code: 'BAD_ARGS', message: 'place.workflowId must be a positive integer' });

    await h()['session.clear']({});
    expect(await records('signed out')).toEqual([expect.objectContaining({ level: 1, message: `signed out: user ${me.id}`, extra: expect.objectContaining({ userId: me.id }) })]);
    // Start-up first of all.
    expect(await records('workstation started: app 0.0.0-test, host node')).toHaveLength(1);
  }, 90_000);

  it('keeps every secret of a sign-in and of storage out of every record', async () => {
    const u = w.users.reviewer;
    // A real sign-in, as the renderer does it, then its session handed to the main process.
    const login = await fetch(`${serverUrl}/core/user/login/mobile`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mobile: u.mobile, password: w.password }) });
    const session = ((await login.json()) as { data: { tokenName: string; tokenValue: string } }).data;
    expect(session.tokenValue.length).toBeGreaterThan(11);
    await h()['session.set']({ tokenName: session.tokenName, tokenValue: session.tokenValue, user: { id: u.id, name: 'Reviewer', mobile: u.mobile } });
    await h()['storage.init']({});
    const signed = await h()['storage.signedUrl']({ key: `dataset/${w.projectP}/photo.jpg` });
    const sts = (await (await fetch(`${serverUrl}/core/obs/token`, { headers: { [session.tokenName]: session.tokenValue } })).json()) as { data: Record<string, unknown> };
    const stsSecrets = ['accessKey', 'secretKey', 'securityToken'].map((k) => sts.data[k]).filter((v): v is string => typeof v === 'string');
    expect(stsSecrets).toHaveLength(3);
    const signature = new URL(signed.url).searchParams.get('X-Amz-Signature')!;
    expect(signature).toBeTruthy();
    const hostSecret = 'a'.repeat(8) + 'B'.repeat(40);
    // What a renderer's logger may well write about this journey (failed and slow calls with their bodies and answers).
    await h()['logs.write']({
      records: [
        { level: 2, message: `POST /core/user/login/mobile slow: body ${JSON.stringify({ mobile: u.mobile, password: w.password })} answer ${JSON.stringify({ code: 200, data: session })}` },
        { level: 3, message: `POST /core/user/login/mobile failed 400: ${JSON.stringify({ mobile: u.mobile, code: '482913' })}`, extra: { remark: `headers ${session.tokenName}: ${session.tokenValue}` } },
        { level: 1, message: `GET /core/obs/token answer ${JSON.stringify(sts.data)}` },
        { level: 2, message: `image failed to load: ${signed.url}` },
        { level: 1, message: `opened http://127.0.0.1:8620/?token=${hostSecret}#/work` },
        { level: 1, message: `retrying with the session ${session.tokenValue}` },
      ],
    });
    await h()['session.clear']({});
    const all = JSON.stringify(await h()['logs.query']({ limit: 10_000 }));
    for (const secret of [w.password, session.tokenValue, '482913', ...stsSecrets, signature, hostSecret]) expect(all).not.toContain(secret);
    // The records are still there, with what is not secret.
    expect(all).toMatch(/image failed to load: http:\/\/[^"]+X-Amz-Date=\d+T\d+Z/);
    expect(all).toContain(u.mobile);
  }, 60_000);
});
