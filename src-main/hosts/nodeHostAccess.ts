import crypto from 'node:crypto';
import os from 'node:os';

/** A secret given by the environment must be as hard to guess as the one the host makes itself. */
export const MIN_SECRET_LENGTH = 32;

/** 32 random bytes, URL-safe: the browser host's key for one run (like Jupyter's token). */
export const newHostSecret = (): string => crypto.randomBytes(32).toString('base64url');

/** Compares in constant time (both sides hashed to one length first), so timing tells nothing about the secret. */
export function secretMatches(given: unknown, secret: string): boolean {
  if (typeof given !== 'string') return false;
  const digest = (s: string) => crypto.createHash('sha256').update(s).digest();
  return crypto.timingSafeEqual(digest(given), digest(secret));
}

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];
const WILDCARDS = new Set(['0.0.0.0', '::', '']);
const bracketed = (name: string) => (name.includes(':') && !name.startsWith('[') ? `[${name}]` : name).toLowerCase();

/**
 * The names a browser may use for this host: loopback always; the address it listens on; every
 * address and the machine's name when it listens on all of them; and any the operator adds
 * (WEB_ALLOWED_HOSTS). Any other name in a Host header is DNS rebinding or a mistake.
 */
export function hostNamesFor(bindHost: string, extra: string[] = []): Set<string> {
  const names = new Set(LOOPBACK_NAMES);
  if (WILDCARDS.has(bindHost)) {
    names.add(os.hostname().toLowerCase());
    for (const list of Object.values(os.networkInterfaces())) for (const a of list ?? []) names.add(bracketed(a.address));
  } else {
    names.add(bracketed(bindHost));
  }
  for (const name of extra) if (name.trim()) names.add(bracketed(name.trim()));
  return names;
}

/** `name:port` of a Host header (or an origin's host), the port 80 when it has none; null when it is not one. */
function splitHost(host: string): { name: string; port: number } | null {
  const m = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i.exec(host.trim());
  return m ? { name: m[1]!.toLowerCase(), port: m[2] ? Number(m[2]) : 80 } : null;
}

export type AccessVerdict = 'ok' | 'forbidden' | 'locked';

/**
 * Who may drive the browser host: requests addressed to one of its own names and port (no DNS
 * rebinding), from its own origin or from no browser page at all (tools send no Origin), that
 * carry the per-start secret. `port` is read when asked: the host knows it once it listens.
 */
export class HostAccess {
  constructor(
    private readonly secret: string,
    private readonly names: Set<string>,
    private readonly port: () => number,
  ) {}

  hostAllowed(host: string | undefined): boolean {
    const h = host === undefined ? null : splitHost(host);
    return h !== null && h.port === this.port() && this.names.has(h.name);
  }

  /** No Origin: not a page (a tool, or a same-origin navigation). An Origin must be this host's own, over http. */
  originAllowed(origin: string | undefined): boolean {
    if (origin === undefined) return true;
    try {
      const url = new URL(origin);
      return url.protocol === 'http:' && url.origin === origin.toLowerCase().replace(/\/$/, '') && this.hostAllowed(url.host || url.hostname);
    } catch {
      return false; // "null" (a sandboxed frame, a file) or garbage
    }
  }

  check(req: { host: string | undefined; origin: string | undefined; secret: unknown }): AccessVerdict {
    if (!this.hostAllowed(req.host) || !this.originAllowed(req.origin)) return 'forbidden';
    return secretMatches(req.secret, this.secret) ? 'ok' : 'locked';
  }
}

/** The plain-JSON refusals of the browser host, shaped as a failed InvokeOutcome so the page translates them. */
export const REFUSALS = {
  forbidden: { status: 403, body: { ok: false, error: { name: 'HostForbidden', message: 'this workstation answers only to its own address and page', code: 'HOST_FORBIDDEN' } } },
  locked: { status: 401, body: { ok: false, error: { name: 'HostLocked', message: 'open the address the workstation printed: it carries the access key', code: 'HOST_SECRET_REQUIRED' } } },
} as const;
