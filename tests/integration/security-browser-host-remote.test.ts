import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import AdmZip from 'adm-zip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeHost, type NodeHost } from '../../src-main/hosts/node';
import { workstationConfigFromEnv } from '../../src-main/config';
import { NODE_HOST_SECRET_HEADER, NODE_HOST_UPLOAD_PATH } from '../../src-shared/ipc';
import { buildWorld, type World } from '../support/world';
import { startObsServer, type ObsServer } from '../support/obsServer';
import { rawRequest, type RawAnswer } from '../support/nodeHostWire';
import { stubRendererIn } from '../support/stubRenderer';

/**
 * The browser host served to a browser on another computer (docs/browser-host-remote.md): such
 * a page gets no path of the serving machine, imports by sending the files it read, and saves
 * into its own downloads. Only the page the host serves (its Origin and the secret) may move
 * files either way; a tool without an Origin and a foreign page are refused.
 */
const SECRET = crypto.randomBytes(32).toString('base64url');
const PHOTO = fs.readFileSync(path.resolve('resources/demo-images/coins.png'));
const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

describe('browser host for a page on another computer', () => {
  let s: ObsServer;
  let w: World;
  let host: NodeHost;
  let dir: string;
  let port: number;
  /** What the page on another computer sends: through the trusted proxy on loopback, which names the client. */
  const REMOTE = { 'x-forwarded-for': '203.0.113.9, 198.51.100.23' };
  const page = () => ({ host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}`, [NODE_HOST_SECRET_HEADER]: SECRET });
  const send = (method: string, args: unknown, headers: Record<string, string>): Promise<RawAnswer> => {
    const body = JSON.stringify({ method, args });
    return rawRequest(port, { method: 'POST', path: '/ipc/invoke', headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers }, body });
  };
  const chunk = (jobId: string, object: string, offset: number, size: number, bytes: Buffer, headers: Record<string, string>) =>
    rawRequest(port, {
      method: 'PUT',
      path: `${NODE_HOST_UPLOAD_PATH}/${jobId}/${object}?offset=${offset}&size=${size}`,
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(bytes.length), ...headers },
      body: bytes,
    });

  beforeAll(async () => {
    s = await startObsServer('sqlite', 'embedded');
    await s.app.listen({ host: '127.0.0.1', port: 0 });
    w = await buildWorld(s.app.ctx);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-remote-host-'));
    stubRendererIn(dir);
    const serverUrl = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
    host = await startNodeHost({
      config: workstationConfigFromEnv('node', '9.9.9', { WORKSTATION_DATA_DIR: path.join(dir, 'ws'), SERVER_URL: serverUrl }),
      rendererDir: path.join(dir, 'renderer'),
      port: 0,
      secret: SECRET,
      trustProxy: true,
    });
    port = Number(new URL(host.url).port);
    const me = w.users.owner;
    expect((await send('session.set', { tokenName: 'x-annot-token', tokenValue: me.token, user: { id: me.id, name: 'Owner', mobile: me.mobile } }, page())).json()).toMatchObject({ ok: true });
  });
  afterAll(async () => {
    await host?.close();
    await s?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('tells a page where it runs: through the trusted proxy from another address it is remote, from loopback local', async () => {
    expect((await send('app.info', {}, { ...page(), ...REMOTE })).json()).toMatchObject({ ok: true, result: { client: 'remote' } });
    expect((await send('app.info', {}, page())).json()).toMatchObject({ ok: true, result: { client: 'local' } });
    // A client cannot make itself local by writing loopback first: the proxy's own entry is the last.
    expect((await send('app.info', {}, { ...page(), 'x-forwarded-for': '127.0.0.1, 198.51.100.23' })).json()).toMatchObject({ result: { client: 'remote' } });
  });

  it('gives a remote page no path of this machine: no folder to allow, no scan, no file written', async () => {
    const downloads = path.join(dir, 'ws', 'downloads');
    const remote = { ...page(), ...REMOTE };
    expect((await send('app.allowFolder', { path: dir }, remote)).json()).toMatchObject({ ok: false, error: { code: 'LOCAL_PATH_REMOTE' } });
    expect((await send('datasets.scan', { paths: [downloads], recordType: 'image' }, remote)).json()).toMatchObject({ ok: false, error: { code: 'LOCAL_PATH_REMOTE' } });
    const file = path.join(downloads, 'remote-logs.zip');
    expect((await send('logs.export', { from: 0, to: Date.now(), file }, remote)).json()).toMatchObject({ ok: false, error: { code: 'LOCAL_PATH_REMOTE' } });
    expect(fs.existsSync(file)).toBe(false);
    // The same page on this machine keeps the folder rules it had.
    expect((await send('logs.export', { from: 0, to: Date.now(), file }, page())).json()).toMatchObject({ ok: true });
  });

  it('imports the files a remote page sends, chunk by chunk, only from its own page, checking the bytes against what it announced', async () => {
    const remote = { ...page(), ...REMOTE };
    const file = { name: 'picked/coins.png', size: PHOTO.length, sha256: sha(PHOTO), width: 384, height: 303 };
    const args = { projectId: w.projectP, batchName: 'from the browser', recordType: 'image', subjects: [{ name: 'picked/coins.png', files: [file] }], refused: [{ name: 'picked/notes.png', file: 'picked/notes.png', reason: 'notImage' }] };
    // Starting an import that moves files: a tool without an Origin, a foreign page and a page without the secret get nothing.
    const { origin: _o, ...noOrigin } = remote;
    expect((await send('datasets.importFromBrowser', args, noOrigin)).json()).toMatchObject({ ok: false, error: { code: 'PAGE_ONLY' } });
    expect((await send('datasets.importFromBrowser', args, { ...remote, origin: 'http://evil.example' })).status).toBe(403);
    const { [NODE_HOST_SECRET_HEADER]: _s, ...noSecret } = remote;
    expect((await send('datasets.importFromBrowser', args, noSecret)).status).toBe(401);

    const started = (await send('datasets.importFromBrowser', args, remote)).json();
    expect(started).toMatchObject({ ok: true, result: { job: { source: 'browser', refusedSubjects: 1, refused: [{ name: 'picked/notes.png', reason: 'notImage' }] } } });
    const { job, wanted } = started.result as { job: { jobId: string }; wanted: { object: string; sha256: string; size: number }[] };
    expect(wanted).toEqual([{ object: `${file.sha256}.png`, sha256: file.sha256, size: file.size, name: 'picked/coins.png' }]);
    const object = wanted[0]!.object;

    // The bytes themselves: the same rules.
    const half = Math.floor(PHOTO.length / 2);
    expect((await chunk(job.jobId, object, 0, PHOTO.length, PHOTO.subarray(0, half), noOrigin)).json()).toMatchObject({ ok: false, error: { code: 'PAGE_ONLY' } });
    expect((await chunk(job.jobId, object, 0, PHOTO.length, PHOTO.subarray(0, half), { ...remote, origin: 'http://evil.example' })).status).toBe(403);
    expect((await chunk(job.jobId, object, 0, PHOTO.length, PHOTO.subarray(0, half), noSecret)).status).toBe(401);
    // Other bytes than announced are refused when the file is whole, and nothing is kept of them.
    const forged = Buffer.from(PHOTO);
    forged[100] = forged[100]! ^ 0xff;
    expect((await chunk(job.jobId, object, 0, PHOTO.length, forged, remote)).json()).toMatchObject({ ok: false, error: { code: 'UPLOAD_MISMATCH' } });

    expect((await chunk(job.jobId, object, 0, PHOTO.length, PHOTO.subarray(0, half), remote)).json()).toEqual({ ok: true, result: { offset: half, stored: false } });
    // A chunk sent again (its answer was lost) is not appended twice: the host says where the file stands.
    expect((await chunk(job.jobId, object, 0, PHOTO.length, PHOTO.subarray(0, half), remote)).json()).toEqual({ ok: true, result: { offset: half, stored: false } });
    expect((await chunk(job.jobId, object, half, PHOTO.length, PHOTO.subarray(half), remote)).json()).toEqual({ ok: true, result: { offset: PHOTO.length, stored: true } });

    await expect.poll(async () => ((await send('datasets.jobs', {}, page())).json().result as { jobId: string; state: string }[]).find((j) => j.jobId === job.jobId)?.state, { timeout: 20_000 }).toBe('done');
    const done = ((await send('datasets.jobs', {}, page())).json().result as { jobId: string; registeredSubjects: number; uploadedFiles: number; batchId: number }[]).find((j) => j.jobId === job.jobId)!;
    expect(done).toMatchObject({ registeredSubjects: 1, uploadedFiles: 1 });
    const frames = await s.app.ctx.db.selectFrom('subject_frames').select(['file_name', 'object_key']).where('object_key', 'like', `%${file.sha256}%`).execute();
    expect(frames.map((f) => f.file_name)).toContain('coins.png');
    // Nothing of it stays in the host's own data.
    expect(fs.readdirSync(path.join(dir, 'ws', 'incoming'))).toEqual([]);
  });

  it('saves into a remote browser\'s downloads through a single-use ticket only its own page can mint', async () => {
    const remote = { ...page(), ...REMOTE };
    const { origin: _o, ...noOrigin } = remote;
    await send('logs.write', { records: [{ level: 1, message: 'a record for the remote page' }] }, remote);
    expect((await send('logs.exportToBrowser', { from: 0, to: Date.now() }, noOrigin)).json()).toMatchObject({ ok: false, error: { code: 'PAGE_ONLY' } });
    const offered = (await send('logs.exportToBrowser', { from: 0, to: Date.now() }, remote)).json();
    expect(offered).toMatchObject({ ok: true, result: { url: expect.stringMatching(/^\/ipc\/download\/[\w-]{43}$/), name: expect.stringMatching(/^logs-.*\.zip$/) } });
    expect(offered.result.records).toBeGreaterThanOrEqual(1);
    const url = offered.result.url as string;
    // A foreign page that somehow learnt the address is refused; the ticket stays good for the real page.
    expect((await rawRequest(port, { path: url, headers: { host: `127.0.0.1:${port}`, origin: 'http://evil.example' } })).status).toBe(403);
    const got = await rawRequest(port, { path: url, headers: { host: `127.0.0.1:${port}` } });
    expect(got.status).toBe(200);
    expect(got.headers['content-disposition']).toBe(`attachment; filename="${offered.result.name}"; filename*=UTF-8''${offered.result.name}`);
    expect(Number(got.headers['content-length'])).toBe(offered.result.size);
    expect(new AdmZip(got.bytes).getEntries().length).toBeGreaterThan(0);
    // Used once, gone.
    expect((await rawRequest(port, { path: url, headers: { host: `127.0.0.1:${port}` } })).status).toBe(404);
  });
});
