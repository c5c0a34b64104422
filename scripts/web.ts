/** `npm run web`: the browser host (workstation services + renderer) against SERVER_URL. */
import path from 'node:path';
import { ensureBuilt } from './lib/ensureBuilt';
import { closeCutting, Stopper } from './lib/stopper';
import { nodeHostEnv, startNodeHost } from '../src-main/hosts/node';
import { workstationConfigFromEnv } from '../src-main/config';
import { VERSION } from '../src-server/version';

// Ctrl+C closes the host (its journal and log store, the address file) and the pages' sockets with it.
const stopper = new Stopper();
ensureBuilt();
startNodeHost({
  config: workstationConfigFromEnv('node', VERSION),
  rendererDir: path.join(import.meta.dirname, '../out/renderer'),
  ...nodeHostEnv(),
})
  .then((h) => {
    stopper.add('workstation', () => closeCutting(h.app.server, () => h.close()));
    console.log(`workstation (browser host): open ${h.openUrl}\n(the address carries the access key of this run), team server ${process.env.SERVER_URL ?? 'http://127.0.0.1:8610'}`);
  })
  .catch((err: unknown) => {
    console.error('workstation failed to start:', err instanceof Error ? err.message : err);
    process.exit(1);
  });
