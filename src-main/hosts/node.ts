import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { Server as SocketServer } from 'socket.io';
import { NODE_HOST_CALLER_HEADER, NODE_HOST_EVENT_MESSAGE, NODE_HOST_INVOKE_PATH } from '../../src-shared/ipc';
import { workstationConfigFromEnv, type WorkstationConfig } from '../config';
import { createServices, type Services } from '../services';
import { dispatchInvoke } from '../services/dispatch';
import { pathToFileURL } from 'node:url';

export interface NodeHostOptions {
  config: WorkstationConfig;
  /** The built renderer (out/renderer); the host serves it at /. */
  rendererDir: string;
  host?: string;
  port?: number;
}

export interface NodeHost {
  app: FastifyInstance;
  services: Services;
  url: string;
  close(): Promise<void>;
}

/**
 * The browser host: the same main-process services as Electron, behind the same contract,
 * over HTTP (invoke) and socket.io (events), together with the built renderer. It listens on
 * loopback by default: it is the user's own workstation, not a shared server.
 */
export async function startNodeHost(opts: NodeHostOptions): Promise<NodeHost> {
  if (!fs.existsSync(path.join(opts.rendererDir, 'index.html'))) {
    throw new Error(`no built renderer in ${opts.rendererDir}: run \`npm run build\` first`);
  }
  const services = createServices(opts.config);
  const app = Fastify({ logger: false, bodyLimit: 16 * 1024 * 1024 });

  // JSON only: a cross-site page cannot send application/json without a CORS preflight,
  // which this host never grants, so other sites in the user's browser cannot call it.
  app.post(NODE_HOST_INVOKE_PATH, async (req) => {
    const body = req.body as { method?: unknown; args?: unknown } | undefined;
    const caller = req.headers[NODE_HOST_CALLER_HEADER];
    return services.runAsCaller(typeof caller === 'string' ? caller : undefined, () => dispatchInvoke(services.handlers, body?.method, body?.args));
  });
  await app.register(fastifyStatic, { root: path.resolve(opts.rendererDir), index: 'index.html' });

  const io = new SocketServer(app.server, { serveClient: false });
  const offEvents = services.events.onAny((event, payload) => io.emit(NODE_HOST_EVENT_MESSAGE, { event, payload }));

  const address = await app.listen({ host: opts.host ?? '127.0.0.1', port: opts.port ?? 8620 });
  return {
    app,
    services,
    url: address,
    close: async () => {
      offEvents();
      io.close();
      await app.close();
      await services.close();
    },
  };
}

// Run directly (not imported): start. The URL form keeps paths with spaces comparable.
const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const version = (JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string }).version;
  startNodeHost({
    config: workstationConfigFromEnv('node', version),
    rendererDir: path.join(import.meta.dirname, '../../out/renderer'),
    host: process.env.WEB_HOST ?? '127.0.0.1',
    port: Number(process.env.WEB_PORT ?? 8620),
  })
    .then((h) => console.log(`workstation (browser host) on ${h.url}`))
    .catch((err: unknown) => {
      console.error('workstation failed to start:', err instanceof Error ? err.message : err);
      process.exit(1);
    });
}
