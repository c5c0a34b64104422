import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startNodeHost, type NodeHost } from '../../src-main/hosts/node';
import { workstationConfigFromEnv } from '../../src-main/config';
import { NODE_HOST_INVOKE_PATH, NODE_HOST_SECRET_HEADER } from '../../src-shared/ipc';
import { stubRendererIn } from '../support/stubRenderer';

/**
 * WORKSTATION_LOG_LEVEL as an operator sets it (docs/logging.md, "Log level"): the browser host
 * tells the page its level in app.info, and keeps no record below it, whoever writes.
 */
describe('the workstation log level', () => {
  const hosts: { host: NodeHost; dir: string }[] = [];
  afterEach(async () => {
    for (const { host, dir } of hosts.splice(0)) {
      await host.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  const start = async (level: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-loglevel-'));
    stubRendererIn(dir);
    const host = await startNodeHost({
      config: workstationConfigFromEnv('node', '9.9.9', { WORKSTATION_DATA_DIR: path.join(dir, 'ws'), SERVER_URL: 'http://127.0.0.1:1', WORKSTATION_LOG_LEVEL: level }),
      rendererDir: path.join(dir, 'renderer'),
      port: 0,
    });
    hosts.push({ host, dir });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads whatever the wire carried
    return async (method: string, args: unknown): Promise<any> => {
      const res = await fetch(host.url + NODE_HOST_INVOKE_PATH, { method: 'POST', headers: { 'content-type': 'application/json', [NODE_HOST_SECRET_HEADER]: host.secret }, body: JSON.stringify({ method, args }) });
      const body = (await res.json()) as { ok: boolean; result: unknown };
      expect(body.ok).toBe(true);
      return body.result;
    };
  };
  const everyLevel = { records: [0, 1, 2, 3].map((level) => ({ level, message: `record at ${level}`, at: 1000 + level })) };

  it('at warn: the page is told, and only warnings and errors are kept (the start-up record, an info, is not)', async () => {
    const invoke = await start('WARN');
    expect(await invoke('app.info', {})).toMatchObject({ logLevel: 'warn' });
    expect(await invoke('logs.write', everyLevel)).toEqual({ written: 2 });
    const kept = await invoke('logs.query', {});
    expect(kept.map((r: { message: string }) => r.message)).toEqual(['record at 3', 'record at 2']);
  });

  it('off: nothing is kept, and the store still answers ops (query, status)', async () => {
    const invoke = await start('off');
    expect(await invoke('app.info', {})).toMatchObject({ logLevel: 'off' });
    expect(await invoke('logs.write', everyLevel)).toEqual({ written: 0 });
    expect(await invoke('logs.query', {})).toEqual([]);
    expect(await invoke('logs.status', {})).toMatchObject({ stored: 0, queued: 0, dropped: 0 });
  });

  it('changed while it runs: from the next record on, for every writer, told to the pages, and back at a restart', async () => {
    const invoke = await start('debug');
    const heard: unknown[] = [];
    const host = hosts.at(-1)!.host;
    const offHeard = host.services.events.on('logs.level', (e) => heard.push(e));
    expect(await invoke('logs.setLevel', { level: 'error' })).toEqual({ level: 'error' });
    expect(heard).toEqual([{ level: 'error' }]);
    expect(await invoke('app.info', {})).toMatchObject({ logLevel: 'error' });
    expect(await invoke('logs.level', {})).toEqual({ level: 'error' });
    // The main process's own logger follows too (a warning of a service is not made).
    host.services.log.warn('a service warning under error');
    host.services.log.error('a service error under error');
    expect(await invoke('logs.write', everyLevel)).toEqual({ written: 1 });
    await invoke('logs.setLevel', { level: 'debug' });
    expect(await invoke('logs.write', everyLevel)).toEqual({ written: 4 });
    const messages = (await invoke('logs.query', {})).map((r: { message: string }) => r.message);
    expect(messages).toContain('log level: debug -> error');
    expect(messages).toContain('log level: error -> debug');
    expect(messages).toContain('a service error under error');
    expect(messages).not.toContain('a service warning under error');
    expect(messages.filter((m: string) => m === 'record at 0')).toHaveLength(1);
    offHeard();
  });

  it('a level it does not know, or a page on another computer, is refused with a code and changes nothing', async () => {
    const invoke = await start('info');
    const host = hosts.at(-1)!.host;
    const call = async (args: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(host.url + NODE_HOST_INVOKE_PATH, { method: 'POST', headers: { 'content-type': 'application/json', [NODE_HOST_SECRET_HEADER]: host.secret, ...headers }, body: JSON.stringify({ method: 'logs.setLevel', args }) });
      return (await res.json()) as { ok: boolean; error?: { code: string } };
    };
    expect(await call({ level: 'verbose' })).toMatchObject({ ok: false, error: { code: 'BAD_ARGS' } });
    // The same service answering as a remote page does (the browser host marks where each call comes from).
    await expect(host.services.runFrom('remote', () => host.services.handlers['logs.setLevel']({ level: 'off' }))).rejects.toMatchObject({ code: 'LOG_LEVEL_REMOTE' });
    expect(await invoke('logs.level', {})).toEqual({ level: 'info' });
  });

  it('unset is everything; a level it does not know stops the start with a sentence naming the allowed ones', () => {
    expect(workstationConfigFromEnv('node', '1', {}).logLevel).toBe('debug');
    expect(() => workstationConfigFromEnv('node', '1', { WORKSTATION_LOG_LEVEL: 'verbose' })).toThrow('WORKSTATION_LOG_LEVEL is "verbose"; it must be one of debug, info, warn, error, off (default debug)');
  });
});
