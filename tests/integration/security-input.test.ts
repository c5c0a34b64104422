import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteDef } from '../../src-shared/api/route';
import { DB_KINDS } from '../support/databases';
import { SAMPLE_GROUPS } from '../support/routeSamples';
import { isNumberField, sampleFields, textKindOf, withField } from '../support/schemaFields';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World } from '../support/world';

/**
 * Input no user means to send, over every route that has a sample request: each number field
 * of the sample (query, path or body) set to Infinity, and each name or text field set to text
 * with a control character or a direction override. The server must refuse each with a 400
 * envelope that says which field is wrong, never a 500 and never by storing it.
 * (Before: `?page=Infinity` answered 500, and names were stored with NUL, BEL or U+202E.)
 */
const routes = Object.entries(SAMPLE_GROUPS).flatMap(([group, g]) =>
  Object.entries(g.samples).map(([key, sample]) => ({ name: `${group}.${key}`, def: g.routes[key] as RouteDef, sample })),
);

type Sent = Omit<InjectOptions, 'headers'> & { url: string };

/** The request with one query or path parameter changed. */
function withUrlValue(req: Sent, def: RouteDef, field: string, value: string): Sent {
  const url = new URL(req.url, 'http://x');
  const pathNames = def.path.split('/');
  const segments = url.pathname.replace(/^\/core/, '').split('/');
  const at = pathNames.findIndex((p) => p === `:${field}` || p === `{${field}}`);
  if (at >= 0) segments[at] = value;
  else url.searchParams.set(field, value);
  return { ...req, url: `/core${segments.join('/')}${url.search}` };
}

const integerParams = (schema: RouteDef['params'] | RouteDef['querystring']): string[] =>
  Object.entries((schema as { properties?: Record<string, { type?: string; items?: { type?: string } }> } | undefined)?.properties ?? {})
    .filter(([, s]) => s.type === 'integer' || s.type === 'number' || s.items?.type === 'integer')
    .map(([k]) => k);

/** Requests that put a non-finite number in one field each, with a label saying where. */
function nonFiniteVariants(req: Sent, def: RouteDef): [string, Sent][] {
  const out: [string, Sent][] = [];
  const sentQuery = new URL(req.url, 'http://x').searchParams;
  for (const k of integerParams(def.querystring)) if (sentQuery.has(k)) out.push([`query ${k}`, withUrlValue(req, def, k, 'Infinity')]);
  for (const k of integerParams(def.params)) out.push([`path ${k}`, withUrlValue(req, def, k, '-Infinity')]);
  if (req.payload && typeof req.payload === 'object') {
    for (const f of sampleFields(def.body as never, req.payload).filter(isNumberField)) {
      // JSON cannot write Infinity; 1e400 is how a client sends it (JSON.parse reads it as Infinity).
      const text = JSON.stringify(withField(req.payload, f.path, 987654321.125)).replace('987654321.125', '1e400');
      out.push([`body ${f.path.join('.')}`, { ...req, payload: text, headers: { 'content-type': 'application/json' } } as Sent]);
    }
  }
  return out;
}

const BAD_TEXT: Record<string, string[]> = {
  name: ['Nul\u0000name', 'Bell\u0007', 'two\nlines', 'evil\u202Egnp.exe', '\u3164\u3164', 'ad\u200Bmin'],
  line: ['Nul\u0000line', 'evil\u202Egnp.exe'],
  text: ['Nul\u0000text', 'evil\u202Egnp.exe\nsecond line'],
};

function badTextVariants(req: Sent, def: RouteDef): [string, Sent][] {
  if (!req.payload || typeof req.payload !== 'object') return [];
  return sampleFields(def.body as never, req.payload).flatMap((f) => {
    const kind = textKindOf(f);
    return kind ? (BAD_TEXT[kind] ?? []).map((bad): [string, Sent] => [`${kind} ${f.path.join('.')} = ${JSON.stringify(bad)}`, { ...req, payload: withField(req.payload, f.path, bad) as object }]) : [];
  });
}

