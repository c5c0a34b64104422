import { Type, type Static } from 'typebox';
import { defineRoute } from './route';
import { Id } from './envelope';

/**
 * Object storage (spec section 7, "Object storage (product backend)"; docs/architecture.md §5).
 * Keys live under `dataset/<projectId>/`, `export/<projectId>/`, `user/<userId>/` and
 * `annotate/<taskSubjectId>/`; the server checks every key against the caller's rights.
 */

/** Signed-URL lifetime in seconds (spec section 9: default 3600, at most 604800). */
export const SIGNED_URL_DEFAULT_SECONDS = 3600;
export const SIGNED_URL_MAX_SECONDS = 604_800;

/** An object key as the client sends it: `dataset/12/a.png`, `/dataset/12/a.png` or `<rootPrefix>/dataset/12/a.png`. */
export const ObsKey = Type.String({ minLength: 1, maxLength: 1024, description: 'object key under dataset/, export/, user/ or annotate/' });
/** A path inside a folder the route names (`a/b.png`); a leading slash is dropped. */
export const ObsPath = Type.String({ minLength: 1, maxLength: 1000, description: 'path inside the folder, e.g. images/0001.png' });
/** How long a signed URL lives, in seconds. */
export const ObsExpires = Type.Integer({ minimum: 1, maximum: SIGNED_URL_MAX_SECONDS, description: 'seconds the URL stays valid (default 3600)' });
/** A MIME type such as `image/png` or `text/plain; charset=utf-8` (type/subtype, optional parameters). */
export const CONTENT_TYPE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*( *; *[A-Za-z0-9!#$&^_.+-]+=("[^"\\\\]*"|[A-Za-z0-9!#$&^_.+-]+))*$';
export const ObsContentType = Type.String({ minLength: 3, maxLength: 255, pattern: CONTENT_TYPE_PATTERN });

/**
 * The storage token (spec section 3), plus `rootPrefix` (prepend it to every key),
 * `projectIds` (the projects whose `dataset/` folders it covers), `exportProjectIds` (those of
 * them whose `export/` folders it covers: where the caller may export) and `taskSubjectIds`
 * (the task subjects whose `annotate/` folders it covers: the ones asked for and held). A session policy is limited to 2048 characters, so a caller with many projects
 * gets the most recent ones and uses signed URLs for the rest, or asks again with `projectId`
 * or `taskSubjectId`.
 */
export const StorageToken = Type.Object({
  endPoint: Type.String(),
  region: Type.String(),
  accessKey: Type.String(),
  secretKey: Type.String(),
  securityToken: Type.String(),
  s3ForcePathStyle: Type.Boolean(),
  bucketName: Type.String(),
  /** epoch ms */
  expiresAt: Type.Integer(),
  rootPrefix: Type.String(),
  projectIds: Type.Array(Type.Integer()),
  exportProjectIds: Type.Array(Type.Integer()),
  taskSubjectIds: Type.Array(Type.Integer()),
});
export type StorageToken = Static<typeof StorageToken>;

/** A URL that reads one object without a token header, until `expiresAt` (epoch ms). */
export const SignedUrl = Type.Object({ key: Type.String(), url: Type.String(), expiresAt: Type.Integer() });
export type SignedUrl = Static<typeof SignedUrl>;

/**
 * How to upload one object. S3 mode: `PUT` the bytes to the presigned `url` with `headers`
 * until `expiresAt`. Embedded mode: `POST` a multipart form to `url` with the token header,
 * the bytes in the field named `fields.file` (and the key, already in the URL, may also go in
 * `fields.key`); `expiresAt` is null.
 */
export const UploadTarget = Type.Object({
  key: Type.String(),
  mode: Type.Union([Type.Literal('s3'), Type.Literal('embedded')]),
  method: Type.Union([Type.Literal('PUT'), Type.Literal('POST')]),
  url: Type.String(),
  headers: Type.Record(Type.String(), Type.String()),
  fields: Type.Union([Type.Object({ file: Type.String(), key: Type.String() }), Type.Null()]),
  expiresAt: Type.Union([Type.Integer(), Type.Null()]),
});
export type UploadTarget = Static<typeof UploadTarget>;

/** An object as stored by the fallback upload. */
export const StoredObject = Type.Object({ key: Type.String(), size: Type.Integer(), etag: Type.String(), contentType: Type.String() });
export type StoredObject = Static<typeof StoredObject>;

/** What the fallback download answers on success: the object's bytes, not an envelope. */
export const ObjectBytes = Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary' });

export const ObsTokenQuery = Type.Object(
  {
    projectId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'a project to cover first (the caller must be able to read it)' })),
    taskSubjectId: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 2147483647, description: 'a task subject whose annotate/ folder to cover next (read-write for its holder and task managers, read for the project\'s readers)' }),
    ),
  },
  { additionalProperties: false },
);
export const ObsUploadQuery = Type.Object({ key: Type.Optional(ObsKey) }, { additionalProperties: false });
export const ObsGetFileQuery = Type.Object(
  {
    key: ObsKey,
    expires: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 ** 40, description: 'signed URLs: when it expires, epoch seconds' })),
    sig: Type.Optional(Type.String({ pattern: '^[0-9a-f]{64}$', description: 'signed URLs: the signature from GET /obs/url' })),
  },
  { additionalProperties: false },
);
export const ObsUrlQuery = Type.Object({ key: ObsKey, expires: Type.Optional(ObsExpires) }, { additionalProperties: false });
export const ObsPathQuery = Type.Object({ path: ObsPath, expires: Type.Optional(ObsExpires) }, { additionalProperties: false });
export const ObsPathUploadQuery = Type.Object(
  { contentType: ObsContentType, path: ObsPath, expires: Type.Optional(ObsExpires) },
  { additionalProperties: false },
);
export const ObsFileNameQuery = Type.Object({ fileName: ObsPath, expires: Type.Optional(ObsExpires) }, { additionalProperties: false });
export const ObsFileNameUploadQuery = Type.Object(
  { contentType: ObsContentType, fileName: ObsPath, expires: Type.Optional(ObsExpires) },
  { additionalProperties: false },
);
export const ObsProjectParams = Type.Object({ projectId: Id });
/** The task subject whose folder (annotate/<taskSubjectId>/) a route addresses. */
export const ObsTaskSubjectParams = Type.Object({ taskSubjectId: Id }, { additionalProperties: false });

