import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startNodeHost, type NodeHost } from '../../src-main/hosts/node';
import { workstationConfigFromEnv } from '../../src-main/config';
import { NODE_HOST_INVOKE_PATH, NODE_HOST_SECRET_HEADER } from '../../src-shared/ipc';

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
    fs.mkdirSync(path.join(dir, 'renderer'));
    fs.writeFileSync(path.join(dir, 'renderer/index.html'), '<!doctype html><title>workstation</title>');
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

  it('unset is everything; a level it does not know stops the start with a sentence naming the allowed ones', () => {
    expect(workstationConfigFromEnv('node', '1', {}).logLevel).toBe('debug');
    expect(() => workstationConfigFromEnv('node', '1', { WORKSTATION_LOG_LEVEL: 'verbose' })).toThrow('WORKSTATION_LOG_LEVEL is "verbose"; it must be one of debug, info, warn, error, off (default debug)');
  });
});