describe.each(DB_KINDS)('input no user means to send, on %s', (kind) => {
  let s: TestServer;
  let world: World;
  /** Each route's sample with the world it was made in (samples expect a fresh world). */
  const requests = new Map<string, { req: Sent; token: string }>();
  beforeAll(async () => {
    s = await startTestServer(kind);
    world = await buildWorld(s.app.ctx);
    for (const r of routes) {
      const w = await buildWorld(s.app.ctx);
      requests.set(r.name, { req: (await r.sample(w, s.app.ctx, 'owner')) as Sent, token: w.users.owner.token });
    }
  }, 240_000);
  afterAll(async () => {
    await s?.close();
  });

  const send = (req: Sent, token = world.users.owner.token) => s.call({ ...req, token });

  it('refuses Infinity in every number field of every route with a 400 naming the field', async () => {
    const wrong: string[] = [];
    let tried = 0;
    for (const r of routes) {
      const { req: sample, token } = requests.get(r.name)!;
      for (const [where, req] of nonFiniteVariants(sample, r.def)) {
        tried++;
        const res = await send(req, token);
        const issues = (res.body.data as { issues?: { message: string }[] } | null)?.issues ?? [];
        if (res.status !== 400 || res.body.msg !== 'error.validation' || issues.length === 0) wrong.push(`${r.name} ${where}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
    // The walk must reach the routes' numbers, or this test proves nothing.
    expect(tried).toBeGreaterThan(100);
  });

  it("answers the probe's four URLs with 400, not 500", async () => {
    for (const url of ['/core/project?page=Infinity', '/core/user?page=-Infinity', '/core/invite/mobile?page=1e400', '/core/obs/url?key=user/1/a.png&expires=Infinity']) {
      const res = await send({ method: 'GET', url });
      expect([url, res.status, res.body.msg]).toEqual([url, 400, 'error.validation']);
    }
  });

  it('refuses control characters, direction overrides and invisible names in every name and text field', async () => {
    const wrong: string[] = [];
    const fields = new Set<string>();
    for (const r of routes) {
      const { req: sample, token } = requests.get(r.name)!;
      for (const [where, req] of badTextVariants(sample, r.def)) {
        fields.add(`${r.name} ${where.split(' = ')[0]}`);
        const res = await send(req, token);
        if (res.status !== 400 || res.body.msg !== 'error.textNotAllowed') wrong.push(`${r.name} ${where}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(fields.size).toBeGreaterThan(30);
  });

  it('stores a name trimmed and in one normal form, and keeps emoji sequences and joiners', async () => {
    const created = await send({ method: 'POST', url: '/core/team', payload: { name: '  Cafe\u0301 \u200D ' } });
    expect(created.status).toBe(200);
    const team = await send({ method: 'GET', url: `/core/team/${created.body.data.teamId}` });
    expect(team.body.data.name).toBe('Caf\u00e9');

    // Only invisible characters trim to nothing: refused as a blank name is.
    const blank = await send({ method: 'POST', url: '/core/team', payload: { name: '\u200B \uFEFF\u200B' } });
    expect([blank.status, blank.body.msg]).toEqual([400, 'error.validation']);

    const emoji = await send({ method: 'POST', url: '/core/team', payload: { name: '\u{1F469}\u200D\u{1F4BB} \u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645' } });
    expect(emoji.status).toBe(200);
    const stored = await send({ method: 'GET', url: `/core/team/${emoji.body.data.teamId}` });
    expect(stored.body.data.name).toBe('\u{1F469}\u200D\u{1F4BB} \u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645');
  });

  it('refuses a label name with a direction override inside an ontology feature, and stores nothing', async () => {
    const feature = { tool: 'box', name: 'Vehicles', labels: [{ id: 'car', name: 'car\u202Erac', color: '#ff0000' }], attributes: [] };
    const res = await send({ method: 'POST', url: `/core/project/${world.projectP}/ontology`, payload: { features: [feature] } });
    expect([res.status, res.body.msg]).toEqual([400, 'error.textNotAllowed']);
    expect(res.body.data.issues[0]).toMatchObject({ in: 'body', problem: 'bidi' });
    const after = await send({ method: 'GET', url: `/core/project/${world.projectP}/ontology` });
    expect(JSON.stringify(after.body.data)).not.toContain('\u202E');
  });
});
