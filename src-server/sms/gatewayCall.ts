/**
 * One bounded call to an SMS gateway (docs/deploy.md, "Real SMS"): the server waits at most
 * 10 s and reads at most 64 KiB of the answer, so a gateway that hangs or floods costs a request
 * its time, never the process's memory.
 */
import crypto from 'node:crypto';

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

/** A text's SHA-256 in hex: the payload and canonical-request hashes both gateways' signatures take. */
export const sha256Hex = (s: string): string => crypto.createHash('sha256').update(s, 'utf8').digest('hex');
