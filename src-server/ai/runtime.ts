import type { AiDeps } from './aiDeps';
import { room } from '../../src-shared/api/realtime';
import type { AiJobState } from '../../src-shared/api/ai';
import { AppError } from '../errors';
import { AiJobsRepository, dispatchKey, type JobRow } from '../repositories/aiJobs';
import { AiModelsRepository } from '../repositories/aiModels';
import { ModelServiceClient } from './serviceClient';
import { newCallbackToken, ServiceUrls } from './serviceUrls';
import { guardedAgent } from '../outbound/guardedAgent';
import type { Agent } from 'undici';
import { jobRequest } from './jobRequests';
import { afterJobEnded, modelChanged } from './jobOutcomes';
import type { ModelRow } from '../repositories/aiModels';
import type { NotifyBody } from '../../src-shared/ai/protocol';
import { instanceName } from '../instanceName';

const TICK_MS = 1000;
/** How often the services are asked how they are (a duty one process does for all: duties/serverDuties.ts). */
export const AI_HEALTH_EVERY_MS = 30_000;
/** Jobs sent at once: each waits on its own service, so a dead one holds only its own jobs. */
const MAX_DISPATCHING = 16;
/** A job whose dispatch failed this often fails (the service is away). */
const MAX_ATTEMPTS = 3;
const RETRY_AFTER_MS = 3000;

/**
 * The server's side of the model services: keeps the built-in service and its models on
 * record, sends queued jobs to their service, sends again what a silent service left (a
 * restarted service, a restarted server: the job resumes with its pending items), and stops
 * jobs. Inference and training happen in the service's process, never on this event loop.
 */
export class AiRuntime {
  readonly runnerId = instanceName();
  readonly urls: ServiceUrls;
  private readonly models: AiModelsRepository;
  private readonly jobs: AiJobsRepository;
  /** Connections to teams' services: only to addresses the policy allows (src-server/outbound). */
  readonly teamDispatcher: Agent;
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private readonly notBefore = new Map<number, number>();
  /** Jobs whose dispatch is under way, by id: a tick never waits for them. */
  private readonly dispatching = new Map<number, Promise<void>>();
  private closed = false;

  constructor(private readonly ctx: AiDeps) {
    this.urls = new ServiceUrls(ctx);
    this.models = new AiModelsRepository(ctx.db);
    this.jobs = new AiJobsRepository(ctx.db);
    this.teamDispatcher = guardedAgent(ctx.config.ai.allowedHosts);
  }

  async start(): Promise<void> {
    const { serviceUrl, serviceKey } = this.ctx.config.ai;
    if (serviceUrl && serviceKey) {
      await this.models.upsertBuiltinService(serviceUrl, serviceKey, this.ctx.now());
      // Its models are on record before the first request (a service that is away only waits the health timeout).
      await this.checkServices();
    }
    this.timer = setInterval(() => this.wake(), TICK_MS);
    this.timer.unref();
    this.wake();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.all([this.ticking, ...this.dispatching.values()]);
    await this.teamDispatcher.close().catch(() => undefined);
  }

  /** Looks for work now (a job was queued). */
  wake(): void {
    if (this.closed || this.ticking) return;
    this.ticking = this.tick()
      .catch(() => undefined)
      .finally(() => {
        this.ticking = null;
      });
  }

  /** A client for a service row: the operator's built-in one as configured, a team's through the address guard. */
  clientFor(s: { url: string; service_key: string; name: string; builtin: number }): ModelServiceClient {
    return new ModelServiceClient(s.url, s.service_key, s.builtin ? { name: s.name, trusted: true } : { name: s.name, trusted: false, dispatcher: this.teamDispatcher });
  }

  async client(serviceId: number): Promise<ModelServiceClient> {
    const s = await this.models.service(serviceId);
    if (!s) throw new AppError('ai.serviceUnreachable', { service: serviceId });
    return this.clientFor(s);
  }

  /**
   * Asks every service how it is, all at once, each within /health's own short limit
   * (serviceClient.ts): services that never answer cost one timeout together, not one each.
   * The built-in one's models are brought in line with its answer.
   */
  async checkServices(): Promise<void> {
    const rows = await this.ctx.db.selectFrom('ai_services').selectAll().execute();
    await Promise.allSettled(
      rows.map(async (s) => {
        try {
          const health = await this.clientFor(s).health();
          await this.models.markService(s.id, true, null, this.ctx.now());
          if (s.builtin) await this.models.syncBuiltinModels(s.id, health.models, this.ctx.now());
        } catch (err) {
          await this.models.markService(s.id, false, err instanceof AppError ? err.key : 'unreachable', this.ctx.now());
        }
      }),
    );
  }

