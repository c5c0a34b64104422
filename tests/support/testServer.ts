import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
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

export async function startTestServer(kind: DbKind): Promise<TestServer> {
  const db = await freshDatabase(kind);
  let offset = 0;
  const config = { ...loadConfig({ DATA_DIR: db.dataDir, LOG_LEVEL: 'silent' }), databaseUrl: db.databaseUrl };
  const app = await buildApp({ config, now: () => Date.now() + offset });
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
