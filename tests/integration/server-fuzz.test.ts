import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../src-shared/api';
import { API_BASE, type RouteDef } from '../../src-shared/api/route';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World } from '../support/world';

/**
 * Thousands of random and malformed requests over every route: whatever arrives, the server
 * answers an envelope with a 2xx/4xx code, never a 5xx, and keeps serving afterwards.
 * Seeded, so a failure replays: FUZZ_SEED=<seed> reruns the same requests.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const REQUESTS_PER_ROUTE = Number(process.env.FUZZ_PER_ROUTE ?? 40);

const routes = Object.values(allRoutes).flatMap((group) => Object.values(group) as RouteDef[]);

/** Property names a schema knows, so random bodies hit real fields as well as unknown ones. */
function schemaKeys(schema: unknown): string[] {
  const props = (schema as { properties?: Record<string, unknown>; anyOf?: unknown[] } | undefined) ?? {};
  return [...Object.keys(props.properties ?? {}), ...(props.anyOf ?? []).flatMap(schemaKeys)];
}

const nasty = fc.oneof(
  fc.constantFrom('', '0', '-1', '1.5', '1e309', '1e400', 'Infinity', '-Infinity', 'NaN', '\u202Egnp.exe', '\u200B', 'a\u0007b', 'null', 'true', '99999999999999999999', '../../etc/passwd', '%00', '\u0000', '𝕏'.repeat(50), "' OR 1=1 --", '<script>'),
  fc.string({ maxLength: 40 }),
  fc.integer().map(String),
);
const jsonValue = fc.oneof(
  fc.json({ maxDepth: 3 }).map((s) => JSON.parse(s) as unknown),
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), nasty), { maxLength: 5 }),
  fc.string({ minLength: 2000, maxLength: 5000 }),
);

function requestArb(def: RouteDef, world: World): fc.Arbitrary<InjectOptions> {
  const keys = [...schemaKeys(def.body), ...schemaKeys(def.querystring)];
  const field = keys.length ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 12 })) : fc.string({ maxLength: 12 });
  const realId = fc.constantFrom(world.teamA, world.teamB, world.projectP, world.projectQ, world.vendorId, 1);
  const pathValue = fc.oneof(realId.map(String), nasty.map(encodeURIComponent));
  const url = fc
    .array(pathValue, { minLength: 4, maxLength: 4 })
    .map((values) => API_BASE + def.path.replace(/:[A-Za-z_]\w*|\{[^}]+\}/g, () => values.shift() ?? '1'));
  const query = fc.dictionary(field, fc.oneof(nasty, fc.array(nasty, { maxLength: 3 }), realId.map(String)), { maxKeys: 5 });
  const body = fc.oneof(
    fc.dictionary(field, fc.oneof(jsonValue, realId), { maxKeys: 6 }).map((o) => ({ payload: JSON.stringify(o), type: 'application/json' })),
    jsonValue.map((v) => ({ payload: JSON.stringify(v), type: 'application/json' })),
    fc.string({ maxLength: 200 }).map((s) => ({ payload: s, type: 'application/json' })),
    fc.string({ maxLength: 200 }).map((s) => ({ payload: s, type: 'text/plain' })),
    fc.constant({ payload: 'x'.repeat(1_100_000), type: 'application/json' }),
  );
  const token = fc.constantFrom(world.users.owner.token, world.users.annotator.token, world.users.ownerB.token, world.users.vendorManager.token, '', 'garbage');
  return fc.record({ url, query, body, token }).map(({ url, query, body, token }) => ({
    method: def.method,
    url,
    query: query as Record<string, string | string[]>,
    ...(def.method === 'GET' ? {} : { payload: body.payload }),
    headers: { ...(def.method === 'GET' ? {} : { 'content-type': body.type }), ...(token ? { 'x-annot-token': token } : {}) },
  }));
}

describe.each(DB_KINDS)('fuzzing every route on %s', (kind) => {
  let s: TestServer;
  let world: World;
  beforeAll(async () => {
    s = await startTestServer(kind);
    world = await buildWorld(s.app.ctx);
  });
  afterAll(async () => {
    await s?.close();
  });

  it(`answers ${REQUESTS_PER_ROUTE} random requests per route with an envelope and never a 5xx`, async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const [i, def] of routes.entries()) {
      const samples = fc.sample(requestArb(def, world), { seed: SEED + i, numRuns: REQUESTS_PER_ROUTE });
      for (const req of samples) {
        const res = await s.app.inject(req);
        sent++;
        let body: { code?: unknown; msg?: unknown } | undefined;
        try {
          body = res.json();
        } catch {
          body = undefined;
        }
        const enveloped = typeof body?.code === 'number' && typeof body.msg === 'string' && 'data' in (body as object);
        if (res.statusCode >= 500 || !enveloped || (body?.code as number) >= 500) {
          failures.push(`${req.method} ${req.url} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
    }
    expect(sent).toBeGreaterThanOrEqual(routes.length * REQUESTS_PER_ROUTE);
    expect(failures.slice(0, 10)).toEqual([]);

    // Still serving: a user logs in and reads their profile (random calls may have logged the
    // world's sessions out, which is fine).
    const login = await s.call({ method: 'POST', url: '/core/user/login/mobile', payload: { mobile: world.users.annotator.mobile, password: world.password } });
    expect(login.body.code).toBe(200);
    const info = await s.call({ method: 'GET', url: '/core/user/info', token: login.body.data.tokenValue });
    expect(info.body.data.mobile).toBe(world.users.annotator.mobile);
  }, 300_000);
});
