import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../src-shared/api';
import type { HealthResponse, JobRequest, NotifyBody, ServiceModel } from '../../src-shared/ai/protocol';
import { normalizeFreeText, normalizeName } from '../../src-shared/model/text';
import { FREE_JSON_KIND, TEXT_KEYWORD } from '../../src-shared/model/textFields';
import { AiJobsRepository } from '../../src-server/repositories/aiJobs';
import { AiModelsRepository } from '../../src-server/repositories/aiModels';
import { AppError } from '../../src-server/errors';
import { SERVICE_TEXT_LIMITS } from '../../src-server/ai/serviceText';
import { DB_KINDS } from '../support/databases';
import { reviewedTask } from '../support/routeSamples/ai';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World } from '../support/world';
import { eventually } from '../support/eventually';

const until = <T>(what: string, check: () => Promise<T | undefined | null | false> | T | undefined | null | false, timeoutMs = 30_000) => eventually(what, check, timeoutMs, 50);

/**
 * Text that arrives from outside and is stored goes through the one text rule, whichever door
 * it came through (issue 30, item 8; docs/security.md, "Text from outside"). Before: a log
 * upload's device name kept a direction override, NUL, ESC and line breaks, shown to ops; a model
 * service's descriptions and class names were stored as sent (100 KB, control characters) and
 * shown to every project member; its callbacks' error messages, class names and trained heads
 * likewise.
 */

/** What the rule refuses anywhere, and the ESC of a terminal colour code. */
// eslint-disable-next-line no-control-regex -- control characters are what the test looks for
const HOSTILE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029\u200b\u2060\ufeff]/u;
const ATTACK = 'Detects\u0000 things \u001b[31mred\u001b[0m in evil\u202Egnp.exe\u2028and \u200Bmore\r\n';

const model = (over: Partial<ServiceModel>): ServiceModel => ({ name: 'm', kind: 'detector', runtime: 'builtin', tools: ['box'], classes: ['person', 'cat'], description: 'a model', trainable: true, ...over });

