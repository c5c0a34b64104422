import { afterAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src-server/app';
import { loadConfig } from '../../src-server/config';
import { DB_KINDS, freshDatabase, type TestDatabase } from '../support/databases';
import { buildWorld } from '../support/world';
import { aiTask } from '../support/aiFixture';
import { projectPlayers } from '../support/routeSamples/taskSubject';
import { eventually } from '../support/eventually';

const until = <T>(what: string, check: () => Promise<T | undefined | null | false> | T | undefined | null | false, timeoutMs = 90_000) => eventually(what, check, timeoutMs);

/**
 * A server on this database, listening on loopback, that sends a silent job again after 5 s.
 * (At 1 s, a loaded machine's model service was "silent" between two honest callbacks, the job
 * was sent again three times and failed: the test measured the machine, not the resume.)
 */
async function serverOn(db: TestDatabase): Promise<FastifyInstance> {
  const env = { DATA_DIR: db.dataDir, LOG_LEVEL: 'silent', AI_SERVICE_URL: inject('aiServiceUrl'), AI_SERVICE_KEY: inject('aiServiceKey'), AI_STALL_SECONDS: '5' };
  const app = await buildApp({ config: { ...loadConfig(env), databaseUrl: db.databaseUrl } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return app;
}


/** A pre-annotation resumes after the server stops in the middle of it: what was written stays, the rest is done once. */
describe.each(DB_KINDS)('AI job across a server restart on %s', (kind) => {
  const dbs: TestDatabase[] = [];
  afterAll(async () => {
    for (const d of dbs) await d.drop();
  });

  it('finishes the job on the next server, every item once', { timeout: 120_000 }, async () => {
    const db = await freshDatabase(kind);
    dbs.push(db);
    const first = await serverOn(db);
    const w = await buildWorld(first.ctx);
    const a = await aiTask(first.ctx, { projectId: w.projectP, createdBy: w.users.owner.id, members: projectPlayers(w), photos: ['astronaut.png', 'chelsea.png', 'coffee.png'], subjects: 24 });
    const start = await first.inject({ method: 'POST', url: '/core/ai/model/task', headers: { 'x-annot-token': w.users.owner.token }, payload: { projectId: w.projectP, taskId: a.t.taskId } });
    const jobId = start.json().data.jobId as number;
    // Stop the server once part of the job is in, with the service still at it.
    await until('some items done', async () => ((await first.ctx.db.selectFrom('ai_jobs').select('done').where('id', '=', jobId).executeTakeFirstOrThrow()).done >= 2 ? true : undefined));
    await first.close();

    const second = await serverOn(db);
    try {
      const job = await until('the job to end on the second server', async () => {
        const j = await second.ctx.db.selectFrom('ai_jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
        return ['succeeded', 'failed', 'cancelled'].includes(j.state) ? j : undefined;
      });
      expect(job.state).toBe('succeeded');
      expect(job.attempt).toBeGreaterThanOrEqual(2);
      expect(job.done).toBe(24);
      const items = await second.ctx.db.selectFrom('ai_job_items').select('state').where('job_id', '=', jobId).execute();
      expect(items.every((i) => i.state === 'done')).toBe(true);
      // Each frame got its suggestions from one dispatch only: the objects on it are exactly those recorded for it.
      for (const id of a.t.taskSubjectIds) {
        const frames = await second.ctx.db.selectFrom('annotation_frames').select(['data', 'object_count']).where('task_subject_id', '=', id).execute();
        const recorded = await second.ctx.db.selectFrom('ai_suggestions').select('object_id').where('task_subject_id', '=', id).execute();
        const onFrame = frames.flatMap((f) => (JSON.parse(f.data) as { objects: { id: string }[] }).objects.map((o) => o.id));
        expect(new Set(recorded.map((r) => r.object_id)).size).toBeGreaterThanOrEqual(onFrame.length);
        expect(onFrame.every((o) => recorded.some((r) => r.object_id === o))).toBe(true);
      }
      const people = await second.ctx.db.selectFrom('annotation_frames').select('data').where('task_subject_id', 'in', a.t.taskSubjectIds).execute();
      expect(people.length).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
  });
});
