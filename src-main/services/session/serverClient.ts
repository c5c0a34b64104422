import type { SessionState } from './sessionState';

/**
 * A failed call to the team server: the HTTP status and the envelope's code and message key.
 * `params` are the plain values of the envelope's data (`{ leased, packageSize }`), which cross
 * to the renderer with the error so its translated text can name them.
 */
export class ServerCallError extends Error {
  override readonly name = 'ServerCallError';
  readonly params: Record<string, string | number> | undefined;
  constructor(
    readonly status: number,
    readonly code: number | string,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.params = plainParams(data);
  }
}

/** The string and finite number members of a refusal's data, or undefined when it has none. */
function plainParams(data: unknown): Record<string, string | number> | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(data)) {
    if (typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))) out[k] = v;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

type Envelope = { code?: unknown; msg?: unknown; data?: unknown };

function parseEnvelope(text: string): Envelope | null {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' ? (v as Envelope) : null;
  } catch {
    // not JSON: a proxy's error page or a server that is not ours
    return null;
  }
}

/**
 * The main process's own calls to the team server (storage token, fallback transfers, batch
 * creation), with the signed-in user's token header and the envelope of the API conventions.
 */
export class ServerClient {
  constructor(
    readonly baseUrl: string,
    private readonly session: SessionState,
  ) {}

  /** A path on the server (`/core/...`) or a full URL, as a URL. */
  url(pathOrUrl: string): string {
    return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${this.baseUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
  }

  /** The token header of the signed-in user; throws when nobody is signed in. */
  authHeaders(): Record<string, string> {
    const s = this.session.current();
    if (!s) throw new ServerCallError(401, 401, 'error.unauthorized');
    return { [s.tokenName]: s.tokenValue };
  }

  /** Raw fetch with the token header (for bodies that are not envelopes). */
  async fetch(pathOrUrl: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    for (const [k, v] of Object.entries(this.authHeaders())) headers.set(k, v);
    return fetch(this.url(pathOrUrl), { ...init, headers });
  }

  /** A JSON call answering the envelope's `data`; any other code throws ServerCallError. */
  async json<T>(method: string, pathOrUrl: string, body?: unknown, signal?: AbortSignal): Promise<T> {
    const res = await this.fetch(pathOrUrl, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
      ...(signal ? { signal } : {}),
    });
    const text = await res.text();
    const envelope = parseEnvelope(text);
    if (envelope && envelope.code === 200) return envelope.data as T;
    const code = typeof envelope?.code === 'number' ? envelope.code : res.status;
    const msg = typeof envelope?.msg === 'string' ? envelope.msg : `${res.status} ${res.statusText}`;
    throw new ServerCallError(res.status, code, msg, envelope?.data ?? null);
  }
}
