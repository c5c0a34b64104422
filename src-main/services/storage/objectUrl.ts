import net from 'node:net';
import { percentEncode as encodeS3 } from '../../../src-shared/transfer/percentEncode';

/** A bucket the SDK would put in the host name: DNS-compatible, no dots (they break TLS wildcards), not an IP. */
const hostable = (bucket: string) => /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/.test(bucket);
const isIpHost = (hostname: string) => net.isIP(hostname.replace(/^\[|\]$/g, '')) !== 0;

/**
 * The URL of an object as the SDK addresses it: path style (`endpoint/bucket/key`) when asked
 * for, when the bucket cannot be a host name, or when the endpoint is an IP address; otherwise
 * virtual-hosted (`bucket.endpoint/key`). A path in the endpoint (a gateway behind a prefix)
 * comes first. Each segment of the key is encoded on its own, so `/` stays a separator.
 */
export function objectUrl(endpoint: string, bucket: string, key: string, query: Record<string, string>, forcePathStyle: boolean): URL {
  const base = new URL(endpoint);
  const prefix = base.pathname.replace(/\/+$/, '');
  const pathStyle = forcePathStyle || !hostable(bucket) || isIpHost(base.hostname);
  const host = pathStyle ? base.host : `${bucket}.${base.host}`;
  const path = `${prefix}${pathStyle ? `/${encodeS3(bucket)}` : ''}/${key.split('/').map(encodeS3).join('/')}`;
  const search = Object.entries(query)
    .map(([k, v]) => `${encodeS3(k)}=${encodeS3(v)}`)
    .join('&');
  return new URL(`${base.protocol}//${host}${path}${search ? `?${search}` : ''}`);
}
