/** `npm run web`: the browser host (workstation services + renderer) against SERVER_URL. */
import path from 'node:path';
import { ensureBuilt } from './lib/ensureBuilt';
import { startNodeHost } from '../src-main/hosts/node';
import { workstationConfigFromEnv } from '../src-main/config';
import { VERSION } from '../src-server/version';

ensureBuilt();
startNodeHost({
  config: workstationConfigFromEnv('node', VERSION),
  rendererDir: path.join(import.meta.dirname, '../out/renderer'),
  host: process.env.WEB_HOST ?? '127.0.0.1',
  port: Number(process.env.WEB_PORT ?? 8620),
})
  .then((h) => console.log(`workstation (browser host) on ${h.url}, team server ${process.env.SERVER_URL ?? 'http://127.0.0.1:8610'}`))
  .catch((err: unknown) => {
    console.error('workstation failed to start:', err instanceof Error ? err.message : err);
    process.exit(1);
  });
