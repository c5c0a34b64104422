import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeHost, type NodeHost } from '../../src-main/hosts/node';
import { workstationConfigFromEnv } from '../../src-main/config';
import { NODE_HOST_ADDRESS_FILE } from '../../src-shared/ipc';
import { buildWorld, type World } from '../support/world';
import { startObsServer, type ObsServer } from '../support/obsServer';
import { rawInvoke, rawRequest, socketOutcome } from '../support/nodeHostWire';
import { STUB_RENDERER_TITLE, stubRendererIn } from '../support/stubRenderer';

/**
 * The browser host as an attacker meets it (issue 15): a web page in the user's browser
 * (another origin, or DNS rebinding so the Host is the attacker's name) or another local
 * process. Only the page the host serves, holding the per-start secret, may drive it; and even
 * that page's local paths stay in the folders the user chose.
 */
const SECRET = crypto.randomBytes(32).toString('base64url');
const PRECIOUS = 'precious: must survive every attack';

describe('browser host: only its own page, holding the secret, drives it', () => {
  let s: ObsServer;
  let w: World;
  let host: NodeHost;
  let dir: string;
  let dataDir: string;
  let downloads: string;
  let outside: string;
  let victim: string;
  let port: number;
  const own = () => ({ host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}`, secret: SECRET });
  /** An invoke from the page itself, which must succeed. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the result as the wire carried it
  const call = async (method: string, args: unknown): Promise<any> => (await rawInvoke(port, method, args, own())).json();

  beforeAll(async () => {
    s = await startObsServer('sqlite', 'embedded');
    await s.app.listen({ host: '127.0.0.1', port: 0 });
    w = await buildWorld(s.app.ctx);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-sec-host-'));
    stubRendererIn(dir);
    dataDir = path.join(dir, 'ws');
    downloads = path.join(dataDir, 'downloads');
    outside = path.join(dir, 'outside');
    fs.mkdirSync(outside);
    victim = path.join(outside, 'victim.txt');
    const serverUrl = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
    host = await startNodeHost({
      config: workstationConfigFromEnv('node', '9.9.9', { WORKSTATION_DATA_DIR: dataDir, SERVER_URL: serverUrl }),
      rendererDir: path.join(dir, 'renderer'),
      port: 0,
      secret: SECRET,
    });
    port = Number(new URL(host.url).port);
    const me = w.users.owner;
    expect(await call('session.set', { tokenName: 'x-annot-token', tokenValue: me.token, user: { id: me.id, name: 'Owner', mobile: me.mobile } })).toEqual({ ok: true, result: { ok: true } });
    expect(await call('storage.init', {})).toMatchObject({ ok: true, result: { mode: 'embedded' } });
  });
  afterAll(async () => {
    await host?.close();
    await s?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const resetVictim = () => fs.writeFileSync(victim, PRECIOUS);
  const exportTo = (file: string) => ({ from: 0, to: Date.now(), file });

  it('runs nothing for a call without the secret or with a wrong one: 401 as plain JSON, and the file it aimed at is untouched', async () => {
    resetVictim();
    for (const secret of [null, 'wrong', SECRET.slice(0, -1)]) {
      const res = await rawInvoke(port, 'logs.export', exportTo(victim), { secret });
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({ ok: false, error: { code: 'HOST_SECRET_REQUIRED' } });
    }
    // Nor can a stranger replace the session or send storage to another endpoint.
    expect((await rawInvoke(port, 'session.clear', {})).status).toBe(401);
    expect((await rawInvoke(port, 'storage.setOverrides', { overrides: { endPoint: 'http://attacker.example' } })).status).toBe(401);
    expect(fs.readFileSync(victim, 'utf8')).toBe(PRECIOUS);
    expect(await call('storage.status', {})).toMatchObject({ ok: true, result: { initialised: true, mode: 'embedded' } });
  });

  it('refuses a DNS-rebinding Host and a foreign Origin even with the secret (403), and does not serve its page to a rebinding name', async () => {
    resetVictim();
    const rebound = await rawInvoke(port, 'logs.export', exportTo(victim), { host: `attacker.example:${port}`, origin: `http://attacker.example:${port}`, secret: SECRET });
    expect(rebound.status).toBe(403);
    expect(rebound.json()).toMatchObject({ ok: false, error: { code: 'HOST_FORBIDDEN' } });
    for (const origin of ['http://attacker.example', `http://127.0.0.1:${port + 1}`, 'null', `https://127.0.0.1:${port}`]) {
      const res = await rawInvoke(port, 'logs.export', exportTo(victim), { origin, secret: SECRET });
      expect(res.status, origin).toBe(403);
    }
    expect(fs.readFileSync(victim, 'utf8')).toBe(PRECIOUS);
    expect((await rawRequest(port, { headers: { host: `attacker.example:${port}` } })).status).toBe(403);
  });

  it('serves its page under its own names, with no secret in it and no framing allowed', async () => {
    for (const name of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      const page = await rawRequest(port, { headers: { host: name } });
      expect(page.status).toBe(200);
      expect(page.text).toContain(STUB_RENDERER_TITLE);
      expect(page.text).not.toContain(SECRET);
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('answers its own page (its origin, the secret) and tools (no origin, the secret)', async () => {
    expect((await rawInvoke(port, 'app.info', {}, own())).json()).toMatchObject({ ok: true, result: { host: 'node' } });
    expect((await rawInvoke(port, 'app.info', {}, { host: `localhost:${port}`, origin: `http://localhost:${port}`, secret: SECRET })).json()).toMatchObject({ ok: true });
    expect((await rawInvoke(port, 'app.info', {}, { secret: SECRET })).json()).toMatchObject({ ok: true });
  });

  it('lets the event socket open only from its own origin with the secret, and pushes events there', async () => {
    expect(await socketOutcome(host.url, {})).toMatchObject({ connected: false });
    expect(await socketOutcome(host.url, { secret: 'wrong' })).toMatchObject({ connected: false });
    expect(await socketOutcome(host.url, { secret: SECRET, origin: 'http://attacker.example' })).toMatchObject({ connected: false });
    const mine = await socketOutcome(host.url, { secret: SECRET, origin: `http://127.0.0.1:${port}` }, () => call('logs.write', { records: [{ level: 1, message: 'seen by the page' }] }).then(() => call('logs.query', {})));
    expect(mine).toMatchObject({ connected: true, event: { event: 'logs.appended' } });
  });

  it('writes the address with its secret to a file only the user can read', () => {
    const file = path.join(dataDir, NODE_HOST_ADDRESS_FILE);
    expect(host.addressFile).toBe(file);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(`${host.url}/?token=${SECRET}`);
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses to start with a WORKSTATION_WEB_TOKEN too short to be a secret', async () => {
    await expect(startNodeHost({ config: workstationConfigFromEnv('node', '9.9.9', { WORKSTATION_DATA_DIR: path.join(dir, 'ws-short') }), rendererDir: path.join(dir, 'renderer'), port: 0, secret: 'letmein' })).rejects.toThrow(/at least 32 characters/);
  });

  it('writes the log zip only inside a chosen folder: not over any file, not through a link, not over its own data', async () => {
    resetVictim();
    expect(await call('logs.export', exportTo(victim))).toMatchObject({ ok: false, error: { code: 'FOLDER_NOT_CHOSEN', params: { path: victim, folder: fs.realpathSync(outside) } } });
    // A link inside the downloads folder leading out of it, and a link file where the zip would go.
    fs.symlinkSync(outside, path.join(downloads, 'escape'));
    expect(await call('logs.export', exportTo(path.join(downloads, 'escape', 'victim.txt')))).toMatchObject({ ok: false, error: { code: 'FOLDER_NOT_CHOSEN' } });
    fs.symlinkSync(victim, path.join(downloads, 'logs.zip'));
    expect(await call('logs.export', exportTo(path.join(downloads, 'logs.zip')))).toMatchObject({ ok: false, error: { code: 'SYMLINK_TARGET' } });
    expect(fs.readFileSync(victim, 'utf8')).toBe(PRECIOUS);
    // The log store itself, by its name or by a way round through the downloads folder.
    for (const target of [path.join(dataDir, 'logs.db'), path.join(downloads, '..', 'logs.db')]) {
      expect(await call('logs.export', exportTo(target))).toMatchObject({ ok: false, error: { code: 'WORKSTATION_DATA_PATH' } });
    }
    expect(fs.readFileSync(path.join(dataDir, 'logs.db')).subarray(0, 15).toString()).toBe('SQLite format 3');
    const ok = await call('logs.export', exportTo(path.join(downloads, 'support', 'logs.zip')));
    expect(ok).toMatchObject({ ok: true, result: { file: path.join(fs.realpathSync(downloads), 'support', 'logs.zip') } });
    expect(fs.readFileSync(ok.result.file).subarray(0, 2).toString()).toBe('PK');
  });

  it('uploads only files inside a chosen folder, so a local secret cannot be published through the user\'s storage', async () => {
    const secretFile = path.join(outside, 'id_rsa.png');
    fs.writeFileSync(secretFile, 'private key');
    const key = `user/${w.users.owner.id}/stolen.png`;
    expect(await call('storage.upload', { file: secretFile, key })).toMatchObject({ ok: false, error: { code: 'FOLDER_NOT_CHOSEN' } });
    expect(await call('storage.uploadMany', { items: [{ file: secretFile, key }] })).toMatchObject({ ok: false, error: { code: 'FOLDER_NOT_CHOSEN' } });
    const stored = await s.raw({ method: 'GET', url: `/core/obs/get/file?key=${encodeURIComponent(key)}`, token: w.users.owner.token });
    expect(stored.statusCode).toBe(404);
  });

  it('writes a downloaded object only inside a chosen folder', async () => {
    resetVictim();
    const mine = path.join(downloads, 'report.png');
    fs.writeFileSync(mine, 'the report');
    const key = `user/${w.users.owner.id}/report.png`;
    expect(await call('storage.upload', { file: mine, key })).toMatchObject({ ok: true });
    expect(await call('storage.download', { key, file: victim })).toMatchObject({ ok: false, error: { code: 'FOLDER_NOT_CHOSEN' } });
    expect(await call('storage.download', { key, file: path.join(downloads, 'escape', 'victim.txt') })).toMatchObject({ ok: false, error: { code: 'FOLDER_NOT_CHOSEN' } });
    expect(fs.readFileSync(victim, 'utf8')).toBe(PRECIOUS);
    expect(await call('storage.download', { key, file: path.join(downloads, 'copy.png') })).toMatchObject({ ok: true });
    expect(fs.readFileSync(path.join(downloads, 'copy.png'), 'utf8')).toBe('the report');
  });

  it('scans and imports only folders the user allowed, and refuses to allow a whole disk or its own data', async () => {
    const photos = path.join(outside, 'photos');
    fs.mkdirSync(photos);
    fs.writeFileSync(path.join(photos, 'holiday.png'), 'png bytes');
    const scan = { paths: [photos], recordType: 'image' };
    expect(await call('datasets.scan', scan)).toMatchObject({ ok: false, error: { code: 'FOLDER_NOT_CHOSEN' } });
    expect(await call('datasets.import', { ...scan, projectId: w.projectP, batchName: 'stolen' })).toMatchObject({ ok: false, error: { code: 'FOLDER_NOT_CHOSEN' } });
    expect(await call('app.allowFolder', { path: path.parse(outside).root })).toMatchObject({ ok: false, error: { code: 'FOLDER_TOO_BROAD' } });
    expect(await call('app.allowFolder', { path: dataDir })).toMatchObject({ ok: false, error: { code: 'WORKSTATION_DATA_PATH' } });
    expect(await call('app.allowFolder', { path: victim })).toMatchObject({ ok: false, error: { code: 'FOLDER_INVALID' } });
    expect(await call('app.allowFolder', { path: photos })).toMatchObject({ ok: true });
    expect(await call('datasets.scan', scan)).toMatchObject({ ok: true, result: { subjects: 1 } });
  });
});