/** A model service of a few lines: answers /health with whatever the test sets, takes jobs and keeps them, like a team's own GPU box would. */
async function hostileService() {
  const state: { health: HealthResponse; jobs: JobRequest[] } = {
    health: { ok: true, service: 'svc\u0000\u202E', version: '1\u001b', protocol: [1], runningJobs: 0, models: [] },
    jobs: [],
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.method === 'GET' && req.url === '/health') return res.end(JSON.stringify(state.health));
      if (req.method === 'POST' && req.url === '/v1/jobs') {
        state.jobs.push(JSON.parse(body) as JobRequest);
        res.statusCode = 202;
        return res.end('{}');
      }
      if (req.method === 'DELETE') return res.end('{}');
      res.statusCode = 404;
      res.end(JSON.stringify({ code: 'unknownModel', message: 'no' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, state, close: () => new Promise<void>((r) => server.close(() => r())) };
}


describe.each(DB_KINDS)('text from outside on %s', (kind) => {
  describe('a log upload\'s device name', () => {
    let s: TestServer;
    let w: World;
    let n = 0;
    beforeAll(async () => {
      s = await startTestServer(kind);
      w = await buildWorld(s.app.ctx);
    });
    afterAll(async () => {
      await s?.close();
    });

    const register = async (deviceName: string) => {
      const me = w.users.annotator;
      const key = `user/${me.id}/logs/2026-11-26/${Date.now()}-${(++n).toString(16).padStart(12, '0')}.zip`;
      await s.app.ctx.storage.put(key, Buffer.from('PK zip'), 'application/zip');
      const payload = { key, sizeBytes: 6, deviceId: 'device-aaaa-1111', deviceName, records: 1, firstAt: 1, lastAt: 2, levels: { debug: 0, info: 1, warn: 0, error: 0 } };
      return s.call({ method: 'POST', url: '/core/log/upload', token: me.token, payload });
    };
    const listed = async () => (await s.call({ method: 'GET', url: '/core/log/upload?pageSize=100', token: w.users.owner.token })).body.data.list as { deviceName: string }[];

    it.each([
      ['a direction override', 'desk\u202Egnp.exe', 'bidi'],
      ['NUL', 'desk\u0000', 'control'],
      ['ESC (a terminal colour code)', 'desk\u001b[31m', 'control'],
      ['a line break', 'desk\nfake log line', 'control'],
    ])('refuses a name with %s, translated, and stores nothing', async (_what, name, problem) => {
      const r = await register(name);
      expect([r.status, r.body.msg]).toEqual([400, 'error.textNotAllowed']);
      expect(r.body.data.issues[0]).toMatchObject({ in: 'body', path: '/deviceName', problem });
      expect((await listed()).some((u) => HOSTILE.test(u.deviceName))).toBe(false);
    });

    it('refuses a name longer than 128 characters and stores a name trimmed, in one normal form', async () => {
      expect((await register('d'.repeat(129))).status).toBe(400);
      const ok = await register('  desk-Cafe\u0301 ');
      expect(ok.status).toBe(200);
      expect(ok.body.data.deviceName).toBe('desk-Caf\u00e9');
    });
  });

  describe('free-form settings', () => {
    let s: TestServer;
    let w: World;
    beforeAll(async () => {
      s = await startTestServer(kind);
      w = await buildWorld(s.app.ctx);
    });
    afterAll(async () => {
      await s?.close();
    });
    // Sent as JSON text: a deep value is more than the test client's JSON.stringify can nest.
    const put = (payload: unknown) =>
      s.call({ method: 'PUT', url: `/core/project/${w.projectP}/config`, token: w.users.owner.token, headers: { 'content-type': 'application/json' }, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });

    it('refuses a text the rule refuses anywhere in a project\'s settings object, naming its path, and stores nothing', async () => {
      expect((await put({ theme: 'dark' })).body.code).toBe(200);
      for (const [payload, path, problem] of [
        [{ note: 'evil\u202Egnp.exe' }, '/note', 'bidi'],
        [{ nested: { list: ['fine', 'x\u0000y'] } }, '/nested/list/1', 'control'],
        [{ 'a/b\u001b': 1 }, '/a~1b\u001b', 'control'],
        // walked without recursion: nesting does not take the server's stack
        [`{"deep":${'['.repeat(5000)}"\\u202e"${']'.repeat(5000)}}`, `/deep${'/0'.repeat(5000)}`, 'bidi'],
      ] as const) {
        const r = await put(payload);
        expect([r.status, r.body.msg]).toEqual([400, 'error.textNotAllowed']);
        expect(r.body.data.issues[0]).toMatchObject({ in: 'body', path, problem });
      }
      const stored = await s.call({ method: 'GET', url: `/core/project/${w.projectP}/config`, token: w.users.annotator.token });
      expect(stored.body.data).toEqual({ theme: 'dark' });
    });

    it('keeps line breaks and tabs in settings text and stores it in one normal form', async () => {
      expect((await put({ note: 'two\nlines\tand Cafe\u0301', n: 3, on: true, none: null })).body.code).toBe(200);
      const stored = await s.call({ method: 'GET', url: `/core/project/${w.projectP}/config`, token: w.users.owner.token });
      expect(stored.body.data).toEqual({ note: 'two\nlines\tand Caf\u00e9', n: 3, on: true, none: null });
    });
  });

  describe('a model service\'s text', () => {
    let s: TestServer;
    let w: World;
    let svc: Awaited<ReturnType<typeof hostileService>>;
    const owner = () => w.users.owner.token;
    const builtinRows = async () =>
      s.app.ctx.db.selectFrom('ai_models').selectAll().where('team_id', 'is', null).where('project_id', 'is', null).orderBy('id').execute();
    const byName = async (name: string) => (await builtinRows()).find((r) => r.service_model === name);

    beforeAll(async () => {
      svc = await hostileService();
      svc.state.health.models = [
        model({ name: 'clean', description: ATTACK + 'x'.repeat(100_000) }),
        model({ name: 'rlo\u202Ename' }),
        model({ name: 'bidiClass', classes: ['person', 'car\u202Erac'] }),
        model({ name: 'nulClass', classes: ['a\u0000'] }),
        model({ name: 'longClass', classes: ['x'.repeat(SERVICE_TEXT_LIMITS.className + 1)] }),
        model({ name: 'spacedClass', classes: [' person'] }),
        model({ name: 'manyClasses', classes: Array.from({ length: SERVICE_TEXT_LIMITS.classes + 1 }, (_, i) => `c${i}`) }),
      ];
      // The built-in service is the operator's (AI_SERVICE_URL); the server asks it for its models at start.
      s = await startTestServer(kind, { aiService: { url: svc.url, key: 'hostile-service-key-0123' } });
      w = await buildWorld(s.app.ctx);
    });
    afterAll(async () => {
      await s?.close();
      await svc?.close();
    });

    it('stores only the models whose names and class names the rule takes as sent, with the description cleaned and cut', async () => {
      const rows = await builtinRows();
      expect(rows.map((r) => r.service_model)).toEqual(['clean']);
      const clean = rows[0]!;
      expect(clean.description.length).toBeLessThanOrEqual(SERVICE_TEXT_LIMITS.description);
      expect(clean.description).not.toMatch(HOSTILE);
      expect(clean.description.startsWith('Detects things [31mred[0m in evilgnp.exe\nand more\r\n')).toBe(true);
      expect(normalizeFreeText(clean.description, true)).toEqual({ ok: true, value: clean.description });

      // What every project member sees.
      const list = await s.call({ method: 'GET', url: `/core/ai/model/list?projectId=${w.projectP}&tool=box`, token: w.users.annotator.token });
      expect(list.body.code).toBe(200);
      expect(JSON.stringify(list.body.data)).not.toMatch(/\\u00|\\u20[2-6]|\\u001b/i);
      expect(list.body.data.map((m: { name: string }) => m.name)).toEqual(['clean']);
    });

    it('marks a stored model failed, saying why, when its service starts listing it with a class the rule refuses; takes it back when fixed', async () => {
      svc.state.health.models[0] = model({ name: 'clean', classes: ['person', 'c\u0007at'] });
      await s.app.ctx.ai.checkServices();
      const refused = (await byName('clean'))!;
      expect(refused.state).toBe('failed');
      expect(refused.error).toBe('the model service lists this model with text the server does not store: class 1 (control)');
      expect(JSON.parse(refused.classes)).toEqual(['person', 'cat']);

      svc.state.health.models[0] = model({ name: 'clean', description: 'fine' });
      await s.app.ctx.ai.checkServices();
      expect(await byName('clean')).toMatchObject({ state: 'ready', error: null, description: 'fine' });
    });

    it('refuses a team service\'s model whose class name the rule refuses, with a translated reason, at the one door every model row passes', async () => {
      const models = new AiModelsRepository(s.app.ctx.db);
      const service = await models.addService({ teamId: w.teamA, name: 'GPU box', url: svc.url, key: 'k-0123456789', now: s.app.ctx.now() });
      const row = {
        team_id: w.teamA, project_id: null, service_id: service, parent_id: null, name: 'GPU detector', description: ATTACK, tool: 'box', kind: 'detector', runtime: 'external',
        service_model: 'yolo', version: 1, classes: JSON.stringify(['person', 'car\u202Erac']), head: null, artifact_key: null, trainable: 0, state: 'ready', error: null,
        created_by: w.users.owner.id, created_at: s.app.ctx.now(),
      };
      const refusal = await models.insertModel(row).catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal).toMatchObject({ key: 'ai.modelTextRefused', code: 502, data: { field: 'classes', index: 1, problem: 'bidi' } });
      for (const [field, over, problem] of [
        ['serviceModel', { service_model: 'yolo\u0000' }, 'control'],
        ['serviceModel', { service_model: ' yolo' }, 'notNormal'],
        ['classes', { classes: JSON.stringify(Array.from({ length: SERVICE_TEXT_LIMITS.classes + 1 }, (_, i) => `c${i}`)) }, 'tooMany'],
        ['classes', { classes: JSON.stringify(['ok', 7]) }, 'notText'],
      ] as const) {
        await expect(models.insertModel({ ...row, ...over })).rejects.toMatchObject({ key: 'ai.modelTextRefused', data: { field, problem } });
      }
      const id = await models.insertModel({ ...row, classes: JSON.stringify(['person', 'car']) });
      const stored = (await models.model(id))!;
      expect(stored.description).toBe('Detects things [31mred[0m in evilgnp.exe\nand more\r\n');
      expect((await s.app.ctx.db.selectFrom('ai_models').select('id').where('service_model', 'like', 'yolo%').execute()).length).toBe(1);
    });

    it('keeps only the trusted part of a trained head and an evaluation\'s predictions, and cleans a job\'s and a model\'s error', { timeout: 60_000 }, async () => {
      const ctx = s.app.ctx;
      const a = await reviewedTask(w, ctx);
      const clean = (await byName('clean'))!;
      const person = `${a.boxFeatureId}:person`;
      const train = await s.call({ method: 'POST', url: '/core/ai/train', token: owner(), payload: { projectId: w.projectP, modelId: clean.id } });
      expect(train.body.code, JSON.stringify(train.body)).toBe(200);
      const sent = (type: string, modelId?: number) => until(`a ${type} job at the service`, () => svc.state.jobs.find((j) => j.type === type && (modelId === undefined || j.model.version === String(modelId))));
      const notify = (kind: string, job: JobRequest, body: Omit<NotifyBody, 'jobId'>) =>
        s.call({ method: 'POST', url: `/core/ai/notify/${kind}`, headers: { authorization: `Bearer ${job.callback.token}` }, payload: { jobId: job.jobId, ...body } });

      // Training: a head whose mapping and thresholds carry text of the service's own.
      const trainJob = await sent('train');
      const head = {
        mapping: { person, 'evil\u202Egnp': person, cat: 'x\u0000y', [`c\u001b[31m`]: person },
        thresholds: { [person]: 0.5, 'bad\u0007': 0.2 },
        defaultThreshold: 0.3,
      };
      const done = await notify('train', trainJob, { seq: 1, state: 'succeeded', done: 1, total: 1, head });
      expect(done.body.code, JSON.stringify(done.body)).toBe(200);
      const job = (await new AiJobsRepository(ctx.db).get(train.body.data.jobId))!;
      const outcome = JSON.parse(job.train!) as { newModelId: number; mapping: Record<string, string> };
      expect(outcome.mapping).toEqual({ person });
      const version = (await new AiModelsRepository(ctx.db).model(outcome.newModelId))!;
      const stored = JSON.parse(version.head!) as typeof head;
      expect(stored.mapping).toEqual({ person });
      expect(stored.thresholds).toEqual({ [person]: 0.5 });

      // Evaluation of the new version: predictions with a hostile class name and a label that is not a key of ours.
      const evalJob = await sent('evaluate', outcome.newModelId);
      const key = evalJob.items![0]!.key;
      const box = { x: 1, y: 2, width: 30, height: 40 };
      const result = { key, predictions: [{ tool: 'box' as const, className: 'evil\u202Egnp.exe\u0000', label: person, score: 0.9, box }, { tool: 'box' as const, className: 'x', label: 'lbl\u0000\u202E', score: 0.8, box }] };
      expect((await notify('evaluate', evalJob, { seq: 1, state: 'running', done: 1, total: evalJob.items!.length, results: [result] })).body.code).toBe(200);
      const items = await ctx.db.selectFrom('ai_job_items').select(['item_key', 'result']).where('item_key', '=', key).where('result', 'is not', null).execute();
      expect(items).toHaveLength(1);
      expect(JSON.parse(items[0]!.result!)).toEqual([{ label: person, score: 0.9, box }]);

      // The same evaluation fails with a message of the service's: stored cleaned and cut.
      const message = `model crashed\u0000 \u001b[31m\u202Eexe.gpj\u2029${'y'.repeat(1950)}`;
      const failed = await notify('evaluate', evalJob, { seq: 2, state: 'failed', done: 1, total: evalJob.items!.length, error: { code: 'internal', message } });
      expect(failed.body.code, JSON.stringify(failed.body)).toBe(200);
      const ended = (await ctx.db.selectFrom('ai_jobs').select(['error_code', 'error_message']).where('id', '=', Number(evalJob.jobId.split('.')[0])).executeTakeFirstOrThrow());
      expect(ended.error_code).toBe('ai.serviceRefused');
      expect(ended.error_message).not.toMatch(HOSTILE);
      expect(ended.error_message!.startsWith('model crashed [31mexe.gpj\ny')).toBe(true);
      expect(ended.error_message!.length).toBeLessThanOrEqual(SERVICE_TEXT_LIMITS.errorMessage);

      // Loading a model fails with such a message: the model's error, shown in every member's model list, is cleaned too.
      const jobs = new AiJobsRepository(ctx.db);
      const serveId = await jobs.create({ projectId: w.projectP, modelId: clean.id, type: 'serve', tool: 'box', params: {}, createdBy: w.users.owner.id, now: ctx.now(), items: [] });
      ctx.ai.wake();
      const serveJob = await until('the serve job at the service', () => svc.state.jobs.find((j) => j.type === 'serve' && j.jobId.startsWith(`${serveId}.`)));
      expect((await notify('serve', serveJob, { seq: 1, state: 'failed', done: 0, total: 0, error: { code: 'modelInvalid', message } })).body.code).toBe(200);
      const failedModel = (await byName('clean'))!;
      expect(failedModel.state).toBe('failed');
      expect(failedModel.error).not.toMatch(HOSTILE);
      expect(failedModel.error!.startsWith('model crashed [31mexe.gpj\ny')).toBe(true);
    });
  });
});

/**
 * The class, not the instances: every string a route takes is under the text rule (`x-text`),
 * has a shape of its own (pattern, format, constant), or is listed here with the reason it may
 * skip the rule. A string field added to a request without either fails here, by its path.
 */
const NOT_TEXT: Record<string, string> = {
  'user.register.body.password': 'a secret: hashed, never stored or shown',
  'user.loginMobile.body|0.password': 'a secret',
  'user.changePassword.body.oldPassword': 'a secret',
  'user.changePassword.body.newPassword': 'a secret',
  'user.forgetPassword.body.newPassword': 'a secret',
  'batch.create.body.subjects[].frames[].key': 'an object key: parseKey refuses control characters, empty and dot segments',
  'subject.add.body.subjects[].frames[].key': 'an object key',
  'obs.upload.querystring.key': 'an object key',
  'obs.getFile.querystring.key': 'an object key',
  'obs.url.querystring.key': 'an object key',
  'obs.projectGet.querystring.path': 'a path inside an object folder, checked as a key',
  'obs.projectUpload.querystring.path': 'a path inside an object folder',
  'obs.annotateGet.querystring.path': 'a path inside an object folder',
  'obs.annotateUpload.querystring.path': 'a path inside an object folder',
  'obs.userGet.querystring.fileName': 'a path inside an object folder',
  'obs.userUpload.querystring.fileName': 'a path inside an object folder',
  'obs.exportGet.querystring.path': 'a path inside an object folder',
  'annotate.get.querystring.recordType': 'a filter, compared and never stored',
  'projectImport.importAnnotations.body.key': 'an object key',
  'projectArchive.importArchive.body.key': 'an object key',
  'ai.serve.body|0.fileKey': 'an object key',
  'ai.serve.body|1.encoderKey': 'an object key (the project\'s own folder, as fileKey)',
  'ai.serve.body|1.decoderKey': 'an object key (the project\'s own folder, as fileKey)',
  'ai.serve.body|2.serviceUrl': 'parsed as a URL (http or https, no user info) and stored in its serialised form',
  'ai.serve.body|2.serviceKey': 'a secret, sent to the service and never shown',
  'log.register.body.key': 'an object key',
  // A model service's callback: refusing it would lose the job's outcome, so the server takes
  // what it keeps where it stores it (src-server/ai/serviceText.ts).
  'ai.notify.body.jobId': 'parsed as <id>.<attempt>',
  'ai.notify.body.results[].key': 'looked up among the job\'s own item keys',
  'ai.notify.body.results[].predictions[].className': 'not stored as sent: an evaluation keeps label, score and geometry (a box, or an outline: its mask or points); a run\'s count of classes no label takes keeps it cleaned (notify.ts, cleanTextOf)',
  'ai.setClassMapping.body.classes[].className': 'looked up among the model\'s own class names (stored under the text rule); any other is refused',
  'ai.notify.body.results[].predictions[].label': 'kept only in the server\'s label key shape',
  'ai.notify.body.results[].predictions[].keypoints[].name': 'matched against the skeleton\'s names, not stored',
  'ai.notify.body.results[].predictions[].trackOf': 'not stored',
  'ai.notify.body.results[].error': 'not stored (the item is counted as failed)',
  'ai.notify.body.head.mapping{^.*$}': 'kept only from a class of the model to a label key (trustedHead)',
  'ai.notify.body.report.mapping{^.*$}': 'not stored',
  'ai.notify.body.error.code': 'mapped onto the server\'s own keys',
  'ai.notify.body.error.message': 'stored cleaned, at most 2,000 characters (AiJobsRepository.finish)',
  // The ontology's deepest attribute level is typed loosely in the schema; validateFeatures checks
  // every element with the same rule (ontology.nameNotAllowed), whatever its depth.
  ...Object.fromEntries(
    ['create', 'manageFeatures', 'manageFeaturesOf', 'projectReplace'].map((r) => [
      `ontology.${r}.body.features[].attributes[].options[].attributes[].options[].attributes[].options[].attributes[] (any value)`,
      'checked element by element by validateFeatures',
    ]),
  ),
};

type Schema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  items?: Schema;
  patternProperties?: Record<string, Schema>;
  [TEXT_KEYWORD]?: string;
};

