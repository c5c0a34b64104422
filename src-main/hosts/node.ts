import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { Server as SocketServer } from 'socket.io';
import {
  NODE_HOST_ADDRESS_FILE,
  NODE_HOST_CALLER_HEADER,
  NODE_HOST_EVENT_MESSAGE,
  NODE_HOST_INVOKE_PATH,
  NODE_HOST_SECRET_HEADER,
  NODE_HOST_SECRET_PARAM,
} from '../../src-shared/ipc';
import { workstationConfigFromEnv, type WorkstationConfig } from '../config';
import { createServices, type Services } from '../services';
import { dispatchInvoke } from '../services/dispatch';
import { clientPlaceOf, HostAccess, hostNamesFor, MIN_SECRET_LENGTH, newHostSecret, publicOriginsOf, REFUSALS } from './nodeHostAccess';
import { registerBrowserTransfers } from './nodeHostTransfers';
import { registerPackageFrames } from './nodeHostPackageFrames';
import { lockDataDir } from './dataDirLock';
import type { HandlerName } from '../../src-shared/ipc';
import { pathToFileURL } from 'node:url';

export interface NodeHostOptions {
  config: WorkstationConfig;
  /** The built renderer (out/renderer); the host serves it at /. */
  rendererDir: string;
  host?: string;
  port?: number;
  /** The key of this run (WORKSTATION_WEB_TOKEN, for tests and scripts); a random one when absent. */
  secret?: string;
  /** Names besides loopback and the listening address that browsers may use for this host (WEB_ALLOWED_HOSTS). */
  allowedHosts?: string[];
  /**
   * A reverse proxy on this machine forwards the browsers (WEB_TRUST_PROXY): a loopback peer's
   * X-Forwarded-For then says whether the page runs on another computer (nodeHostAccess.ts).
   */
  trustProxy?: boolean;
  /** Origins a reverse proxy serves this host under, e.g. https://annot.example.com (WEB_PUBLIC_ORIGIN; nodeHostAccess.ts). */
  publicOrigins?: string[];
}

/** Calls that move files between this machine and a browser: only the page this host serves may make them (HostAccess.checkPage). */
const PAGE_ONLY_METHODS: ReadonlySet<HandlerName> = new Set<HandlerName>(['datasets.importFromBrowser', 'datasets.wanted', 'storage.downloadToBrowser', 'logs.exportToBrowser', 'packages.lostExportToBrowser']);

export interface NodeHost {
  app: FastifyInstance;
  services: Services;
  /** Where it listens, e.g. http://127.0.0.1:8620 */
  url: string;
  /** The address to open: `url` with the secret (`/?token=...`); the page keeps the secret and drops it from the address bar. */
  openUrl: string;
  secret: string;
  /** The file holding `openUrl` (NODE_HOST_ADDRESS_FILE in the data folder, mode 0600); removed on close. */
  addressFile: string;
  close(): Promise<void>;
}

/** Security headers of every answer: no framing (clickjacking), no referrer (the address may carry the secret). */
const HEADERS = {
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'content-security-policy': "frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
};

/**
 * The browser host: the same main-process services as Electron, behind the same contract,
 * over HTTP (invoke) and socket.io (events), together with the built renderer. It listens on
 * loopback by default. Only the page it serves may drive it (docs/security.md): every request
 * must name the host by one of its own names (DNS rebinding fails), invokes and the event
 * socket must come from its own origin and carry the per-start secret that the printed address
 * hands to the page. What `/` serves holds no secret.
 */
export async function startNodeHost(opts: NodeHostOptions): Promise<NodeHost> {
  if (!fs.existsSync(path.join(opts.rendererDir, 'index.html'))) {
    throw new Error(`no built renderer in ${opts.rendererDir}: run \`npm run build\` first`);
  }
  if (opts.secret !== undefined && opts.secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`WORKSTATION_WEB_TOKEN must be at least ${MIN_SECRET_LENGTH} characters (or unset, for a random one)`);
  }
  const secret = opts.secret ?? newHostSecret();
  const bindHost = opts.host ?? '127.0.0.1';
  // One workstation per data folder, checked before any database is opened (DataDirLockedError).
  const unlock = lockDataDir(opts.config.dataDir, 'browser host');
  try {
    return await listen(opts, secret, bindHost, unlock);
  } catch (err) {
    unlock();
    throw err;
  }
}

