import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installEnvelope } from '../../src-server/plugins/envelope';

/**
 * A binary answer that fails after its headers were set but before its first byte (a file that
 * cannot be read, an object store that drops the stream) still answers the error envelope: the
 * file's Content-Type, name and cache headers do not go out with it, and Fastify never fails to
 * serialise it (FST_ERR_FAILED_ERROR_SERIALIZATION, a 500 with no envelope).
 */
describe('error envelope after a binary answer began', () => {
  it('answers a JSON envelope without the file\'s headers when the stream fails before its first byte', async () => {
    const app = Fastify({ logger: false });
    installEnvelope(app);
    app.get('/file', async (_req, reply) => {
      const failing = new Readable({
        read() {
          this.destroy(Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' }));
        },
      });
      reply.headers({ 'content-type': 'application/octet-stream', 'content-disposition': "inline; filename*=UTF-8''secret.zip", 'cache-control': 'private, max-age=86400', etag: '"abc"' });
      return reply.send(failing);
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/file' });
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ code: 500, msg: 'error.internal', data: null });
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(res.headers['cache-control']).toBeUndefined();
      expect(res.headers.etag).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