const base = { tag: 'Object storage', auth: true } as const;
const onProject = (action: 'project.read' | 'project.data.manage') =>
  ({ scope: 'project', action, from: 'params', key: 'projectId' }) as const;

/**
 * The obs routes of the spec's section 7. `/obs/annotate/get|upload/{taskSubjectId}` come with
 * task subjects. Routes taking a free key check it against the caller's rights in one place
 * (src-server/storage/keyAccess.ts), so they carry no `access` rule of their own.
 */
export const obsRoutes = {
  token: defineRoute({
    ...base, method: 'GET', path: '/obs/token',
    summary:
      'S3 mode: short-lived credentials limited to the caller\'s folders (user/<me>/ read-write; dataset/<p>/ of readable ' +
      'projects read, of projects whose data they manage read-write; export/<p>/ read where they may export; annotate/<t>/ of held task subjects ' +
      'and of the one asked for, read-write for its holder and task managers). Embedded mode: 409 obs.tokenUnavailable.',
    querystring: ObsTokenQuery, data: StorageToken,
  }),
  upload: defineRoute({
    ...base, method: 'POST', path: '/obs/upload',
    summary: 'Fallback upload: a multipart form with fields `file` and `key` (or `?key=`), streamed into the object store.',
    querystring: ObsUploadQuery, data: StoredObject,
  }),
  getFile: defineRoute({
    ...base, method: 'GET', path: '/obs/get/file',
    summary: 'Fallback download: the object\'s bytes (HTTP Range supported); with a token header, or with `expires` and `sig` from GET /obs/url.',
    querystring: ObsGetFileQuery, data: ObjectBytes,
  }),
  url: defineRoute({
    ...base, method: 'GET', path: '/obs/url',
    summary: 'A URL that reads one object without a token header (S3 mode: presigned GetObject; embedded: signed /obs/get/file).',
    querystring: ObsUrlQuery, data: SignedUrl,
  }),
  projectGet: defineRoute({
    ...base, method: 'GET', path: '/obs/project/get/:projectId', access: onProject('project.read'),
    summary: 'A signed read URL for dataset/<projectId>/<path>.',
    params: ObsProjectParams, querystring: ObsPathQuery, data: SignedUrl,
  }),
  projectUpload: defineRoute({
    ...base, method: 'GET', path: '/obs/project/upload/:projectId', access: onProject('project.data.manage'),
    summary: 'How to upload dataset/<projectId>/<path> (S3 mode: a presigned PUT with that content type; embedded: the fallback upload).',
    params: ObsProjectParams, querystring: ObsPathUploadQuery, data: UploadTarget,
  }),
  annotateGet: defineRoute({
    ...base, method: 'GET', path: '/obs/annotate/get/:taskSubjectId',
    summary: 'A signed read URL for annotate/<taskSubjectId>/<path> (read access to the task subject\'s project).',
    params: ObsTaskSubjectParams, querystring: ObsPathQuery, data: SignedUrl,
  }),
  annotateUpload: defineRoute({
    ...base, method: 'GET', path: '/obs/annotate/upload/:taskSubjectId',
    summary: 'How to upload annotate/<taskSubjectId>/<path>: for the worker holding it, or who runs the project\'s tasks.',
    params: ObsTaskSubjectParams, querystring: ObsPathUploadQuery, data: UploadTarget,
  }),
  userGet: defineRoute({
    ...base, method: 'GET', path: '/obs/user/get',
    summary: 'A signed read URL for user/<me>/<fileName>.',
    querystring: ObsFileNameQuery, data: SignedUrl,
  }),
  userUpload: defineRoute({
    ...base, method: 'GET', path: '/obs/user/upload',
    summary: 'How to upload user/<me>/<fileName> (S3 mode: a presigned PUT with that content type; embedded: the fallback upload).',
    querystring: ObsFileNameUploadQuery, data: UploadTarget,
  }),
  exportGet: defineRoute({
    ...base, method: 'GET', path: '/obs/export/get',
    summary: 'A signed read URL for export/<path>, where path starts with the project id (`project.export` on that project, as the export routes).',
    querystring: ObsPathQuery, data: SignedUrl,
  }),
};