async function listen(opts: NodeHostOptions, secret: string, bindHost: string, unlock: () => void): Promise<NodeHost> {
  const services = createServices(opts.config);
  const app = Fastify({ logger: false, bodyLimit: 16 * 1024 * 1024 });
  const access = new HostAccess(secret, hostNamesFor(bindHost, opts.allowedHosts), () => (app.server.address() as { port: number }).port, opts.publicOrigins ?? []);

  app.addHook('onRequest', async (req, reply) => {
    void reply.headers(HEADERS);
    if (!access.hostAllowed(req.headers.host)) return reply.code(REFUSALS.forbidden.status).send(REFUSALS.forbidden.body);
  });
  const placeOf = (req: { socket: { remoteAddress?: string | undefined }; headers: Record<string, string | string[] | undefined> }) =>
    clientPlaceOf(req.socket.remoteAddress, req.headers['x-forwarded-for'], opts.trustProxy === true);
  app.post(NODE_HOST_INVOKE_PATH, async (req, reply) => {
    const body = req.body as { method?: unknown; args?: unknown } | undefined;
    const who = { host: req.headers.host, origin: req.headers.origin, secret: req.headers[NODE_HOST_SECRET_HEADER] };
    const verdict = PAGE_ONLY_METHODS.has(body?.method as HandlerName) ? access.checkPage(who) : access.check(who);
    if (verdict !== 'ok') return reply.code(REFUSALS[verdict].status).send(REFUSALS[verdict].body);
    const caller = req.headers[NODE_HOST_CALLER_HEADER];
    return services.runAsCaller(typeof caller === 'string' ? caller : undefined, () => services.runFrom(placeOf(req), () => dispatchInvoke(services.handlers, body?.method, body?.args)));
  });
  registerBrowserTransfers(app, { access, services, placeOf });
  registerPackageFrames(app, { access, services });
  await app.register(fastifyStatic, { root: path.resolve(opts.rendererDir), index: 'index.html' });

  // socket.io answers its own path before Fastify sees it: the same checks, in its own hooks.
  const io = new SocketServer(app.server, {
    serveClient: false,
    allowRequest: (req, done) => done(null, access.hostAllowed(req.headers.host) && access.originAllowed(req.headers.origin)),
  });
  io.use((socket, next) => {
    const auth = socket.handshake.auth as { secret?: unknown } | undefined;
    const verdict = access.check({ host: socket.handshake.headers.host, origin: socket.handshake.headers.origin, secret: auth?.secret });
    next(verdict === 'ok' ? undefined : new Error(REFUSALS[verdict].body.error.code));
  });
  const offEvents = services.events.onAny((event, payload) => io.emit(NODE_HOST_EVENT_MESSAGE, { event, payload }));

  try {
    await app.listen({ host: bindHost, port: opts.port ?? 8620 });
  } catch (err) {
    // the port is taken: the databases close before the lock goes
    offEvents();
    io.close();
    await services.close();
    throw err;
  }
  const { port } = app.server.address() as { port: number };
  const shown = bindHost === '0.0.0.0' || bindHost === '::' ? '127.0.0.1' : bindHost.includes(':') ? `[${bindHost}]` : bindHost;
  const url = `http://${shown}:${port}`;
  // Behind a proxy the address to open is the one the proxy serves (WEB_PUBLIC_ORIGIN).
  const openUrl = `${opts.publicOrigins?.[0] ?? url}/?${NODE_HOST_SECRET_PARAM}=${encodeURIComponent(secret)}`;
  const addressFile = writeAddressFile(opts.config.dataDir, openUrl);
  return {
    app,
    services,
    url,
    openUrl,
    secret,
    addressFile,
    close: async () => {
      offEvents();
      io.close();
      await app.close();
      await services.close();
      fs.rmSync(addressFile, { force: true });
      unlock();
    },
  };
}

/** The address with its secret, for tools, in a file only this user can read (created anew, so an old file's mode does not carry over). */
function writeAddressFile(dataDir: string, openUrl: string): string {
  const file = path.join(dataDir, NODE_HOST_ADDRESS_FILE);
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, `${openUrl}\n`, { mode: 0o600, flag: 'wx' });
  return file;
}

/** The browser host's settings from the environment (WEB_HOST, WEB_PORT, WORKSTATION_WEB_TOKEN, WEB_ALLOWED_HOSTS, WEB_TRUST_PROXY, WEB_PUBLIC_ORIGIN). */
export function nodeHostEnv(env: NodeJS.ProcessEnv = process.env): Pick<NodeHostOptions, 'host' | 'port' | 'secret' | 'allowedHosts' | 'trustProxy' | 'publicOrigins'> {
  const publicOrigins = publicOriginsOf(env.WEB_PUBLIC_ORIGIN);
  return {
    ...(publicOrigins.length ? { publicOrigins } : {}),
    ...(env.WEB_TRUST_PROXY === '1' || env.WEB_TRUST_PROXY === 'true' ? { trustProxy: true } : {}),
    host: env.WEB_HOST ?? '127.0.0.1',
    port: Number(env.WEB_PORT ?? 8620),
    ...(env.WORKSTATION_WEB_TOKEN ? { secret: env.WORKSTATION_WEB_TOKEN } : {}),
    ...(env.WEB_ALLOWED_HOSTS ? { allowedHosts: env.WEB_ALLOWED_HOSTS.split(',') } : {}),
  };
}

// Run directly (not imported): start. The URL form keeps paths with spaces comparable.
const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const version = (JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string }).version;
  startNodeHost({
    config: workstationConfigFromEnv('node', version),
    rendererDir: path.join(import.meta.dirname, '../../out/renderer'),
    ...nodeHostEnv(),
  })
    .then((h) => console.log(`workstation (browser host): open ${h.openUrl}`))
    .catch((err: unknown) => {
      console.error('workstation failed to start:', err instanceof Error ? err.message : err);
      process.exit(1);
    });
}
