import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import type { ServerConfig } from './config';
import { connectDatabase } from './database/connect';
import { migrateToLatest } from './migrations';
import type { ServerContext } from './context';
import { createRepositories, type Foundation } from './foundation';
import { smsProviderOf } from './sms/fromConfig';
import { createObjectStore } from './storage';
import { RealtimeHub } from './realtime/hub';
import { installTeamChangeEvents } from './realtime/teamChanges';
import { installProjectChangeEvents } from './realtime/projectChanges';
import { ExportRunner } from './exports/exportRunner';
import { PyramidMaker } from './images/pyramidMaker';
import { inWorker } from './exports/executions';
import type { SmsProvider } from './sms/provider';
import { installEnvelope } from './plugins/envelope';
import { installAuth } from './plugins/auth';
import { installFiniteNumbers } from './plugins/finiteNumbers';
import { lazySchemaCompilers } from './plugins/lazySchemaCompilers';
import { textKeyword } from './plugins/textKeyword';
import { serverLoggerOptions, type LogStream } from './plugins/logRedaction';
import { installAccess } from './plugins/access';
import { installOpenApi } from './plugins/openapi';
import { installHealth } from './plugins/health';
import { installMetrics } from './plugins/metrics';
import { userRoutesPlugin } from './routes/user';
import { smsRoutes } from './routes/sms';
import { projectRoutesPlugin } from './routes/project';
import { teamRoutesPlugin } from './routes/team';
import { groupRoutesPlugin } from './routes/group';
import { inviteRoutesPlugin } from './routes/invite';
import { vendorRoutesPlugin } from './routes/vendor';
import { batchRoutesPlugin } from './routes/batch';
import { subjectRoutesPlugin } from './routes/subject';
import { ontologyRoutesPlugin } from './routes/ontology';
import { obsRoutesPlugin } from './routes/obs';
import { workflowRoutesPlugin } from './routes/workflow';
import { taskRoutesPlugin } from './routes/task';
import { taskSubjectRoutesPlugin } from './routes/taskSubject';
import { dispatchRoutesPlugin } from './routes/dispatch';
import { annotateRoutesPlugin } from './routes/annotate';
import { noteRoutesPlugin } from './routes/note';
import { exportRoutesPlugin } from './routes/export';
import { performanceRoutesPlugin } from './routes/performance';
import { projectImportRoutesPlugin } from './routes/projectImport';
import { projectArchiveRoutesPlugin } from './routes/projectImport/archive';
import { aiRoutesPlugin } from './routes/ai';
import { logRoutesPlugin } from './routes/log';
import { AiRuntime } from './ai/runtime';
import { DutyScheduler } from './duties/dutyScheduler';
import { serverDuties } from './duties/serverDuties';
import { instanceName } from './instanceName';
import { VERSION } from './version';

export interface BuildOptions {
  config: ServerConfig;
  /** Defaults to the outbox file under the data directory. */
  sms?: SmsProvider;
  now?: () => number;
  /** Where the server's log lines go (redacted, plugins/logRedaction.ts); standard output by default. */
  logStream?: LogStream;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: ServerContext;
    /** The background duties this process takes its turn at (duties/dutyScheduler.ts). */
    duties: DutyScheduler;
  }
}

