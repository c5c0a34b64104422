import ipaddr from 'ipaddr.js';

/**
 * Which network addresses the server may call on a team's behalf (docs/security.md, "Calls the
 * server makes for a team"). Only global unicast: never loopback, private (RFC 1918, IPv6
 * unique-local), link-local (where cloud metadata services live: 169.254.169.254), carrier-grade
 * NAT (100.64/10, Alibaba Cloud's 100.100.100.200), multicast, broadcast, unspecified (0.0.0.0
 * reaches loopback on Linux), reserved and documentation ranges, nor IPv6 forms that carry an
 * IPv4 address inside (mapped ::ffff:a.b.c.d, NAT64, 6to4, Teredo), whose inner address could be
 * any of those.
 *
 * Addresses reach this module already parsed by the URL parser or the resolver, so every spelling
 * of one address (2130706433, 0x7f.1, 127.1, [::ffff:127.0.0.1]) is one value here; `parse`
 * still reads the loose IPv4 forms itself for callers that hold a raw string.
 */

/** The address in canonical form, or null when the text is not an IP address. */
export function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  // Zone ids (fe80::1%eth0) name an interface of this machine: never public anyway.
  const unzoned = bare.split('%')[0]!;
  if (!ipaddr.isValid(unzoned)) return null;
  const parsed = ipaddr.parse(unzoned);
  // ::ffff:127.0.0.1 is 127.0.0.1 to the kernel: judge the inner address.
  return parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
}

/** True only for a global unicast address: the public internet. */
export function isPublicAddress(text: string): boolean {
  const addr = parseAddress(text);
  if (!addr) return false;
  if (text.includes('%')) return false;
  return addr.range() === 'unicast';
}

/**
 * The operator's exceptions (AI_SERVICE_ALLOWED_HOSTS): internal addresses a team may register a
 * model service at, for a GPU box on the company network. Entries, comma-separated:
 * an address (`10.0.5.7`, `[fd00::7]`), a network (`10.0.5.0/24`, `fd00::/8`), or a host name
 * (`gpu.corp.example`), each optionally with `:port` (not for networks). A host name entry
 * trusts whatever that name resolves to (the operator's own DNS); an address or network entry
 * trusts those addresses under any name.
 */
export interface AllowEntry {
  kind: 'name' | 'network';
  name?: string;
  network?: [ipaddr.IPv4 | ipaddr.IPv6, number];
  port: number | null;
}

export class OutboundAllowList {
  constructor(readonly entries: readonly AllowEntry[] = []) {}

  static parse(text: string | undefined, setting = 'AI_SERVICE_ALLOWED_HOSTS'): OutboundAllowList {
    const entries: AllowEntry[] = [];
    for (const raw of (text ?? '').split(',')) {
      const item = raw.trim();
      if (!item) continue;
      entries.push(parseEntry(item, setting));
    }
    return new OutboundAllowList(entries);
  }

  /** The name itself is allowed (a host name entry), so its resolved addresses are the operator's. */
  allowsName(hostname: string, port: number): boolean {
    const name = normaliseName(hostname);
    return this.entries.some((e) => e.kind === 'name' && e.name === name && (e.port === null || e.port === port));
  }

  /** The address is inside an address or network entry. */
  allowsAddress(address: string, port: number): boolean {
    const addr = parseAddress(address);
    if (!addr) return false;
    return this.entries.some((e) => {
      if (e.kind !== 'network' || (e.port !== null && e.port !== port)) return false;
      const [net, bits] = e.network!;
      return net.kind() === addr.kind() && addr.match(net as never, bits);
    });
  }

  /** May a connection to `address` be made for a URL naming `hostname`? */
  permits(hostname: string, address: string, port: number): boolean {
    return isPublicAddress(address) || this.allowsName(hostname, port) || this.allowsAddress(address, port);
  }
}

const normaliseName = (name: string) => name.toLowerCase().replace(/\.$/, '').replace(/^\[|\]$/g, '');

function parseEntry(item: string, setting: string): AllowEntry {
  const fail = (why: string) => new Error(`${setting}: "${item}" ${why}; give an address, a network such as 10.0.5.0/24, or a host name, each optionally with :port`);
  // A network: a.b.c.d/n or v6/n (brackets optional), no port.
  if (item.includes('/')) {
    const cidr = item.replace(/[[\]]/g, '');
    try {
      const [net, bits] = ipaddr.parseCIDR(cidr);
      const inner = net.kind() === 'ipv6' && (net as ipaddr.IPv6).isIPv4MappedAddress() ? ((net as ipaddr.IPv6).toIPv4Address() as ipaddr.IPv4 | ipaddr.IPv6) : net;
      return { kind: 'network', network: [inner, inner === net ? bits : Math.max(0, bits - 96)], port: null };
    } catch {
      throw fail('is not a network');
    }
  }
  let host = item;
  let port: number | null = null;
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(item);
  if (bracketed) {
    host = bracketed[1]!;
    port = bracketed[2] ? Number(bracketed[2]) : null;
  } else if (/^[^:]+:\d+$/.test(item)) {
    const at = item.lastIndexOf(':');
    host = item.slice(0, at);
    port = Number(item.slice(at + 1));
  }
  if (port !== null && !(Number.isInteger(port) && port > 0 && port < 65536)) throw fail('has a port outside 1..65535');
  const addr = parseAddress(host);
  if (addr) return { kind: 'network', network: [addr, addr.kind() === 'ipv4' ? 32 : 128], port };
  // Through the URL parser, so the entry matches the host name a URL gives (lower case, punycode).
  let name: string;
  try {
    name = new URL(`http://${host}/`).hostname;
  } catch {
    throw fail('is not a host name');
  }
  if (!name || parseAddress(name)) {
    // 0x7f.1 and friends: the URL parser made an address of it.
    const asAddr = parseAddress(name);
    if (asAddr) return { kind: 'network', network: [asAddr, asAddr.kind() === 'ipv4' ? 32 : 128], port };
    throw fail('is not a host name');
  }
  return { kind: 'name', name: normaliseName(name), port };
}
