import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World } from '../support/world';
import { startInternalService, type InternalService } from '../support/internalService';
import { aiTask } from '../support/aiFixture';
import { projectPlayers } from '../support/routeSamples/taskSubject';
import { MAX_TEAM_SERVICES, MODEL_REGISTRATIONS_PER_TEAM } from '../../src-server/ai/limits';
import { AiModelsRepository } from '../../src-server/repositories/aiModels';

const DAY = 24 * 3600_000;

/**
 * Issue 30, findings 1, 2 and 7: what the server calls on a team's behalf. A team admin
 * registers "model services" by URL; the server must never become a way into its own network
 * (any spelling of an internal address, a name resolving to one, a redirect to one), never read
 * an answer without bounds, never echo what an internal service says, and never let services
 * that do not answer hold anyone else's jobs.
 */
describe.each(DB_KINDS)('calls the server makes for a team, on %s', (kind) => {
  let s: TestServer;
  let w: World;
  /** on the server's own network, and not allowed: must never be reached */
  let secret: InternalService;
  /** an internal service the operator allowed (AI_SERVICE_ALLOWED_HOSTS), answering what each test sets */
  let allowed: InternalService;
  /** allowed too: the target a redirect points at */
  let target: InternalService;
  /** allowed, and never answers */
  let dead: InternalService;

  beforeAll(async () => {
    [secret, allowed, target, dead] = await Promise.all([startInternalService(), startInternalService(), startInternalService(), startInternalService()]);
    dead.answers.set('*', { kind: 'silent' });
    const builtin = new URL(inject('aiServiceUrl')).host;
    s = await startTestServer(kind, { env: { AI_SERVICE_ALLOWED_HOSTS: [builtin, ...[allowed, target, dead].map((x) => `127.0.0.1:${x.port}`)].join(',') } });
    w = await buildWorld(s.app.ctx);
  });
  afterAll(async () => {
    await s?.close();
    await Promise.all([secret, allowed, target, dead].map((x) => x?.close()));
  });
  // Each case starts with the team's registration allowance whole.
  beforeEach(() => s.advance(DAY + 1));

  const serve = (serviceUrl: string, token = w.users.owner.token, projectId = w.projectP) =>
    s.call({ method: 'POST', url: '/core/ai/serve', token, payload: { projectId, runtime: 'external', name: 'GPU box', serviceUrl, serviceKey: 'team-service-key-1', modelName: 'yolo' } });

  it('never calls an internal address, however it is written or named, and never with a fragment that bends the path', async () => {
    const spellings = ['127.0.0.1', '2130706433', '0x7f.1', '127.1', '0.0.0.0', '[::ffff:127.0.0.1]', '[::1]', '017700000001', '169.254.169.254', '10.1.2.3', '100.100.100.200', '[fd00::1]'];
    for (const host of spellings) {
      const r = await serve(`http://${host}:${secret.port}/any/path`);
      expect([r.status, r.body.msg], host).toEqual([400, 'error.ai.serviceAddressRefused']);
      const bent = await serve(`http://${host}:${secret.port}/any/path#`);
      expect([bent.status, bent.body.msg], `${host}#`).toEqual([400, 'error.ai.badServiceUrl']);
    }
    // A name that resolves to loopback is judged by its address, when the server connects.
    const named = await serve(`http://localhost:${secret.port}/any/path`);
    expect([named.status, named.body.msg]).toEqual([400, 'error.ai.serviceAddressRefused']);
    expect(JSON.stringify(named.body)).not.toContain('internal secret');
    expect(secret.hits.size).toBe(0);
  });

  it('says only a status class and a protocol code of what an allowed service answered, never its words', async () => {
    allowed.answers.set('/svc/health', { kind: 'json', status: 401, body: { code: 'unauthorized', message: 'internal secret: admin token is abc' } });
    const r = await serve(`${allowed.url}/svc`);
    expect(r.status).toBe(502);
    expect(r.body.msg).toBe('error.ai.serviceRefused');
    expect(r.body.data).toMatchObject({ status: '4xx', code: 'unauthorized' });
    expect(JSON.stringify(r.body)).not.toContain('internal secret');

    allowed.answers.set('/svc2/health', { kind: 'json', status: 500, body: { code: 'dbDown', message: 'internal secret: postgres at 10.0.0.5 refused' } });
    const other = await serve(`${allowed.url}/svc2`);
    expect(other.body.data).toEqual({ service: 'GPU box', status: '5xx' });
    expect(JSON.stringify(other.body)).not.toContain('secret');
  });

  it('follows no redirect, not even to an address it would call', async () => {
    allowed.answers.set('/hop/health', { kind: 'json', status: 302, body: {}, headers: { location: `${target.url}/health` } });
    const r = await serve(`${allowed.url}/hop`);
    expect([r.status, r.body.msg, r.body.data.reason]).toEqual([502, 'error.ai.serviceUnreachable', 'redirect']);
    expect(target.hits.size).toBe(0);
  });

  it('reads at most a bounded answer, and stops waiting for one that never ends', async () => {
    allowed.answers.set('/big/health', { kind: 'flood', mib: 200 });
    const big = await serve(`${allowed.url}/big`);
    expect([big.status, big.body.msg, big.body.data.reason]).toEqual([502, 'error.ai.serviceUnreachable', 'tooLarge']);
    // The server hung up after about 1 MiB: the rest was never sent (socket buffers aside).
    expect(allowed.bytesWritten).toBeLessThan(32 * 1024 * 1024);

    allowed.answers.set('/slow/health', { kind: 'stall' });
    const slow = await serve(`${allowed.url}/slow`);
    expect([slow.status, slow.body.data.reason]).toEqual([502, 'timeout']);
  });

  it('counts a team\'s registrations, refused or not, and caps its services', async () => {
    allowed.answers.set('*', { kind: 'json', status: 500, body: { code: 'internal', message: 'no' } });
    const perHour = MODEL_REGISTRATIONS_PER_TEAM.windows[0]!.max;
    for (let i = 0; i < perHour; i++) expect((await serve(`${allowed.url}/try${i}`)).status).toBe(502);
    const limited = await serve(`${allowed.url}/one-more`);
    expect([limited.status, limited.body.msg]).toEqual([429, 'error.ai.serveLimited']);
    expect(limited.body.data.retryAfterSeconds).toBeGreaterThan(0);
    expect(allowed.hits.get('/one-more/health') ?? 0).toBe(0);
    // Another team's allowance is its own.
    const projectQ = await serve(`${allowed.url}/other-team`, w.users.ownerB.token, w.projectQ);
    expect(projectQ.status).toBe(502);

    s.advance(DAY + 1);
    const models = new AiModelsRepository(s.app.ctx.db);
    for (let i = 0; i < MAX_TEAM_SERVICES; i++) await models.addService({ teamId: w.teamA, name: `svc ${i}`, url: `${allowed.url}/kept${i}`, key: 'k', now: s.app.ctx.now() });
    const capped = await serve(`${allowed.url}/eleventh`);
    expect([capped.status, capped.body.msg, capped.body.data.max]).toEqual([409, 'error.ai.tooManyServices', MAX_TEAM_SERVICES]);
    expect(allowed.hits.get('/eleventh/health') ?? 0).toBe(0);
  });

  it('checks services that never answer beside the job queue: a queued job starts while their checks still wait', { timeout: 60_000 }, async () => {
    const ctx = s.app.ctx;
    // Six services of another team on record, at an address the operator allowed, that never answer.
    const rows = await ctx.db
      .insertInto('ai_services')
      .values(Array.from({ length: 6 }, (_, i) => ({ team_id: w.teamB, name: `dead ${i}`, url: `${dead.url}/dead${i}`, service_key: 'k', builtin: 0, online: 1, checked_at: null, error: null, created_at: ctx.now() })))
      .returning('id')
      .execute();
    try {
      const a = await aiTask(ctx, { projectId: w.projectP, createdBy: w.users.owner.id, members: projectPlayers(w), subjects: 1 });
      // A health round (the `ai.health` duty's run): wait until all six checks are waiting on their services.
      const round = ctx.ai.checkServices();
      const end = Date.now() + 30_000;
      while (dead.open < 6 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      expect(dead.open).toBe(6);
      const start = await s.call({ method: 'POST', url: '/core/ai/predict', token: w.users.owner.token, payload: { projectId: w.projectP, taskSubjectIds: a.t.taskSubjectIds } });
      expect(start.body.code, JSON.stringify(start.body)).toBe(200);
      let seenOpen = -1;
      for (;;) {
        const job = await ctx.db.selectFrom('ai_jobs').select(['state']).where('id', '=', start.body.data.jobId).executeTakeFirstOrThrow();
        if (job.state !== 'queued') {
          seenOpen = dead.open;
          break;
        }
        await new Promise((r) => setTimeout(r, 10));
      }
      // The job left the queue while the six checks were still unanswered.
      expect(seenOpen).toBe(6);
      // And the round ends on the short limit, marking them away.
      const until = Date.now() + 30_000;
      const away = async () => (await ctx.db.selectFrom('ai_services').select(['online', 'error']).where('id', 'in', rows.map((r) => r.id)).execute()).every((m) => m.online === 0 && m.error === 'ai.serviceUnreachable');
      await round;
      while (!(await away()) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect(await away()).toBe(true);
    } finally {
      await ctx.db.deleteFrom('ai_services').where('id', 'in', rows.map((r) => r.id)).execute();
    }
  });
});
