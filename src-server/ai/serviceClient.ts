import { Value } from 'typebox/value';
import {
  AI_SERVICE_KEY_HEADER,
  HealthResponse,
  InferResponse,
  type InferRequest,
  type JobRequest,
  type WarmRequest,
  type ServiceError,
} from '../../src-shared/ai/protocol';
import { AppError } from '../errors';

/** How long each kind of call may take before the service counts as away. */
const TIMEOUT_MS = { health: 5_000, infer: 60_000, job: 15_000 } as const;

/** A service's error code, as the server's own translated key. */
function refusal(status: number, body: Partial<ServiceError> | null, frameId?: number): AppError {
  const code = body?.code ?? '';
  if (code === 'imageUnreadable') return new AppError('ai.imageUnreadable', { ...(frameId ? { frameId } : {}), message: body?.message ?? '' });
  if (code === 'modelInvalid') return new AppError('ai.modelInvalid', { message: body?.message ?? '' });
  return new AppError('ai.serviceRefused', { status, code, message: (body?.message ?? '').slice(0, 500) });
}

/**
 * Talks to one model service over the protocol of src-shared/ai/protocol.ts. Every failure
 * becomes an AppError a client can translate: away (ai.serviceUnreachable) or refused.
 */
export class ModelServiceClient {
  constructor(
    private readonly url: string,
    private readonly key: string,
    private readonly name = 'model service',
  ) {}

  private async call(method: 'GET' | 'POST' | 'DELETE', path: string, body: unknown, timeoutMs: number, frameId?: number): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(`${this.url.replace(/\/+$/, '')}${path}`, {
        method,
        headers: { [AI_SERVICE_KEY_HEADER]: this.key, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
    } catch (err) {
      throw new AppError('ai.serviceUnreachable', { service: this.name, reason: err instanceof Error ? err.name : 'error' });
    }
    const text = await res.text().catch(() => '');
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (!res.ok) throw refusal(res.status, parsed as Partial<ServiceError> | null, frameId);
    return parsed;
  }

  async health(): Promise<HealthResponse> {
    const body = await this.call('GET', '/health', undefined, TIMEOUT_MS.health);
    if (!Value.Check(HealthResponse, body)) throw new AppError('ai.serviceRefused', { code: 'badHealth', message: 'the service answered /health with an unexpected body' });
    return body;
  }

  async infer(req: InferRequest, frameId?: number): Promise<InferResponse> {
    const body = await this.call('POST', '/v1/infer', req, TIMEOUT_MS.infer, frameId);
    if (!Value.Check(InferResponse, body)) throw new AppError('ai.serviceRefused', { code: 'badAnswer', message: 'the service answered /v1/infer with an unexpected body' });
    return body;
  }

  async submit(job: JobRequest): Promise<void> {
    await this.call('POST', '/v1/jobs', job, TIMEOUT_MS.job);
  }

  /** Best effort: a service without the warm-up (404), or one that is away, costs the caller nothing but the first call's wait. */
  async warm(req: WarmRequest): Promise<void> {
    await this.call('POST', '/v1/images/warm', req, TIMEOUT_MS.health).catch(() => undefined);
  }

  /** Best effort: the job is already stopped on our side, whatever the service says. */
  async cancel(jobId: string): Promise<void> {
    await this.call('DELETE', `/v1/jobs/${encodeURIComponent(jobId)}`, undefined, TIMEOUT_MS.health).catch(() => undefined);
  }
}
