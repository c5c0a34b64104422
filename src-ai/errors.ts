import type { SERVICE_ERROR_CODES } from '../src-shared/ai/protocol';

export type ServiceErrorCode = (typeof SERVICE_ERROR_CODES)[number];

const STATUS: Record<ServiceErrorCode, number> = {
  badRequest: 400,
  unauthorized: 401,
  unknownModel: 404,
  unknownJob: 404,
  imageUnreadable: 422,
  modelInvalid: 422,
  busy: 503,
  internal: 500,
};

/** A failure the service answers as `ServiceError` JSON with the status its code implies. */
export class ServiceFailure extends Error {
  readonly status: number;
  constructor(
    readonly code: ServiceErrorCode,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'ServiceFailure';
    this.status = STATUS[code];
  }
}

export const isServiceFailure = (e: unknown): e is ServiceFailure => e instanceof ServiceFailure;

/** A plain object that crosses a worker boundary and comes back as a ServiceFailure. */
export interface FailureShape {
  code: ServiceErrorCode;
  message: string;
}

export function toFailureShape(e: unknown): FailureShape {
  if (e instanceof ServiceFailure) return { code: e.code, message: e.message };
  return { code: 'internal', message: e instanceof Error ? e.message : String(e) };
}

export const fromFailureShape = (f: FailureShape) => new ServiceFailure(f.code, f.message);