/** Strings outside the rule, and values of any shape (which may hold strings) outside a free-form JSON object the rule walks. */
function plainStrings(s: Schema | undefined, path: string, out: string[]): void {
  if (!s || typeof s !== 'object') return;
  if (s[TEXT_KEYWORD] === FREE_JSON_KIND) return;
  s.anyOf?.forEach((a, i) => plainStrings(a, `${path}|${i}`, out));
  const isString = s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'));
  if (isString && !s[TEXT_KEYWORD] && s.const === undefined && !s.enum && !s.pattern && !s.format) out.push(path);
  if (s.type === undefined && !s.anyOf && s.const === undefined && !s.enum) out.push(`${path} (any value)`);
  for (const [k, v] of Object.entries(s.properties ?? {})) plainStrings(v, `${path}.${k}`, out);
  if (s.items) plainStrings(s.items, `${path}[]`, out);
  for (const [k, v] of Object.entries(s.patternProperties ?? {})) plainStrings(v, `${path}{${k}}`, out);
}

describe('every string a route takes', () => {
  it('is under the text rule, has a shape of its own, or is listed with the reason it is not text', () => {
    const found: string[] = [];
    for (const [group, routes] of Object.entries(allRoutes)) {
      for (const [name, def] of Object.entries(routes as Record<string, { body?: Schema; querystring?: Schema; params?: Schema }>)) {
        for (const part of ['body', 'querystring', 'params'] as const) plainStrings(def[part], `${group}.${name}.${part}`, found);
      }
    }
    expect(found.filter((f) => !(f in NOT_TEXT))).toEqual([]);
    // the list names only fields that exist, so it cannot go stale
    expect(Object.keys(NOT_TEXT).filter((f) => !found.includes(f))).toEqual([]);
    // names the rule refuses are refused by the helper the server's model checks use too
    expect(normalizeName('car\u202Erac')).toEqual({ ok: false, problem: 'bidi' });
  });
});