  private async tick(): Promise<void> {
    const now = this.ctx.now();
    if (!this.urls.ready) return;
    const due = [...(await this.jobs.queued(20)).filter((job) => (this.notBefore.get(job.id) ?? 0) <= now), ...(await this.jobs.stalled(now - this.ctx.config.ai.stallMs))];
    for (const job of due) {
      if (this.dispatching.has(job.id) || this.dispatching.size >= MAX_DISPATCHING) continue;
      const sent = this.dispatch(job)
        .catch(() => undefined)
        .finally(() => {
          this.dispatching.delete(job.id);
          // What waited for a free place goes now, not at the next tick.
          this.wake();
        });
      this.dispatching.set(job.id, sent);
    }
  }

  /** Sends a job (its pending items) to its model's service under a new attempt and token. */
  private async dispatch(seen: JobRow): Promise<void> {
    if (seen.attempt >= MAX_ATTEMPTS) {
      await this.end(seen.id, 'failed', { code: 'ai.serviceUnreachable', message: 'the model service did not take or finish the job after 3 tries' });
      return;
    }
    const { token, hash } = newCallbackToken();
    const job = await this.jobs.takeForDispatch(seen, { runnerId: this.runnerId, tokenHash: hash, now: this.ctx.now() });
    if (!job) return;
    const model = await this.models.model(job.model_id);
    if (!model) {
      await this.end(job.id, 'failed', { code: 'ai.modelNotFound', message: 'the model was removed' });
      return;
    }
    try {
      const client = await this.client(model.service_id);
      await client.submit(await jobRequest(this.ctx, this.urls, job, model, token));
      await this.publish(job);
    } catch (err) {
      const code = err instanceof AppError ? err.key : 'ai.serviceUnreachable';
      // Only a service that is away or busy may take it on another try; a refusal stays a refusal.
      if (!(code === 'ai.serviceUnreachable' || code === 'ai.serviceBusy') || job.attempt >= MAX_ATTEMPTS) {
        await this.end(job.id, 'failed', { code, message: err instanceof Error ? err.message : String(err) });
        return;
      }
      // Back in the queue for another try shortly.
      await this.ctx.db.updateTable('ai_jobs').set({ state: 'queued' }).where('id', '=', job.id).where('state', '=', 'running').execute();
      this.notBefore.set(job.id, this.ctx.now() + RETRY_AFTER_MS);
    }
  }

  /** A team's model its service refused to run (modelInvalid: past its time limit, or broken): failed for every later use. */
  async modelFailed(model: ModelRow, projectId: number, err: AppError): Promise<void> {
    const said = (err.data as { message?: unknown } | null)?.message;
    await this.models.setState(model.id, 'failed', typeof said === 'string' && said ? said : err.key);
    await modelChanged(this.ctx, projectId, model.id);
  }

  /** Stops a job now: its state is final at once, and the service is told (best effort). */
  async stop(job: JobRow): Promise<void> {
    if (!(await this.jobs.finish(job.id, 'cancelled', this.ctx.now()))) throw new AppError('ai.jobFinished', { state: job.state });
    const row = (await this.jobs.get(job.id))!;
    await this.publish(row);
    if (job.state === 'running') {
      const model = await this.models.model(job.model_id);
      if (model) await (await this.client(model.service_id)).cancel(dispatchKey(job), this.urls.callbackUrl());
    }
    await afterJobEnded(this.ctx, () => this.wake(), row, null);
  }

  /** Ends a job once (a second end is a no-op) and does what follows it (jobOutcomes.ts). */
  async end(jobId: number, state: AiJobState, error?: { code: string; message: string }, body: NotifyBody | null = null): Promise<void> {
    if (!(await this.jobs.finish(jobId, state, this.ctx.now(), error))) return;
    const row = (await this.jobs.get(jobId))!;
    await this.publish(row);
    await afterJobEnded(this.ctx, () => this.wake(), row, body);
  }

  async publish(job: JobRow): Promise<void> {
    await this.ctx.realtime.publish(room('project', job.project_id), 'ai.job.changed', {
      projectId: job.project_id,
      jobId: job.id,
      type: job.type as 'predict',
      state: job.state as AiJobState,
      done: job.done,
      total: job.total,
    });
  }
}
