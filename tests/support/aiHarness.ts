/**
 * What the model-service tests stand around the real service: a file server for images and
 * model files (the signed URLs of the team server), a recording callback target (the team
 * server's /core/ai/notify/{kind}), and small clients.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Value } from 'typebox/value';
import { InferResponse, NotifyBody, ServiceError, type InferRequest } from '../../src-shared/ai/protocol';
import { startModelService, type ModelService, type ModelServiceOptions } from '../../src-ai/service';

export const DEMO = path.resolve(import.meta.dirname, '../../resources/demo-images');
export const AI_KEY = 'test-ai-service-key-0123456789';

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
const close = (server: http.Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

export interface FileServer {
  url: string;
  /** URL of a demo photo */
  demo(name: string): string;
  /** serves these bytes at /files/<name> */
  put(name: string, bytes: Uint8Array, contentType?: string): string;
  /** GET counts per path */
  hits: Map<string, number>;
  /** delay every answer by this many ms */
  delayMs: number;
  close(): Promise<void>;
}

export async function startFileServer(): Promise<FileServer> {
  const files = new Map<string, { bytes: Uint8Array; type: string }>();
  const hits = new Map<string, number>();
  const state = { delayMs: 0 };
  const server = http.createServer((req, res) => {
    const p = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    hits.set(p, (hits.get(p) ?? 0) + 1);
    const answer = () => {
      let file = files.get(p);
      if (!file && p.startsWith('/demo/')) {
        const local = path.join(DEMO, path.basename(p));
        if (fs.existsSync(local)) file = { bytes: fs.readFileSync(local), type: local.endsWith('.jpg') ? 'image/jpeg' : 'image/png' };
      }
      if (!file) {
        res.statusCode = 404;
        return res.end('not found');
      }
      res.setHeader('content-type', file.type);
      res.end(file.bytes);
    };
    if (state.delayMs > 0) setTimeout(answer, state.delayMs);
    else answer();
  });
  const url = await listen(server);
  return {
    url,
    demo: (name) => `${url}/demo/${name}?X-Signature=${Math.random().toString(36).slice(2)}`,
    put: (name, bytes, type = 'application/octet-stream') => {
      files.set(`/files/${name}`, { bytes, type });
      return `${url}/files/${name}`;
    },
    hits,
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(v: number) {
      state.delayMs = v;
    },
    close: () => close(server),
  };
}

export interface Received {
  kind: string;
  authorization: string | undefined;
  body: NotifyBody;
  at: number;
}

export interface CallbackRecorder {
  /** the callback.url to give a job */
  url: string;
  received: Received[];
  /** bodies that did not match NotifyBody (answered 400, as the team server would) */
  invalid: unknown[];
  /** what to answer a callback with (default 200) */
  respond: (r: Received, attempt: number) => number;
  /** resolves when a callback with a final state for the job arrived */
  final(jobId: string, timeoutMs?: number): Promise<Received>;
  forJob(jobId: string): Received[];
  close(): Promise<void>;
}

export async function startCallbackRecorder(): Promise<CallbackRecorder> {
  const received: Received[] = [];
  const attempts = new Map<string, number>();
  const waiters: (() => void)[] = [];
  const invalid: unknown[] = [];
  const rec: CallbackRecorder = {
    url: '',
    received,
    invalid,
    respond: () => 200,
    forJob: (jobId) => received.filter((r) => r.body.jobId === jobId),
    final: (jobId, timeoutMs = 25_000) =>
      new Promise((resolve, reject) => {
        const started = Date.now();
        const check = () => {
          const f = received.find((r) => r.body.jobId === jobId && r.body.state !== 'running');
          if (f) return resolve(f);
          if (Date.now() - started > timeoutMs) return reject(new Error(`no final callback for ${jobId} within ${timeoutMs} ms; got ${JSON.stringify(rec.forJob(jobId).map((r) => [r.kind, r.body.seq, r.body.state]))}`));
          waiters.push(check);
          setTimeout(() => {
            const i = waiters.indexOf(check);
            if (i >= 0) waiters.splice(i, 1);
            check();
          }, 200);
        };
        check();
      }),
    close: async () => undefined,
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const kind = (req.url ?? '').split('/').pop() ?? '';
      const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      if (!Value.Check(NotifyBody, body)) {
        invalid.push(body);
        res.statusCode = 400;
        return res.end();
      }
      const r: Received = { kind, authorization: req.headers.authorization, body, at: performance.now() };
      const id = `${r.body.jobId}#${r.body.seq}`;
      const attempt = (attempts.get(id) ?? 0) + 1;
      attempts.set(id, attempt);
      const status = rec.respond(r, attempt);
      if (status >= 200 && status < 300) received.push(r);
      res.statusCode = status;
      res.end();
      for (const w of waiters.splice(0)) w();
    });
  });
  rec.url = `${await listen(server)}/core/ai/notify`;
  rec.close = () => close(server);
  return rec;
}

/**
 * A model service of the test's own. SAM loads at its first segmenter call unless the test asks
 * (`sam: { warm: true }`): most files never use it, and each load is 2 to 3 s of CPU.
 */
export async function startAi(options: Partial<ModelServiceOptions> = {}): Promise<ModelService> {
  return startModelService({ key: AI_KEY, ...options, sam: { warm: false, ...options.sam } });
}

export async function infer(service: ModelService, body: InferRequest, key = AI_KEY): Promise<{ status: number; body: InferResponse & ServiceError; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${service.url}/v1/infer`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-ai-service-key': key }, body: JSON.stringify(body) });
  const json: unknown = await res.json();
  // every answer is held to the protocol's schemas, as the team server's client does
  if (res.status === 200 && !Value.Check(InferResponse, json)) throw new Error(`POST /v1/infer answered a body outside InferResponse: ${JSON.stringify(json).slice(0, 500)}`);
  if (res.status !== 200 && !Value.Check(ServiceError, json)) throw new Error(`POST /v1/infer answered ${res.status} with a body outside ServiceError: ${JSON.stringify(json).slice(0, 500)}`);
  return { status: res.status, body: json as InferResponse & ServiceError, ms: performance.now() - started };
}

export async function call(service: ModelService, method: string, route: string, body?: unknown, key = AI_KEY): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${service.url}${route}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), 'x-ai-service-key': key },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export const BUILTIN_DETECTOR = { kind: 'detector', runtime: 'builtin', name: 'detector' } as const;
export const BUILTIN_POSE = { kind: 'pose', runtime: 'builtin', name: 'pose' } as const;
export const BUILTIN_SEGMENTER = { kind: 'segmenter', runtime: 'builtin', name: 'segmenter' } as const;
/** The segmenter's GrabCut fallback, by its name (not listed in /health). */
export const BUILTIN_GRABCUT = { kind: 'segmenter', runtime: 'builtin', name: 'grabcut' } as const;
export const BUILTIN_TRACKER = { kind: 'tracker', runtime: 'builtin', name: 'tracker' } as const;
