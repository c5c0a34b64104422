import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src-server/app';
import { loadConfig } from '../../src-server/config';
import { freshDatabase, type DbKind, type TestDatabase } from './databases';

export interface TestServer {
  app: FastifyInstance;
  db: TestDatabase;
  /** Moves the server's clock forward (code expiry, rate limits). */
  advance(ms: number): void;
  /** A call as a client makes it; answers status and the parsed envelope. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any route's data
  call(opts: InjectOptions & { token?: string }): Promise<{ status: number; body: { code: number; msg: string; data: any } }>;
  /** The last SMS code the embedded provider wrote for a mobile number. */
  lastSmsCode(mobile: string): string;
  close(): Promise<void>;
}

function aiServiceEnv(): { AI_SERVICE_URL?: string; AI_SERVICE_KEY?: string } {
  try {
    const url = inject('aiServiceUrl');
    const key = inject('aiServiceKey');
    return url && key ? { AI_SERVICE_URL: url, AI_SERVICE_KEY: key } : {};
  } catch {
    return {};
  }
}

/**
 * `aiService`: a model service to use (benchmarks); by default the suite's shared one, if any.
 * `env`: more of the server's settings. Unless it says otherwise, the operator allows teams to
 * register the shared model service's own address (AI_SERVICE_ALLOWED_HOSTS), as an operator
 * would allow a GPU box on the company network; every other internal address stays refused.
 */
export async function startTestServer(kind: DbKind, opts: { aiService?: { url: string; key: string }; env?: Record<string, string> } = {}): Promise<TestServer> {
  const db = await freshDatabase(kind);
  let offset = 0;
  // The shared built-in model service (tests/support/aiServiceSetup.ts), where the suite has one.
  const ai = opts.aiService ? { AI_SERVICE_URL: opts.aiService.url, AI_SERVICE_KEY: opts.aiService.key } : aiServiceEnv();
  const allowed = ai.AI_SERVICE_URL ? { AI_SERVICE_ALLOWED_HOSTS: new URL(ai.AI_SERVICE_URL).host } : {};
  const config = { ...loadConfig({ DATA_DIR: db.dataDir, LOG_LEVEL: 'silent', ...ai, ...allowed, ...opts.env }), databaseUrl: db.databaseUrl };
  const app = await buildApp({ config, now: () => Date.now() + offset });
  // Listening on loopback gives model services an address for images and callbacks.
  if (ai.AI_SERVICE_URL) {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    // Suites that listen themselves (the real-time ones) get this address instead of Fastify's "already listening".
    app.listen = (async () => address) as unknown as typeof app.listen;
  }
  return {
    app,
    db,
    advance: (ms) => {
      offset += ms;
    },
    async call({ token, ...opts }) {
      const res = await app.inject({ ...opts, headers: { ...(opts.headers ?? {}), ...(token ? { 'x-annot-token': token } : {}) } });
      // A file answer (a report as CSV or XLSX) comes back as its bytes; everything else is the envelope.
      const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
      return { status: res.statusCode, body: isJson ? res.json() : { code: res.statusCode, msg: '', data: res.rawPayload } };
    },
    lastSmsCode(mobile) {
      const lines = fs.readFileSync(path.join(db.dataDir, 'sms-outbox.jsonl'), 'utf8').trim().split('\n');
      const mine = lines.map((l) => JSON.parse(l) as { mobile: string; code: string }).filter((m) => m.mobile === mobile);
      const last = mine[mine.length - 1];
      if (!last) throw new Error(`no SMS sent to ${mobile}`);
      return last.code;
    },
    async close() {
      await app.close();
      await db.drop();
    },
  };
}
