import fs from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { obsRoutes, CONTENT_TYPE_PATTERN, type StoredObject } from '../../../src-shared/api/obs';
import { OK_CODE } from '../../../src-shared/api/envelope';
import { API_BASE } from '../../../src-shared/api/route';
import { AppError } from '../../errors';
import { requireUser } from '../../plugins/auth';
import type { ObjectInfo } from '../../storage';
import type { ParsedKey } from '../../storage/keys';
import type { ObsDeps } from './deps';
import { DEFAULT_MAX_UPLOAD_BYTES } from '../../config';
import { routeSchema } from './routeSchema';
import { storageFailure } from './storageErrors';
import { guardUpload, spoolUpload, type SpooledFile, type UploadGuard } from './uploadStream';

const CONTENT_TYPE = new RegExp(CONTENT_TYPE_PATTERN);
const OCTET_STREAM = 'application/octet-stream';

/** One file, one key, nothing else; the file may be as large as the configured cap. */
const partLimits = (maxBytes: number) => ({ files: 1, fields: 1, parts: 2, fieldNameSize: 64, fieldSize: 4096, headerPairs: 50, fileSize: maxBytes + 1 });

/** Multipart failures raised by @fastify/multipart and busboy, as catalogue errors. */
function formFailure(err: unknown, maxBytes: number): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('obs.fileTooLarge', { maxBytes });
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError('unsupportedMediaType');
  // too many files, fields or parts; a field named like an Object.prototype property
  if (typeof code === 'string' && code.startsWith('FST_')) return new AppError('obs.formInvalid', { reason: code });
  // busboy's own parse errors (a cut-off or malformed body) are plain errors
  return new AppError('badRequest');
}

/** The store's failure, or the client's when it was their stream or their size that broke it. */
function putFailure(req: FastifyRequest, guard: UploadGuard, err: unknown, maxBytes: number): AppError {
  if (guard.tooLarge()) return new AppError('obs.fileTooLarge', { maxBytes });
  if (guard.clientFailed()) return new AppError('badRequest');
  return storageFailure(req, err);
}

/** The upload's state as its parts arrive. */
interface Form {
  target?: ParsedKey;
  stored?: ObjectInfo;
  spooled?: SpooledFile;
}

/** POST /obs/upload: the fallback upload, streamed from the request into the store. */
export function registerUpload(scope: FastifyInstance, d: ObsDeps): void {
  const def = obsRoutes.upload;
  const maxBytes = d.ctx.config.maxUploadBytes;

  const store = async (req: FastifyRequest, key: string, guard: UploadGuard, contentType: string) => {
    try {
      return await d.ctx.storage.put(key, guard.body, contentType);
    } catch (err) {
      throw putFailure(req, guard, err, maxBytes);
    }
  };
  const spool = async (req: FastifyRequest, guard: UploadGuard, contentType: string) => {
    try {
      return await spoolUpload(guard, d.ctx.config.dataDir, contentType);
    } catch (err) {
      throw putFailure(req, guard, err, maxBytes);
    }
  };
  const storeSpooled = async (req: FastifyRequest, key: string, spooled: SpooledFile) => {
    try {
      return await d.ctx.storage.put(key, fs.createReadStream(spooled.path), spooled.contentType);
    } catch (err) {
      throw storageFailure(req, err);
    }
  };

  const onPart = async (req: FastifyRequest, userId: number, part: Multipart, form: Form) => {
    if (part.type === 'field') {
      if (part.fieldname !== 'key' || typeof part.value !== 'string' || part.valueTruncated) throw new AppError('obs.formInvalid', { field: part.fieldname });
      const target = await d.authorize(userId, part.value, 'write');
      if (form.target && form.target.key !== target.key) throw new AppError('obs.formInvalid', { reason: 'keyMismatch' });
      form.target = target;
      return;
    }
    if (part.fieldname !== 'file') {
      part.file.resume();
      throw new AppError('obs.formInvalid', { field: part.fieldname });
    }
    const contentType = CONTENT_TYPE.test(part.mimetype) && part.mimetype.length <= 255 ? part.mimetype : OCTET_STREAM;
    const guard = guardUpload(part.file, maxBytes);
    // Key known (query, or a field before the file): straight into the store. Otherwise the
    // file waits on disk for its key, which is checked before anything is stored.
    if (form.target) form.stored = await store(req, form.target.key, guard, contentType);
    else form.spooled = await spool(req, guard, contentType);
  };

  scope.route<{ Querystring: { key?: string } }>({
    method: def.method,
    url: API_BASE + def.path,
    config: { auth: def.auth },
    schema: routeSchema(def, {
      consumes: ['multipart/form-data'],
      description:
        'Body: multipart/form-data with a field `file` (the bytes; its part Content-Type becomes the object\'s) and a field ' +
        '`key` (or the query parameter `key`). Writing needs `project.data.manage` for dataset/<p>/ and is yours alone for ' +
        `user/<you>/; export/ is read-only. At most MAX_UPLOAD_BYTES bytes (default ${DEFAULT_MAX_UPLOAD_BYTES}; 413 obs.fileTooLarge).`,
    }),
    handler: async (req) => {
      const userId = requireUser(req);
      if (!req.isMultipart()) throw new AppError('unsupportedMediaType');
      const form: Form = {};
      if (req.query.key !== undefined) form.target = await d.authorize(userId, req.query.key, 'write');
      const parts = req.parts({ limits: partLimits(maxBytes) })[Symbol.asyncIterator]();
      try {
        for (;;) {
          // Only the form's own parse errors are mapped here; onPart maps the store's.
          const next = await parts.next().catch((err: unknown) => {
            throw formFailure(err, maxBytes);
          });
          if (next.done) break;
          await onPart(req, userId, next.value, form);
        }
        if (!form.stored && !form.spooled) throw new AppError('obs.fileMissing');
        if (!form.target) throw new AppError('obs.keyMissing');
        const stored = form.stored ?? (await storeSpooled(req, form.target.key, form.spooled!));
        const data: StoredObject = { key: form.target.key, size: stored.size, etag: stored.etag, contentType: stored.contentType };
        return { code: OK_CODE, msg: 'ok', data };
      } finally {
        await form.spooled?.remove();
      }
    },
  });
}
