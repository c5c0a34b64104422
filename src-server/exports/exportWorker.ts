/**
 * An export in a thread of its own (started by spawnExportWorker.ts): its own database
 * connection and object-store client, a heap capped by the runner, and the server's event loop
 * left free for API calls while a big export parses and compresses for minutes.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { connectDatabase } from '../database/connect';
import { createObjectStore } from '../storage';
import { produceExport } from './produceExport';
import { RunControl } from './runControl';
import type { ExportWorkerData, FromExportWorker, ToExportWorker } from './workerProtocol';

const { config, job } = workerData as ExportWorkerData;
const port = parentPort!;
const post = (m: FromExportWorker) => port.postMessage(m);
const control = new RunControl();
port.on('message', (m: ToExportWorker) => {
  if (m.type === 'stop') control.stop(m.reason);
});

const handle = connectDatabase(config);
try {
  const produced = await produceExport(
    { db: handle.db, dialect: handle.dialect, storage: createObjectStore(config), tempDir: config.exports.tempDir, ffmpegPath: config.media.ffmpegPath },
    job,
    control,
    (done, total) => post({ type: 'progress', done, total }),
  );
  post({ type: 'done', ...produced });
} catch (err) {
  const code = (err as { code?: unknown }).code === 'export.tooLarge' ? 'export.tooLarge' : 'export.failed';
  post({ type: 'ended', stopped: control.reason, code, message: err instanceof Error ? err.message : String(err) });
} finally {
  await handle.close();
  port.close();
}
