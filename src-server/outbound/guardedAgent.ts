import dns from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { isIP, type Socket } from 'node:net';
import { Agent, buildConnector } from 'undici';
import type { OutboundAllowList } from './addressPolicy';

/** A connection the address policy refused: the name resolved to, or the socket reached, an internal address. */
export class AddressRefusedError extends Error {
  readonly code = 'EADDRESSREFUSED';
  constructor(readonly hostname: string) {
    super(`the server does not call internal addresses (${hostname})`);
    this.name = 'AddressRefusedError';
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

const CONNECT_TIMEOUT_MS = 5_000;

/**
 * An undici dispatcher for calls made on a team's behalf, checking the address policy twice:
 *
 * 1. in the resolver: every address a name resolves to must be allowed, or the connection is not
 *    even attempted (a name with one public and one internal address is refused: a rebinding
 *    attacker controls both);
 * 2. on the connected socket: its remote address and port are checked again, so whatever the
 *    resolver answered (a second, rebound answer; a literal address, which skips the resolver;
 *    the kernel's own mapping of 0.0.0.0 or ::ffff:a.b.c.d), the address actually reached decides.
 *
 * The socket is destroyed before a byte is written when the check fails. Connections are kept
 * alive per origin as usual; each new one is checked. `resolve` stands in for the system's
 * resolver in tests (a name that answers a public address, then loopback).
 */
export function guardedAgent(allow: OutboundAllowList, o: { resolve?: typeof dns.lookup } = {}): Agent {
  const resolve = o.resolve ?? dns.lookup;
  const connectors = new Map<number, buildConnector.connector>();
  const connectorFor = (port: number) => {
    let c = connectors.get(port);
    if (!c) {
      const lookup = (hostname: string, options: LookupOptions, callback: LookupCallback) => {
        resolve(hostname, { ...options, all: true }, (err, addresses) => {
          if (err) return callback(err, []);
          if (addresses.length === 0 || addresses.some((a) => !allow.permits(hostname, a.address, port))) return callback(new AddressRefusedError(hostname), []);
          if (options.all) return callback(null, addresses);
          callback(null, addresses[0]!.address, addresses[0]!.family);
        });
      };
      c = buildConnector({ timeout: CONNECT_TIMEOUT_MS, lookup } as buildConnector.BuildOptions);
      connectors.set(port, c);
    }
    return c;
  };
  const connect: buildConnector.connector = (opts, callback) => {
    const port = Number(opts.port) || (opts.protocol === 'https:' ? 443 : 80);
    // A literal address skips the resolver: judged before any packet is sent, so a refused
    // internal port and a closed one look the same.
    const literal = opts.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal) && !allow.permits(opts.hostname, literal, port)) {
      queueMicrotask(() => callback(new AddressRefusedError(opts.hostname), null));
      return;
    }
    return connectorFor(port)(opts, (err, socket) => {
      if (err || !socket) return callback(err ?? new Error('no socket'), null);
      const reached = (socket as Socket).remoteAddress ?? '';
      if (!allow.permits(opts.hostname, reached, (socket as Socket).remotePort ?? port)) {
        socket.destroy();
        return callback(new AddressRefusedError(opts.hostname), null);
      }
      callback(null, socket);
    });
  };
  return new Agent({ connect, connections: 16 });
}
