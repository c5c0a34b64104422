/**
 * Login and `GET /core/user/info` latency over real HTTP, on SQLite and PostgreSQL, each next to
 * a bare `SELECT 1` round trip through the same database handle in the same run.
 * Usage: tsx bench/auth-latency.ts   (PostgreSQL from TEST_DATABASE_URL or .run/pg.env)
 */
import { sql } from 'kysely';
import { startTestServer } from '../tests/support/testServer';
import type { DbKind } from '../tests/support/databases';
import { fmt, percentiles, sample } from './lib/stats';

const N = Number(process.env.BENCH_N ?? 300);

async function run(kind: DbKind) {
  const s = await startTestServer(kind);
  const address = await s.app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const mobile = '13700000001';
    await s.call({ method: 'POST', url: '/core/sms/send', payload: { mobile, codeType: 'register' } });
    const reg = await s.call({ method: 'POST', url: '/core/user/register', payload: { mobile, code: s.lastSmsCode(mobile), password: 'bench password' } });
    const token = reg.body.data.tokenValue as string;

    const select1 = await sample(N, () => sql`select 1`.execute(s.app.ctx.db));
    const info = await sample(N, async () => {
      const r = await fetch(`${address}/core/user/info`, { headers: { 'x-annot-token': token } });
      if (((await r.json()) as { code: number }).code !== 200) throw new Error('info failed');
    });
    const login = await sample(Math.ceil(N / 3), async () => {
      const r = await fetch(`${address}/core/user/login/mobile`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mobile, password: 'bench password' }),
      });
      if (((await r.json()) as { code: number }).code !== 200) throw new Error('login failed');
    }, 5);
    return { kind, select1: percentiles(select1), info: percentiles(info), login: percentiles(login) };
  } finally {
    await s.close();
  }
}

const rows = [];
for (const kind of ['sqlite', 'postgres'] as DbKind[]) rows.push(await run(kind));
console.log('| database | call | n | p50 ms | p95 ms | p99 ms | p95 / SELECT 1 p95 |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) {
  for (const [name, p] of [['SELECT 1 (bare)', r.select1], ['GET /core/user/info', r.info], ['POST /core/user/login/mobile', r.login]] as const) {
    console.log(`| ${r.kind} | ${name} | ${p.n} | ${fmt(p.p50)} | ${fmt(p.p95)} | ${fmt(p.p99)} | ${(p.p95 / r.select1.p95).toFixed(1)}x |`);
  }
}