/** What a caller's request id may be: letters, digits, `.`, `_`, `-`; 8 to 64 of them (never a line break into the log). */
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Builds the team server: opens the database, runs migrations, registers every route.
 * Does not listen (server.ts does), so tests drive it with inject().
 */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const handle = connectDatabase(config);
  let installation: string;
  try {
    await migrateToLatest(handle.db, handle.dialect);
    installation = (await handle.db.selectFrom('installation').select('id').executeTakeFirstOrThrow()).id;
  } catch (err) {
    await handle.close();
    throw err;
  }
  const base: Foundation = {
    config,
    db: handle.db,
    dialect: handle.dialect,
    installation,
    sms: opts.sms ?? smsProviderOf(config),
    storage: createObjectStore(config),
    now: opts.now ?? Date.now,
    repos: createRepositories(handle.db),
  };
  const realtime = new RealtimeHub(base);
  const exports = new ExportRunner({ db: base.db, storage: base.storage, realtime, now: base.now, settings: config.exports, execute: inWorker(config) });
  const pyramids = new PyramidMaker({ db: base.db, storage: base.storage, onError: (key, err) => app.log.warn({ key, err }, 'tile pyramid not made') });
  const ai = new AiRuntime({ ...base, realtime });
  const ctx: ServerContext = { ...base, realtime, exports, pyramids, ai };
  // Sweeps, health checks and catch-ups: each done by one process of however many share the database.
  const duties = new DutyScheduler({
    db: base.db,
    holder: instanceName(),
    leaseMs: config.dutyLeaseMs,
    heartbeatMs: config.dutyLeaseMs / 4,
    onError: (duty, err) => app.log.warn({ duty, err }, 'background duty failed'),
  });
  for (const duty of serverDuties(ctx, realtime)) duties.add(duty);

  const app = Fastify({
    // Each request's id: the caller's `x-request-id` when it is a plain token (the workstation
    // sends one per call and writes it in its own log), else a new one; every log line of the
    // request carries it as `reqId`, and the answer says it back (docs/logging.md).
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
    },
    // Every line redacted as it is written: request URLs carry signed URLs' `sig`, errors may quote secrets.
    logger: serverLoggerOptions(config, opts.logStream),
    // Reject unknown fields instead of silently dropping them (and keep anyOf bodies correct).
    // strictNumbers refuses `1e400` (Infinity) in a JSON body as "must be integer"; coerced query
    // strings need plugins/finiteNumbers.ts as well.
    // textKeyword: names and free text are normalised and checked by one rule (src-shared/model/text.ts).
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, strictNumbers: true }, plugins: [textKeyword] },
    // Route schemas compile on first use, not at start (plugins/lazySchemaCompilers.ts).
    schemaController: { compilersFactory: lazySchemaCompilers() },
    bodyLimit: 1024 * 1024,
    // A hop count n trusts the n nearest proxies.
    trustProxy: typeof config.trustProxy === 'number' ? (_addr: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
  });
  app.decorate('ctx', ctx);
  app.decorate('duties', duties);
  realtime.attach(app.server);
  app.addHook('onListen', async () => {
    // Model services reach this server at its own address, unless AI_CALLBACK_URL says otherwise.
    const addr = app.server.address();
    if (addr && typeof addr === 'object') ctx.ai.urls.listeningAt(`http://${addr.family === 'IPv6' ? `[${addr.address === '::' ? '::1' : addr.address}]` : addr.address === '0.0.0.0' ? '127.0.0.1' : addr.address}:${addr.port}`);
  });
  app.addHook('onReady', async () => {
    await exports.start();
    await ctx.ai.start();
    duties.start();
  });
  // Before the HTTP server stops taking connections and waits for the open ones: a page's socket stays open until it is told to go.
  app.addHook('preClose', async () => realtime.disconnectAll());
  app.addHook('onClose', async () => {
    // First: its duties go back to the other processes, and none starts on a closing service.
    await duties.close();
    await ctx.ai.close();
    await pyramids.close();
    await exports.close();
    await realtime.close();
    await handle.close();
  });

  // Auth is a header, never a cookie the browser sends by itself, so any origin may call us
  // (the desktop renderer loads from file://, the browser host from its own port).
  // Content-Disposition carries the file name of file answers (report exports, downloads).
  // Content-Range: a page reading a video by ranges places each answer by it (src-renderer/src/video/boundedRanges.ts).
  await app.register(cors, { origin: true, methods: ['GET', 'POST', 'PUT', 'DELETE'], maxAge: 600, exposedHeaders: ['Content-Disposition', 'Content-Range', 'X-Request-Id'] });
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  installEnvelope(app);
  installAuth(app, ctx);
  installFiniteNumbers(app);
  installAccess(app, ctx);
  installTeamChangeEvents(app, ctx);
  installProjectChangeEvents(app, ctx);
  await installOpenApi(app, VERSION);
  installHealth(app, ctx.db, realtime);
  installMetrics(app, config.metricsToken, { ctx, realtime, poolStats: handle.poolStats });

  userRoutesPlugin(app, ctx);
  smsRoutes(app, ctx);
  projectRoutesPlugin(app, ctx);
  teamRoutesPlugin(app, ctx);
  groupRoutesPlugin(app, ctx);
  inviteRoutesPlugin(app, ctx);
  vendorRoutesPlugin(app, ctx);
  batchRoutesPlugin(app, ctx);
  subjectRoutesPlugin(app, ctx);
  ontologyRoutesPlugin(app, ctx);
  obsRoutesPlugin(app, ctx);
  workflowRoutesPlugin(app, ctx);
  taskRoutesPlugin(app, ctx);
  taskSubjectRoutesPlugin(app, ctx);
  dispatchRoutesPlugin(app, ctx);
  annotateRoutesPlugin(app, ctx);
  noteRoutesPlugin(app, ctx);
  exportRoutesPlugin(app, ctx);
  performanceRoutesPlugin(app, ctx);
  projectImportRoutesPlugin(app, ctx);
  projectArchiveRoutesPlugin(app, ctx);
  aiRoutesPlugin(app, ctx);
  logRoutesPlugin(app, ctx);
  return app;
}
