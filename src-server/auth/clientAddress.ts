import net from 'node:net';

/**
 * The key per-address limits count a client by. IPv4 addresses count one by one; an IPv6 client
 * counts by its /64, because one subscriber is usually given a whole /64 and could otherwise
 * take a fresh budget for every one of its 2^64 addresses. An IPv4-mapped IPv6 address
 * (`::ffff:192.0.2.1`, what a dual-stack socket reports) is the IPv4 address it maps.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!net.isIPv6(ip)) return ip;
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, as numbers in lower-case hex without leading zeros. */
function expandIPv6(ip: string): string[] {
  const bare = ip.replace(/%.*$/, ''); // a zone id (fe80::1%eth0) names an interface, not a client
  const [head = '', tail] = bare.split('::') as [string, string | undefined];
  const parts = (s: string) => (s ? s.split(':') : []);
  const left = parts(head);
  const right = tail === undefined ? [] : parts(tail);
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((g) => (g.includes('.') ? g : parseInt(g, 16).toString(16)));
}
