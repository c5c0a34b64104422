/**
 * An export runner of a server about to be killed mid-run, as its own process (spawned with
 * processes.ts nodeProcess; its configuration as JSON in STALLED_EXPORT_CONFIG). It claims the
 * queued export and writes it through the real store, which stops before its
 * STALLED_EXPORT_READ-th read with the zip partly written (a temp file on local disk, a
 * multipart upload in S3), prints PAUSED, and waits there for SIGKILL: nothing of it gets to
 * clean up.
 */
import type { ServerConfig } from '../../src-server/config';
import { connectDatabase } from '../../src-server/database/connect';
import { createObjectStore, type ObjectStore } from '../../src-server/storage';
import { ExportRunner } from '../../src-server/exports/exportRunner';
import { inProcess } from '../../src-server/exports/executions';
import type { RealtimePublisher } from '../../src-server/realtime/publisher';

const config = JSON.parse(process.env.STALLED_EXPORT_CONFIG!) as ServerConfig;
const stopAt = Number(process.env.STALLED_EXPORT_READ ?? 2);
const real = createObjectStore(config);
let reads = 0;
const stalledGet: ObjectStore['get'] = async (key, range) => {
  if (++reads === stopAt) {
    console.log('PAUSED');
    await new Promise(() => undefined);
  }
  return real.get(key, range);
};
// Every other method of the real store as it is, whatever the store offers.
const storage = new Proxy(real, {
  get: (target, prop) => (prop === 'get' ? stalledGet : typeof Reflect.get(target, prop) === 'function' ? Reflect.get(target, prop).bind(target) : Reflect.get(target, prop)),
});
const handle = connectDatabase(config);
// Events go nowhere: no client listens to this process.
const realtime = { publish: async () => ({}) } as unknown as RealtimePublisher;
const runner = new ExportRunner({
  db: handle.db,
  storage,
  realtime,
  now: Date.now,
  settings: config.exports,
  execute: inProcess({ db: handle.db, dialect: handle.dialect, storage, tempDir: config.exports.tempDir }),
});
runner.start();
