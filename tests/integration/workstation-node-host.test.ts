import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeHost, type NodeHost } from '../../src-main/hosts/node';
import { workstationConfigFromEnv } from '../../src-main/config';
import { NODE_HOST_EVENT_MESSAGE, NODE_HOST_INVOKE_PATH, NODE_HOST_SECRET_HEADER } from '../../src-shared/ipc';
import { STUB_RENDERER_TITLE, stubRendererIn } from '../support/stubRenderer';

/** The workstation contract through the browser host: HTTP invoke, socket.io events, the renderer files (with its secret: who else may call is tests/integration/security-workstation-host.test.ts). */
describe('browser host', () => {
  let host: NodeHost;
  let dir: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads whatever the wire carried
  const invoke = async (method: string, args: unknown): Promise<any> => {
    const res = await fetch(host.url + NODE_HOST_INVOKE_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [NODE_HOST_SECRET_HEADER]: host.secret },
      body: JSON.stringify({ method, args }),
    });
    return res.json();
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-host-'));
    stubRendererIn(dir);
    host = await startNodeHost({
      config: workstationConfigFromEnv('node', '9.9.9', { WORKSTATION_DATA_DIR: path.join(dir, 'ws'), SERVER_URL: 'http://127.0.0.1:1' }),
      rendererDir: path.join(dir, 'renderer'),
      port: 0,
    });
  });
  afterAll(async () => {
    await host?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers app.info with version, data dir, host kind and server URL', async () => {
    expect(await invoke('app.info', {})).toEqual({
      ok: true,
      result: { version: '9.9.9', dataDir: path.join(dir, 'ws'), downloadsDir: path.join(dir, 'ws', 'downloads'), host: 'node', client: 'local', serverUrl: 'http://127.0.0.1:1', logLevel: 'debug' },
    });
  });

  it('says it has no folder dialog, so the import asks for a typed path instead of waiting for one', async () => {
    expect(await invoke('app.pickFolder', { title: 'Folder' })).toEqual({ ok: true, result: { path: null, supported: false } });
  });

  it('writes logs, pushes the appended event, and finds them again newest first', async () => {
    const socket = io(host.url, { transports: ['websocket'], auth: { secret: host.secret } });
    const event = new Promise((resolve) => socket.on(NODE_HOST_EVENT_MESSAGE, resolve));
    await new Promise((resolve) => socket.on('connect', () => resolve(null)));
    const written = await invoke('logs.write', {
      records: [
        { level: 1, message: 'opened project', at: 1000, extra: { projectId: 7, userName: 'Ada' } },
        { level: 3, message: 'upload failed', at: 2000 },
      ],
    });
    expect(written).toEqual({ ok: true, result: { written: 2 } });

    const errorsOnly = await invoke('logs.query', { minLevel: 3 });
    // Stored (and announced) once flushed: the two records and the host's start-up record wait for a batch, and the query flushes them.
    expect(await event).toEqual({ event: 'logs.appended', payload: { count: 3 } });
    socket.close();
    expect(errorsOnly.result.map((r: { message: string }) => r.message)).toEqual(['upload failed']);
    const startup = await invoke('logs.query', { search: 'workstation started' });
    expect(startup.result).toEqual([expect.objectContaining({ level: 1, message: expect.stringMatching(/^workstation started: app 9\.9\.9, host node, node \d+\.\d+\.\d+, \w+ .+ \w+$/) })]);
    const all = await invoke('logs.query', { to: 10_000 });
    expect(all.result.map((r: { message: string }) => r.message)).toEqual(['upload failed', 'opened project']);
    expect(all.result[1].extra).toEqual({ projectId: 7, userName: 'Ada' });
  });

  it('returns failures as plain { name, message, code } data', async () => {
    expect(await invoke('no.such.method', {})).toMatchObject({ ok: false, error: { name: 'UnknownMethod', code: 'UNKNOWN_METHOD' } });
    expect(await invoke('__proto__', {})).toMatchObject({ ok: false, error: { code: 'UNKNOWN_METHOD' } });
    const bad = await invoke('logs.write', { records: [{ level: 9, message: 'x' }] });
    expect(bad).toEqual({ ok: false, error: { name: 'RangeError', message: 'records[0].level must be 0 to 3 (debug, info, warn, error), got 9', code: 'BAD_ARGS' } });
  });

  it('reaches storage and datasets through the contract, with storage errors as codes and params', async () => {
    // Before init the storage layer says so, in the spec's words, as plain data with its code.
    expect(await invoke('storage.upload', { file: path.join(dir, 'ws', 'downloads', 'nothing.png'), key: 'user/1/x.png' })).toEqual({
      ok: false,
      error: { name: 'StorageError', message: 'S3 not enabled, call init first', code: 'NotInitialised', params: {} },
    });
    expect(await invoke('storage.status', {})).toMatchObject({ ok: true, result: { initialised: false, partSize: 5 * 1024 * 1024, queueSize: 4 } });
    // No server at SERVER_URL: init fails as a failed token fetch, and nothing is left cached.
    expect(await invoke('storage.init', {})).toMatchObject({ ok: false, error: { code: 'TokenFailed', message: 'Failed to get S3 token' } });

    const folder = path.join(dir, 'dataset');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'one.jpg'), 'jpeg bytes');
    fs.writeFileSync(path.join(folder, 'notes.txt'), 'not an image');
    // A folder the user has not chosen yet is refused until they allow it in the page.
    expect(await invoke('datasets.scan', { paths: [folder], recordType: 'image' })).toMatchObject({ ok: false, error: { code: 'FOLDER_NOT_CHOSEN', params: { folder } } });
    expect(await invoke('app.allowFolder', { path: folder })).toEqual({ ok: true, result: { folder: fs.realpathSync(folder) } });
    expect(await invoke('datasets.scan', { paths: [folder], recordType: 'image' })).toMatchObject({ ok: true, result: { subjects: 1, files: 1, ignored: 1 } });
    expect(await invoke('datasets.scan', { paths: ['relative'], recordType: 'image' })).toMatchObject({ ok: false, error: { code: 'BAD_ARGS' } });
  });

  it('serves the built renderer', async () => {
    const res = await fetch(host.url + '/');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(STUB_RENDERER_TITLE);
  });
});
