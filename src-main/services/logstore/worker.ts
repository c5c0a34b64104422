import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { openOrSetAside } from '../sqliteSetAside';
import { LogStore } from './logStore';
import { StoreServer } from './storeServer';
import { errorInfo, type FromWorker, type LogWorkerData, type ToWorker } from './protocol';

/**
 * The log worker: the one thread that opens the log database. It runs when started as a worker
 * with role 'log-store' (spawnWorker.ts) and does nothing when merely imported.
 */
const data = workerData as LogWorkerData | undefined;
if (parentPort && data?.role === 'log-store') runLogWorker(parentPort, data);

function runLogWorker(port: MessagePort, data: LogWorkerData): void {
  const post = (m: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);
  let server: StoreServer;
  try {
    // A damaged file is set aside and logging goes on in an empty one (the main thread logs it).
    const { store, setAside } = openOrSetAside(data.dbFile, (f) => new LogStore(f));
    if (setAside) post({ kind: 'setAside', ...setAside });
    server = new StoreServer(store, data.ledgerFile, (count, err) =>
      post(err ? { kind: 'writeFailed', count, error: errorInfo(err) } : { kind: 'committed', count }),
    );
  } catch (err) {
    post({ kind: 'fatal', error: errorInfo(err) });
    port.close();
    return;
  }
  port.on('message', (m: ToWorker) => {
    if (m.kind === 'write') {
      server.write(m.batch);
      return;
    }
    try {
      const { result, transfer } = server.call(m.op, m.args);
      post({ kind: 'reply', id: m.id, ok: true, result }, transfer);
      if (m.op === 'close') port.close();
    } catch (err) {
      post({ kind: 'reply', id: m.id, ok: false, error: errorInfo(err) });
    }
  });
}
