import type { Dispatcher } from 'undici';
import { Value } from 'typebox/value';
import {
  AI_SERVICE_KEY_HEADER,
  HealthResponse,
  InferResponse,
  type InferRequest,
  type JobRequest,
  type WarmRequest,
} from '../../src-shared/ai/protocol';
import { countsArea, decodeCounts } from '../../src-shared/mask/rle';
import type { MaskGeometry } from '../../src-shared/model/annotation';
import { AppError } from '../errors';
import { boundedCall, OutboundFailure } from '../outbound/boundedCall';
import { refusalOf } from './serviceRefusals';

/**
 * What each kind of call may take before the service counts as away, and how much of its answer
 * is read. /health is asked of every service every 30 s and lists models and class names;
 * /v1/infer answers up to 1,000 predictions (polygons of many points, a tracker's 50 frames);
 * the rest answer a line of JSON.
 */
export const CALL_LIMITS = {
  health: { timeoutMs: 3_000, maxBytes: 1024 * 1024 },
  infer: { timeoutMs: 60_000, maxBytes: 16 * 1024 * 1024 },
  job: { timeoutMs: 15_000, maxBytes: 64 * 1024 },
  small: { timeoutMs: 5_000, maxBytes: 64 * 1024 },
} as const;

export interface ServiceClientOptions {
  /** the service's name, for messages */
  name: string;
  /**
   * The operator's own service (AI_SERVICE_URL): its refusals' words are shown (they are ours:
   * "the image cannot be decoded: premature end of JPEG"). A team's service is `false`: what
   * it says is reduced to a status class and a code of the protocol.
   */
  trusted: boolean;
  /** how connections are made: the address-checking agent for a team's service (src-server/outbound) */
  dispatcher?: Dispatcher;
}

/** Whether a mask's run-length text is whole and covers its box exactly, with a pixel set. */
function maskRunsFit(m: MaskGeometry): boolean {
  const counts = decodeCounts(m.rle);
  if (!counts) return false;
  const { pixels, set } = countsArea(counts);
  return pixels === m.width * m.height && set > 0;
}

/**
 * Talks to one model service over the protocol of src-shared/ai/protocol.ts. Every call has a
 * time limit and a cap on the answer it reads; every failure becomes an AppError a client can
 * translate (serviceRefusals.ts).
 */
export class ModelServiceClient {
  constructor(
    private readonly url: string,
    private readonly key: string,
    private readonly o: ServiceClientOptions,
  ) {}

  private async call(method: 'GET' | 'POST' | 'DELETE', path: string, body: unknown, limits: { timeoutMs: number; maxBytes: number }, frameId?: number): Promise<unknown> {
    let answer;
    try {
      answer = await boundedCall(`${this.url.replace(/\/+$/, '')}${path}`, {
        method,
        headers: { [AI_SERVICE_KEY_HEADER]: this.key, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        ...limits,
        ...(this.o.dispatcher ? { dispatcher: this.o.dispatcher } : {}),
      });
    } catch (err) {
      if (err instanceof OutboundFailure && err.kind === 'addressRefused') throw new AppError('ai.serviceAddressRefused', { service: this.o.name });
      const reason = err instanceof OutboundFailure ? err.kind : 'unreachable';
      throw new AppError('ai.serviceUnreachable', { service: this.o.name, reason });
    }
    if (answer.status < 200 || answer.status >= 300) throw refusalOf(answer.status, answer.json, { service: this.o.name, trusted: this.o.trusted, ...(frameId ? { frameId } : {}) });
    return answer.json;
  }

  async health(): Promise<HealthResponse> {
    const body = await this.call('GET', '/health', undefined, CALL_LIMITS.health);
    if (!Value.Check(HealthResponse, body)) throw new AppError('ai.serviceUnreachable', { service: this.o.name, reason: 'badAnswer' });
    return body;
  }

  /**
   * The party a call is for (`tenant`, docs/ai-protocol.md "Parties") goes to the operator's own
   * service only: a team's service serves that team alone, and one written before the field
   * would refuse it.
   */
  private forService<T extends { tenant?: string; model?: unknown }>(req: T, optionalModel = false): T {
    if (this.o.trusted) return req;
    const { tenant: _tenant, ...rest } = req;
    // A warm-up's `model` came later too: a team's service gets the warm-up as before.
    if (optionalModel) delete (rest as { model?: unknown }).model;
    return rest as T;
  }

  async infer(req: InferRequest, frameId?: number): Promise<InferResponse> {
    const body = await this.call('POST', '/v1/infer', this.forService(req), CALL_LIMITS.infer, frameId);
    // A mask's runs must cover its box exactly: a service's cut or padded text is a bad answer, not a mask.
    if (!Value.Check(InferResponse, body) || !body.predictions.every((p) => !p.mask || maskRunsFit(p.mask))) throw new AppError('ai.serviceUnreachable', { service: this.o.name, reason: 'badAnswer' });
    return body;
  }

  async submit(job: JobRequest): Promise<void> {
    await this.call('POST', '/v1/jobs', this.forService(job), CALL_LIMITS.job);
  }

  /** Best effort: a service without the warm-up (404), or one that is away, costs the caller nothing but the first call's wait. */
  async warm(req: WarmRequest): Promise<void> {
    await this.call('POST', '/v1/images/warm', this.forService(req, true), CALL_LIMITS.small).catch(() => undefined);
  }

  /**
   * Best effort: the job is already stopped on our side, whatever the service says. The callback
   * URL names our job among other servers' of the same id on a shared service.
   */
  async cancel(jobId: string, callbackUrl: string): Promise<void> {
    await this.call('DELETE', `/v1/jobs/${encodeURIComponent(jobId)}?${new URLSearchParams({ callback: callbackUrl })}`, undefined, CALL_LIMITS.small).catch(() => undefined);
  }
}
