import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src-server/app';
import { loadConfig } from '../../src-server/config';
import { hashPassword } from '../../src-server/auth/password';
import type { TestServer } from './testServer';

/** The password of every account made by accountMaker. */
export const OWNER_PASSWORD = 'owner password 1';
let ownerHash: Promise<string> | undefined;

/**
 * Accounts for the sign-in limit tests: each call a new number (numbers never repeat within a
 * process, so tests do not share counts), registered straight in the database.
 */
export function accountMaker(s: TestServer, prefix: string) {
  let seq = 0;
  const number = () => `+1${prefix}${String(process.pid % 1000).padStart(3, '0')}${String(++seq).padStart(4, '0')}`;
  return {
    /** A number with no account. */
    unknown: number,
    /** A number with an account whose password is OWNER_PASSWORD. */
    async registered(): Promise<string> {
      ownerHash ??= hashPassword(OWNER_PASSWORD);
      const mobile = number();
      await s.app.ctx.repos.users.create({ mobile, name: 'Owner', passwordHash: await ownerHash, now: s.app.ctx.now() });
      return mobile;
    },
  };
}

/** One call as a client at `ip` makes it. */
export function caller(app: FastifyInstance, ip: string) {
  return async (method: 'GET' | 'POST' | 'PUT', url: string, body?: object, token?: string) => {
    const res = await app.inject({
      method,
      url: `/core${url}`,
      remoteAddress: ip,
      ...(method === 'GET' ? { query: body as Record<string, string> } : { payload: body }),
      headers: token ? { 'x-annot-token': token } : {},
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any route's data
    return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: any } };
  };
}

/** A second server process on the first one's database (same clock): what a load balancer spreads calls over. */
export async function secondInstance(s: TestServer): Promise<FastifyInstance> {
  const config = { ...loadConfig({ DATA_DIR: s.db.dataDir, LOG_LEVEL: 'silent' }), databaseUrl: s.db.databaseUrl };
  return buildApp({ config, now: () => s.app.ctx.now() });
}
