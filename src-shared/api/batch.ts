import { Type, type Static } from 'typebox';
import { defineRoute } from './route';
import { projectIdRule } from '../model/permissions';
import { Id, Page, PageQuery } from './envelope';
import { Batch, IMPORT_BODY_LIMIT, SubjectImportResult, SubjectInputs, Sha256Hex, plainName, plainText } from './subject';
import { VideoSplit } from '../media/videoInfo';

/** A batch name: unique within its project, stored trimmed. */
export const BatchName = plainName(64);
const BatchRemark = plainText(512);

/** A new batch, optionally with its first subjects (files already uploaded). */
export const BatchCreateBody = Type.Object(
  {
    projectId: Id,
    name: BatchName,
    remark: Type.Optional(BatchRemark),
    subjects: Type.Optional(SubjectInputs),
    /** how the call's long videos are split into items (SubjectImportBody.videoSplit) */
    videoSplit: Type.Optional(VideoSplit),
  },
  { additionalProperties: false },
);
export type BatchCreateBody = Static<typeof BatchCreateBody>;

/** PUT /batch: the batch named in the body. */
export const BatchUpdateBody = Type.Object(
  { id: Id, projectId: Id, name: Type.Optional(BatchName), remark: Type.Optional(BatchRemark) },
  { additionalProperties: false },
);
export type BatchUpdateBody = Static<typeof BatchUpdateBody>;
/** PUT /batch/{id}: the batch named in the path. */
export const BatchUpdateByIdBody = Type.Object(
  { projectId: Id, name: Type.Optional(BatchName), remark: Type.Optional(BatchRemark) },
  { additionalProperties: false },
);

/** DELETE /batch: the batches to delete, as a repeated query key. */
export const BatchDeleteQuery = Type.Object({ projectId: Id, ids: Type.Array(Id, { minItems: 1, maxItems: 500 }) }, { additionalProperties: false });

/** Content hashes (as SubjectInput defines them) the workstation is about to import. */
export const BatchBeforehandBody = Type.Object(
  { projectId: Id, contentHashes: Type.Array(Sha256Hex, { minItems: 1, maxItems: 10_000 }) },
  { additionalProperties: false },
);
/** The ones the project already has, so the workstation skips uploading them. */
export const BatchBeforehand = Type.Object({
  existing: Type.Array(Type.Object({ contentHash: Type.String(), dataId: Type.Integer() })),
});
export type BatchBeforehand = Static<typeof BatchBeforehand>;

/** The batch list: name contains (ASCII case ignored), newest first. */
export const BatchListBody = Type.Object(
  { projectId: Id, name: Type.Optional(plainText(64)), ...PageQuery },
  { additionalProperties: false },
);
export type BatchListBody = Static<typeof BatchListBody>;

export const BatchProjectBody = Type.Object({ projectId: Id }, { additionalProperties: false });
export const BatchNameBody = Type.Object({ projectId: Id, name: BatchName }, { additionalProperties: false });
/** Whether a name is free in the project; when taken, which batch has it. */
export const BatchNameCheck = Type.Object({ available: Type.Boolean(), batchId: Type.Optional(Type.Integer()) });
export type BatchNameCheck = Static<typeof BatchNameCheck>;

/** One batch with what it holds: subjects by record type, frames and bytes. */
export const BatchDetail = Type.Object({
  ...Batch.properties,
  countsByType: Type.Object({ image: Type.Integer(), frame: Type.Integer(), video: Type.Integer() }),
  frameCount: Type.Integer(),
  sizeBytes: Type.Integer(),
});
export type BatchDetail = Static<typeof BatchDetail>;

const on = projectIdRule;
const base = { tag: 'Batch', auth: true } as const;
const ById = Type.Object({ id: Id });

/** The Batch routes of the spec's section 7. */
export const batchRoutes = {
  create: defineRoute({
    ...base, method: 'POST', path: '/batch', access: on('project.data.manage', 'body'), bodyLimit: IMPORT_BODY_LIMIT,
    summary: 'Create a batch (names unique per project) with its first subjects; duplicates by content are reported, not created.',
    body: BatchCreateBody, data: SubjectImportResult,
  }),
  update: defineRoute({
    ...base, method: 'PUT', path: '/batch', access: on('project.data.manage', 'body'),
    summary: 'Rename a batch or change its remark.',
    body: BatchUpdateBody, data: Batch,
  }),
  removeMany: defineRoute({
    ...base, method: 'DELETE', path: '/batch', access: on('project.data.manage', 'query'),
    summary: 'Delete batches with their subjects, all or nothing; the files stay in the object store.',
    querystring: BatchDeleteQuery, data: Type.Null(),
  }),
  beforehand: defineRoute({
    ...base, method: 'POST', path: '/batch/beforehand', readOnly: true, access: on('project.read', 'body'),
    summary: 'Which of these content hashes the project already has, so their files need not be uploaded.',
    body: BatchBeforehandBody, data: BatchBeforehand,
  }),
  list: defineRoute({
    ...base, method: 'POST', path: '/batch/list', readOnly: true, access: on('project.read', 'body'),
    summary: 'The project\'s batches, newest first, with their subject counts.',
    body: BatchListBody, data: Page(Batch),
  }),
  count: defineRoute({
    ...base, method: 'POST', path: '/batch/query/batchCount', readOnly: true, access: on('project.read', 'body'),
    summary: 'How many batches the project has.',
    body: BatchProjectBody, data: Type.Object({ count: Type.Integer({ minimum: 0 }) }),
  }),
  nameCheck: defineRoute({
    ...base, method: 'POST', path: '/batch/query/batchName', readOnly: true, access: on('project.read', 'body'),
    summary: 'Whether a batch name is still free in the project.',
    body: BatchNameBody, data: BatchNameCheck,
  }),
  get: defineRoute({
    ...base, method: 'GET', path: '/batch/:id', access: on('project.read', 'query'),
    summary: 'One batch of the project with its subjects counted by record type.',
    params: ById, querystring: BatchProjectBody, data: BatchDetail,
  }),
  updateById: defineRoute({
    ...base, method: 'PUT', path: '/batch/:id', access: on('project.data.manage', 'body'),
    summary: 'Rename a batch or change its remark.',
    params: ById, body: BatchUpdateByIdBody, data: Batch,
  }),
} as const;
