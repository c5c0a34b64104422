import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workstationConfigFromEnv } from '../../src-main/config';
import { DATA_DIR_LOCK_FILE } from '../../src-main/hosts/dataDirLock';
import { startNodeHost, type NodeHost } from '../../src-main/hosts/node';
import { NODE_HOST_INVOKE_PATH, NODE_HOST_SECRET_HEADER } from '../../src-shared/ipc';
import { stubRendererIn } from '../support/stubRenderer';

/** The workstation is one (issue 18): a second browser host on the same data folder says so and stops before it opens anything. */
describe('one browser host per data folder', () => {
  let dir: string;
  let rendererDir: string;
  const started: NodeHost[] = [];
  const start = async (dataDir: string) => {
    const h = await startNodeHost({ config: workstationConfigFromEnv('node', '9.9.9', { WORKSTATION_DATA_DIR: dataDir, SERVER_URL: 'http://127.0.0.1:1' }), rendererDir, port: 0 });
    started.push(h);
    return h;
  };
  const info = async (h: NodeHost) => {
    const res = await fetch(h.url + NODE_HOST_INVOKE_PATH, { method: 'POST', headers: { 'content-type': 'application/json', [NODE_HOST_SECRET_HEADER]: h.secret }, body: JSON.stringify({ method: 'app.info', args: {} }) });
    return ((await res.json()) as { result: { dataDir: string } }).result;
  };

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-one-'));
    rendererDir = stubRendererIn(dir);
  });
  afterAll(async () => {
    for (const h of started) await h.close().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second host on the same folder with a message that says what to do, and lets one start after the first stops', async () => {
    const dataDir = path.join(dir, 'ws');
    const first = await start(dataDir);
    const lock = JSON.parse(fs.readFileSync(path.join(dataDir, DATA_DIR_LOCK_FILE), 'utf8')) as { pid: number };
    expect(lock.pid).toBe(process.pid);

    const second = await start(dataDir).catch((e: Error & { code?: string }) => e);
    expect(second).toBeInstanceOf(Error);
    expect((second as Error & { code?: string }).code).toBe('DATA_DIR_LOCKED');
    expect((second as Error).message).toMatch(/another workstation is already running on the data folder .*ws: process \d+ \(browser host, started .*\)\. .*WORKSTATION_DATA_DIR/);
    // The first is untouched: it answers, and its lock stays.
    expect((await info(first)).dataDir).toBe(dataDir);
    expect(fs.existsSync(path.join(dataDir, DATA_DIR_LOCK_FILE))).toBe(true);
    // Another folder is another workstation.
    const other = await start(path.join(dir, 'ws-other'));
    expect((await info(other)).dataDir).toBe(path.join(dir, 'ws-other'));

    await first.close();
    expect(fs.existsSync(path.join(dataDir, DATA_DIR_LOCK_FILE))).toBe(false);
    const third = await start(dataDir);
    expect((await info(third)).dataDir).toBe(dataDir);
    await third.close();
    await other.close();
  });

  it('takes over a lock whose process is gone (a crash, a kill)', async () => {
    const dataDir = path.join(dir, 'ws-stale');
    fs.mkdirSync(dataDir, { recursive: true });
    // A process that ran and is gone: its pid is free.
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const deadPid = Number(dead.stdout);
    fs.writeFileSync(path.join(dataDir, DATA_DIR_LOCK_FILE), JSON.stringify({ pid: deadPid, hostname: os.hostname(), host: 'browser host', startedAt: '2026-01-01T00:00:00.000Z' }));
    const h = await start(dataDir);
    expect((await info(h)).dataDir).toBe(dataDir);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, DATA_DIR_LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
    await h.close();
  });

  it('refuses a lock held by a live process of this machine', async () => {
    const dataDir = path.join(dir, 'ws-live');
    fs.mkdirSync(dataDir, { recursive: true });
    // the test runner's parent is alive for as long as the test runs
    fs.writeFileSync(path.join(dataDir, DATA_DIR_LOCK_FILE), JSON.stringify({ pid: process.ppid, hostname: os.hostname(), host: 'electron', startedAt: '2026-01-01T00:00:00.000Z' }));
    await expect(start(dataDir)).rejects.toThrow(new RegExp(`process ${process.ppid} \\(electron`));
    // nothing was opened in the folder
    expect(fs.readdirSync(dataDir)).toEqual([DATA_DIR_LOCK_FILE]);
  });
});
