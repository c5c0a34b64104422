import type { FastifyReply } from 'fastify';

/**
 * Headers a route sets for the body it means to send (a file's type, length, name, validators,
 * how long to cache it). An envelope sent in its place must not carry them: Fastify refuses to
 * serialise an object under `application/octet-stream` (FST_ERR_FAILED_ERROR_SERIALIZATION, a
 * 500 with no envelope), and a cached error would outlive its cause. Content-Range stays on a
 * 416, where it says the size (RFC 9110 §15.5.17).
 */
const BODY_HEADERS = ['content-type', 'content-length', 'content-disposition', 'content-encoding', 'etag', 'last-modified', 'cache-control', 'accept-ranges'];

/** Clears what a failed binary answer had set, before the error envelope is sent. */
export function clearBodyHeaders(reply: FastifyReply, status: number): void {
  for (const h of BODY_HEADERS) reply.removeHeader(h);
  if (status !== 416) reply.removeHeader('content-range');
}
