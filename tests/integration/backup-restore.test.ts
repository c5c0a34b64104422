/**
 * Backup and restore (issue 34, docs/deploy.md "Backup and restore"): a team server on
 * PostgreSQL and Ceph with the demo team and an annotated item is backed up (pg_dump, rclone),
 * restored into a fresh database and a fresh bucket, and a server on the restored pair serves
 * the same project: its owner signs in, the items and their annotations are there, and a
 * photograph reads back byte for byte.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src-server/app';
import { loadConfig } from '../../src-server/config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_PROJECT_NAME, seedDemoTeam } from '../../src-server/seed/demoTeam';
import { backup, restore, type BucketTarget } from '../../scripts/lib/backup';
import { freshDatabase, type TestDatabase } from '../support/databases';
import { requireSystemEnv } from '../support/runEnv';
import { dropBucket } from '../support/testBucket';

const S3_KEYS = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'];

describe('backup and restore of PostgreSQL and the bucket', () => {
  const dbs: TestDatabase[] = [];
  const buckets: string[] = [];
  const apps: FastifyInstance[] = [];
  let admin: S3Client;
  let env: Record<string, string>;
  let dir: string;

  const newPair = async () => {
    const db = await freshDatabase('postgres');
    dbs.push(db);
    const bucket = `annot-backup-${crypto.randomBytes(4).toString('hex')}`;
    await admin.send(new CreateBucketCommand({ Bucket: bucket }));
    buckets.push(bucket);
    const target: BucketTarget = { endpoint: env.S3_ENDPOINT!, region: env.S3_REGION!, accessKeyId: env.S3_ACCESS_KEY!, secretAccessKey: env.S3_SECRET_KEY!, bucket, prefix: 'team' };
    return { db, bucket, target };
  };
  const serverOn = async (p: Awaited<ReturnType<typeof newPair>>) => {
    const app = await buildApp({ config: { ...loadConfig({ ...env, S3_BUCKET: p.bucket, S3_ROOT_PREFIX: 'team', DATA_DIR: p.db.dataDir, LOG_LEVEL: 'silent' }), databaseUrl: p.db.databaseUrl } });
    apps.push(app);
    return app;
  };
  const call = async (app: FastifyInstance, method: 'GET' | 'POST', url: string, token?: string, payload?: object) => {
    const r = await app.inject({ method, url: `/core${url}`, headers: token ? { 'x-annot-token': token } : {}, ...(payload ? { payload } : {}) });
    return r.json() as { code: number; msg: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };

  beforeAll(async () => {
    env = requireSystemEnv('s3', S3_KEYS);
    admin = new S3Client({ endpoint: env.S3_ENDPOINT, region: env.S3_REGION!, forcePathStyle: true, credentials: { accessKeyId: env.S3_ACCESS_KEY!, secretAccessKey: env.S3_SECRET_KEY! } });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-backup-'));
  });
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => undefined);
    for (const b of buckets) await dropBucket(admin, b).catch(() => undefined);
    for (const db of dbs) await db.drop().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('brings back the project, its items, their annotations and their pictures on a fresh database and bucket', { timeout: 180_000 }, async () => {
    const owner = DEMO_ACCOUNTS.find((a) => a.role === 'owner')!;
    const annotator = DEMO_ACCOUNTS.find((a) => a.role === 'annotator')!;
    const source = await newPair();
    const app = await serverOn(source);
    await seedDemoTeam(app);
    const login = async (a: FastifyInstance, mobile: string) => (await call(a, 'POST', '/user/login/mobile', undefined, { mobile, password: DEMO_PASSWORD })).data.tokenValue as string;
    // An item annotated and saved, so the backup holds work, not only the seed.
    const annotatorToken = await login(app, annotator.mobile);
    const project = (await app.ctx.db.selectFrom('projects').select(['id']).where('name', '=', DEMO_PROJECT_NAME).executeTakeFirstOrThrow()).id;
    const task = (await app.ctx.db.selectFrom('tasks').select(['id']).where('project_id', '=', project).executeTakeFirstOrThrow()).id;
    const workflow = (await app.ctx.db.selectFrom('workflows').select(['id']).where('task_id', '=', task).where('type', '=', 'annotate').executeTakeFirstOrThrow()).id;
    const card = (await call(app, 'POST', '/task/subject/claim', annotatorToken, { projectId: project, taskId: task, workflowId: workflow })).data;
    const box = { id: 'backup-box-1', featureId: 0, labelId: '', tool: 'box', geometry: { x: 10, y: 20, width: 30, height: 40 }, attributes: {}, zIndex: 1, source: 'manual' };
    const ontology = (await call(app, 'GET', `/project/${project}/ontology`, annotatorToken)).data;
    const feature = ontology.features.find((f: { tool: string }) => f.tool === 'box');
    Object.assign(box, { featureId: feature.featureId, labelId: feature.labels[0].id });
    const saved = await call(app, 'POST', '/annotate', annotatorToken, { taskSubjectId: card.taskSubjectId, saveId: 'backup-save-1', baseVersion: card.version, frames: [{ frameId: card.frameIds[0], data: { version: 1, objects: [box], classifications: [] } }] });
    expect(saved.msg).toBe('ok');
    const subjects = async (a: FastifyInstance, token: string) => (await call(a, 'GET', `/project/${project}/subject/list?pageSize=50`, token)).data.list as { dataId: number; name: string; firstFrame: { key: string } }[];
    const ownerToken = await login(app, owner.mobile);
    const before = await subjects(app, ownerToken);
    const picture = async (a: FastifyInstance, token: string, key: string) => (await a.inject({ method: 'GET', url: `/core/obs/get/file?key=${encodeURIComponent(key)}`, headers: { 'x-annot-token': token } })).rawPayload;
    const bytes = await picture(app, ownerToken, before[0]!.firstFrame.key);
    expect(bytes.length).toBeGreaterThan(10_000);

    const made = backup(path.join(dir, 'b1'), source.db.databaseUrl!, source.target);
    expect(made.objects).toBeGreaterThanOrEqual(10);

    const target = await newPair();
    const restored = restore(path.join(dir, 'b1'), target.db.databaseUrl!, target.target);
    expect(restored.objects).toBe(made.objects);
    const back = await serverOn(target);
    const token = await login(back, owner.mobile);
    expect(token).toBeTruthy();
    expect((await call(back, 'GET', `/project/${project}`, token)).data).toMatchObject({ projectId: project, projectName: DEMO_PROJECT_NAME });
    expect((await subjects(back, token)).map((s) => s.name).sort()).toEqual(before.map((s) => s.name).sort());
    const annotations = await call(back, 'GET', `/annotate?taskSubjectId=${card.taskSubjectId}`, token);
    expect(annotations.data.frames[0].data.objects).toEqual([box]);
    expect((await picture(back, token, before[0]!.firstFrame.key)).equals(bytes)).toBe(true);

    // A folder that is not a backup, or one already written, is refused with the reason.
    expect(() => restore(dir, target.db.databaseUrl!, target.target)).toThrow(/is not a backup: database.dump is missing/);
    expect(() => backup(path.join(dir, 'b1'), source.db.databaseUrl!, source.target)).toThrow(/is not empty/);
  });
});
