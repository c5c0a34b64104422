/**
 * A stored object as a URL that only a process on this machine can read, for the time of one
 * call: ffmpeg reads a video with HTTP range requests (it seeks by the file's index and reads
 * only the parts it needs), whatever the store is (local disk or S3), and nothing of the store's
 * own credentials or addresses is handed to it. Bound to 127.0.0.1 on a port of the system's
 * choosing, under a random path; every other path is a 404; closed (with its connections) when
 * the call ends.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import type { ObjectStore } from '../storage';

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` within size; null when absent or not one range we can give. */
function rangeOf(header: string | undefined, size: number): { start: number; end: number } | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(size - 1, Number(m[2]));
  }
  return start <= end && start < size ? { start, end } : null;
}

/** Runs `use` with a loopback URL serving the object `key` (of `size` bytes), and closes it after. */
export async function withObjectUrl<T>(storage: ObjectStore, key: string, size: number, use: (url: string) => Promise<T>): Promise<T> {
  const secret = `/${crypto.randomBytes(16).toString('hex')}`;
  const server = http.createServer((req, res) => {
    if (req.url !== secret || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404).end();
      return;
    }
    const range = rangeOf(req.headers.range, size);
    if (req.headers.range && !range) {
      res.writeHead(416, { 'content-range': `bytes */${size}` }).end();
      return;
    }
    const { start, end } = range ?? { start: 0, end: size - 1 };
    res.writeHead(range ? 206 : 200, {
      'accept-ranges': 'bytes',
      'content-length': String(end - start + 1),
      'content-type': 'application/octet-stream',
      ...(range ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}),
    });
    if (req.method === 'HEAD' || size === 0) {
      res.end();
      return;
    }
    // ffmpeg drops a read it no longer wants by closing the connection: that ends the pipe quietly.
    void storage.get(key, { start, end }).then(
      (body) => pipeline(body, res).catch(() => undefined),
      () => res.destroy(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  try {
    return await use(`http://127.0.0.1:${port}${secret}`);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
