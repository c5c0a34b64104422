import crypto from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import type { ClientPlace } from '../../src-shared/ipc/app';

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

/**
 * The origins a reverse proxy serves this host under (WEB_PUBLIC_ORIGIN, e.g.
 * `https://annot.example.com`): TLS in front, as docs/security.md advises on a network. Each must
 * be a bare http(s) origin; anything else stops the start with a sentence saying so.
 */
export function publicOriginsOf(value: string | undefined): string[] {
  if (!value?.trim()) return [];
  return value.split(',').map((raw) => {
    const given = raw.trim();
    let url: URL | null = null;
    try {
      url = new URL(given);
    } catch {
      // said below
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== given.replace(/\/$/, '').toLowerCase() || url.username || url.password) {
      throw new Error(`WEB_PUBLIC_ORIGIN "${given}" is not an origin: give scheme, name and port only, e.g. https://annot.example.com or https://annot.example.com:8443`);
    }
    return url.origin;
  });
}

/** The Host header a browser sends for an origin: its name, with the port only when not the scheme's own. */
const hostOfOrigin = (origin: string) => new URL(origin).host.toLowerCase();

export type AccessVerdict = 'ok' | 'forbidden' | 'locked' | 'pageOnly';

/**
 * Who may drive the browser host: requests addressed to one of its own names and port (no DNS
 * rebinding), from its own origin or from no browser page at all (tools send no Origin), that
 * carry the per-start secret. `port` is read when asked: the host knows it once it listens.
 */
export class HostAccess {
  private readonly publicHosts: Set<string>;

  /** `publicOrigins`: where a reverse proxy serves this host (publicOriginsOf); the page there is this host's own page. */
  constructor(
    private readonly secret: string,
    private readonly names: Set<string>,
    private readonly port: () => number,
    private readonly publicOrigins: readonly string[] = [],
  ) {
    this.publicHosts = new Set(publicOrigins.map(hostOfOrigin));
  }

  hostAllowed(host: string | undefined): boolean {
    return (host !== undefined && this.publicHosts.has(host.trim().toLowerCase())) || this.ownHost(host);
  }

  /** One of its own names on the port it listens on (what a browser sends without a proxy). */
  private ownHost(host: string | undefined): boolean {
    const h = host === undefined ? null : splitHost(host);
    return h !== null && h.port === this.port() && this.names.has(h.name);
  }

  /**
   * No Origin: not a page (a tool, or a same-origin navigation). An Origin must be this host's
   * own over http, or exactly one of the origins a proxy serves it under (https included).
   */
  originAllowed(origin: string | undefined): boolean {
    if (origin === undefined) return true;
    if (this.publicOrigins.includes(origin.toLowerCase())) return true;
    try {
      const url = new URL(origin);
      return url.protocol === 'http:' && url.origin === origin.toLowerCase().replace(/\/$/, '') && this.ownHost(url.host || url.hostname);
    } catch {
      return false; // "null" (a sandboxed frame, a file) or garbage
    }
  }

  check(req: { host: string | undefined; origin: string | undefined; secret: unknown }): AccessVerdict {
    if (!this.hostAllowed(req.host) || !this.originAllowed(req.origin)) return 'forbidden';
    return secretMatches(req.secret, this.secret) ? 'ok' : 'locked';
  }

  /**
   * For what moves files between the machine and a browser (uploads, downloads made for a
   * page): only the page this host serves, so the request must carry its Origin as well as the
   * secret. A browser always sends Origin on a POST or PUT; a request without one is a tool
   * or a forged request, and gets nothing.
   */
  checkPage(req: { host: string | undefined; origin: string | undefined; secret: unknown }): AccessVerdict {
    const verdict = this.check(req);
    return verdict === 'ok' && req.origin === undefined ? 'pageOnly' : verdict;
  }
}

/** The plain-JSON refusals of the browser host, shaped as a failed InvokeOutcome so the page translates them. */
export const REFUSALS = {
  forbidden: { status: 403, body: { ok: false, error: { name: 'HostForbidden', message: 'this workstation answers only to its own address and page', code: 'HOST_FORBIDDEN' } } },
  locked: { status: 401, body: { ok: false, error: { name: 'HostLocked', message: 'open the address the workstation printed: it carries the access key', code: 'HOST_SECRET_REQUIRED' } } },
  pageOnly: { status: 403, body: { ok: false, error: { name: 'HostForbidden', message: 'only the page this workstation serves may upload and download files', code: 'PAGE_ONLY' } } },
} as const;

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (`::ffff:127.0.0.1`, how a dual-stack socket names an IPv4 peer). */
export function isLoopbackAddress(address: string): boolean {
  const a = address.trim().toLowerCase().replace(/^::ffff:/, '');
  if (net.isIPv4(a)) return a.startsWith('127.');
  return a === '::1';
}

/**
 * Where the page behind a request runs. The peer of the connection says it: loopback is this
 * machine, anything else another computer. Behind a reverse proxy on this machine (TLS in
 * front, as docs/security.md advises for a network) every peer is the proxy, so with
 * `trustProxy` (WEB_TRUST_PROXY) a loopback peer's X-Forwarded-For names the client: its last
 * entry, the one the proxy itself added (earlier ones the client may have written). A peer
 * that is not loopback is never believed about forwarding: it is remote whatever it says.
 */
export function clientPlaceOf(peer: string | undefined, forwardedFor: string | string[] | undefined, trustProxy: boolean): ClientPlace {
  if (!peer || !isLoopbackAddress(peer)) return 'remote';
  if (!trustProxy || forwardedFor === undefined) return 'local';
  const last = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor).split(',').pop()?.trim() ?? '';
  return last === '' || isLoopbackAddress(last) ? 'local' : 'remote';
}
