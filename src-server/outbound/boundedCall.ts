import { request, type Dispatcher } from 'undici';
import { AddressRefusedError } from './guardedAgent';

/**
 * Why a call to another service gave nothing usable, as a class and never the remote's words:
 * what a refused or failed call says must not turn the server into a probe of what answers where.
 */
export type OutboundFailureKind = 'addressRefused' | 'timeout' | 'tooLarge' | 'redirect' | 'unreachable';

export class OutboundFailure extends Error {
  constructor(
    readonly kind: OutboundFailureKind,
    readonly limit?: number,
  ) {
    super(`outbound call failed: ${kind}`);
    this.name = 'OutboundFailure';
  }
}

export interface BoundedCall {
  method: 'GET' | 'POST' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  /** the whole call: connecting, the answer's head and all of its body */
  timeoutMs: number;
  /** the answer's body, counted as it arrives; the connection is dropped past it */
  maxBytes: number;
  dispatcher?: Dispatcher;
}

export interface BoundedAnswer {
  status: number;
  /** the body as JSON, or null when it is empty or not JSON */
  json: unknown;
}

/**
 * One HTTP call with an answer that cannot cost more than its limits: a declared length past
 * `maxBytes` is refused before reading, a body that grows past it is cut off while streaming,
 * and the whole exchange (head and body) ends at `timeoutMs`. Redirects are never followed: a
 * 3xx is a failure, so a remote cannot bounce the server to an address the policy would refuse.
 */
export async function boundedCall(url: string, c: BoundedCall): Promise<BoundedAnswer> {
  const signal = AbortSignal.timeout(c.timeoutMs);
  let res: Dispatcher.ResponseData;
  try {
    res = await request(url, {
      method: c.method,
      headers: c.headers,
      body: c.body,
      signal,
      ...(c.dispatcher ? { dispatcher: c.dispatcher } : {}),
      headersTimeout: c.timeoutMs,
      bodyTimeout: c.timeoutMs,
    });
  } catch (err) {
    throw failureOf(err, signal);
  }
  const body = res.body;
  try {
    if (res.statusCode >= 300 && res.statusCode < 400) throw new OutboundFailure('redirect');
    const declared = Number(res.headers['content-length']);
    if (Number.isFinite(declared) && declared > c.maxBytes) throw new OutboundFailure('tooLarge', c.maxBytes);
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of body) {
      total += (chunk as Buffer).byteLength;
      if (total > c.maxBytes) throw new OutboundFailure('tooLarge', c.maxBytes);
      chunks.push(chunk as Buffer);
    }
    const text = Buffer.concat(chunks, total).toString('utf8');
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.statusCode, json };
  } catch (err) {
    // Dropped, not drained: the rest of a large or endless answer is never read.
    body.on('error', () => undefined);
    body.destroy();
    throw failureOf(err, signal);
  }
}

function failureOf(err: unknown, signal: AbortSignal): OutboundFailure {
  if (err instanceof OutboundFailure) return err;
  if (signal.aborted) return new OutboundFailure('timeout');
  const e = err as { code?: string; name?: string; cause?: unknown };
  if (err instanceof AddressRefusedError || e.cause instanceof AddressRefusedError || e.code === 'EADDRESSREFUSED') return new OutboundFailure('addressRefused');
  if (e.code === 'UND_ERR_HEADERS_TIMEOUT' || e.code === 'UND_ERR_BODY_TIMEOUT' || e.code === 'UND_ERR_CONNECT_TIMEOUT' || e.name === 'TimeoutError') return new OutboundFailure('timeout');
  return new OutboundFailure('unreachable');
}
