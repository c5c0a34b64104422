/**
 * One bounded call to an SMS gateway (docs/deploy.md, "Real SMS"): the server waits at most
 * 10 s and reads at most 64 KiB of the answer, so a gateway that hangs or floods costs a request
 * its time, never the process's memory.
 */
const TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 64 * 1024;

export class SmsGatewayError extends Error {
  constructor(
    readonly gateway: string,
    /** the gateway's own code (`isv.BUSINESS_LIMIT_CONTROL`, `FailedOperation...`), or `unreachable` / `badAnswer` */
    readonly reason: string,
    message: string,
  ) {
    super(`${gateway}: ${reason}: ${message}`);
  }
}

export async function callGateway(gateway: string, url: string, init: RequestInit): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    throw new SmsGatewayError(gateway, 'unreachable', (err as Error).message);
  }
  const reader = res.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const part = reader ? await reader.read() : { done: true as const, value: undefined };
    if (part.done) break;
    size += part.value.length;
    if (size > MAX_ANSWER_BYTES) {
      await reader!.cancel();
      throw new SmsGatewayError(gateway, 'badAnswer', `an answer over ${MAX_ANSWER_BYTES} bytes`);
    }
    chunks.push(part.value);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new SmsGatewayError(gateway, 'badAnswer', `HTTP ${res.status}, not JSON: ${text.slice(0, 200)}`);
  }
}

/** RFC 3986 percent-encoding, as both gateways' canonical query strings take it (space %20, `*` %2A, `~` kept). */
export const percentEncode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
