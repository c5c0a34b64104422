import { Type, type Static } from 'typebox';
import { defineRoute } from './route';
import { Id, PageQuery } from './envelope';
import { LineText, NameText } from '../model/textFields';
import { IMAGE_REFUSALS } from '../media/imageBytes';
import { literals } from '../model/literals';
import { VIDEO_REFUSALS, VIDEO_WARNINGS, VideoInfo, VideoSplit } from '../media/videoInfo';

/**
 * What a subject is: one image, a frame sequence (many frames in order), or a video item (the
 * frames of a video file, or of a stretch of it: docs/video.md).
 */
export const SubjectRecordType = Type.Union([Type.Literal('image'), Type.Literal('frame'), Type.Literal('video')]);
export type SubjectRecordType = Static<typeof SubjectRecordType>;

/**
 * Request bodies of the import calls may reach this size: up to 100,000 frames of about 200
 * bytes each as JSON. Every other route keeps the server's 1 MiB limit.
 */
export const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

/** At most this many subjects and frames per import call; larger imports send several calls. */
export const SUBJECT_IMPORT_MAX_SUBJECTS = 10_000;
export const SUBJECT_IMPORT_MAX_FRAMES = 100_000;
/** At most this many frames (files) in one frame sequence; a video item may have VIDEO_LIMITS.framesPerItem frames. */
export const SUBJECT_MAX_FRAMES = 10_000;
/** At most this many video files per import call: each is probed (its frame table read) before the call answers. */
export const SUBJECT_IMPORT_MAX_VIDEOS = 100;
/**
 * At most this many frame rows the videos of one call make (one row per frame of each item,
 * overlaps counted twice): a 10-hour file at 30 fps and its seams fit. The rows go in with the
 * call's one transaction, which holds SQLite's write lock while it runs.
 */
export const SUBJECT_IMPORT_MAX_VIDEO_FRAMES = 1_200_000;
/** At most this many subjects in one random sample. */
export const SUBJECT_SAMPLE_MAX = 1_000;

/** A name of 1 to max characters under the text rule (src-shared/model/text.ts): trimmed, one line, visible. */
export const plainName = (maxLength: number) => NameText(maxLength);
/** One line of free text under the text rule (remarks, filters). */
export const plainText = (maxLength: number) => LineText(maxLength);
/** A sha256 digest as 64 hex digits (either case; stored lower case). */
export const Sha256Hex = Type.String({ pattern: '^[0-9a-fA-F]{64}$' });

/**
 * One file of a subject, already uploaded to the object store under `dataset/<projectId>/`.
 * The server checks the object exists with this size before it registers the subject.
 */
export const SubjectFrameInput = Type.Object(
  {
    key: Type.String({ minLength: 1, maxLength: 1024, description: 'object key, e.g. dataset/12/2026-11/cam1/000001.jpg' }),
    sizeBytes: Type.Integer({ minimum: 0, maximum: 5 * 1024 ** 4 }),
    sha256: Sha256Hex,
    /** default: the key's last segment */
    fileName: Type.Optional(plainName(255)),
    /** default: the content type the object was stored with */
    contentType: Type.Optional(Type.String({ minLength: 1, maxLength: 128, pattern: '^[\\x21-\\x7e][\\x20-\\x7e]*$' })),
    width: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    height: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  },
  { additionalProperties: false },
);
export type SubjectFrameInput = Static<typeof SubjectFrameInput>;

/**
 * One data item to register. Its content hash is sha256 over the UTF-8 text of its frames'
 * sha256 digests (lower-case hex) concatenated in order; a subject whose content hash the
 * project already has is reported as a duplicate and not created.
 *
 * A video (recordType `video`, frame projects only) names its one file as its one frame; the
 * server reads the file and makes one item per stretch of it (the call's `videoSplit`), named
 * "<name> · <first>–<last>" when split, each with the content hash sha256 of
 * "<file sha256>:<first>-<last>" (the whole file, unsplit: as any one-file subject).
 */
export const SubjectInput = Type.Object(
  {
    name: plainName(255),
    recordType: SubjectRecordType,
    /** an image and a video have exactly one frame (a file) */
    frames: Type.Array(SubjectFrameInput, { minItems: 1, maxItems: SUBJECT_MAX_FRAMES }),
  },
  { additionalProperties: false },
);
export type SubjectInput = Static<typeof SubjectInput>;
export const SubjectInputs = Type.Array(SubjectInput, { maxItems: SUBJECT_IMPORT_MAX_SUBJECTS });

/** A subject of the request that was not created because the project already has its content. */
export const SubjectDuplicate = Type.Object({
  /** its position in the request's subjects */
  index: Type.Integer(),
  name: Type.String(),
  contentHash: Type.String(),
  existingDataId: Type.Integer(),
});
export type SubjectDuplicate = Static<typeof SubjectDuplicate>;

/**
 * A subject an import did not take because a frame's file is not a whole picture the workspace
 * can show (src-shared/media/imageBytes.ts), or a video's file is not a video it can decode
 * (src-shared/media/videoInfo.ts, VIDEO_REFUSALS); the subject's other frames are not taken either.
 * Translated as error.media.<reason> for pictures, error.media.video.<reason> for videos.
 */
export const SubjectRefusal = Type.Object({
  /** its position in the request's subjects */
  index: Type.Integer(),
  name: Type.String(),
  /** the first frame's file that failed */
  key: Type.String(),
  reason: literals([...IMAGE_REFUSALS, ...VIDEO_REFUSALS.filter((r) => r !== 'truncated')] as unknown as readonly [...typeof IMAGE_REFUSALS, ...typeof VIDEO_REFUSALS]),
  /** present for a video's file: its reason is one of VIDEO_REFUSALS */
  media: Type.Optional(Type.Literal('video')),
  /** the file's format when it was recognised (a TIFF, a PNG cut short, a video's container) */
  format: Type.Optional(Type.String()),
  /** unsupportedCodec: the video's codec (hevc, mp4v, ...) */
  codec: Type.Optional(Type.String()),
});
export type SubjectRefusal = Static<typeof SubjectRefusal>;

/** A video taken with something its user should know (translated as warning.media.video.<warning>). */
export const SubjectImportWarning = Type.Object({
  /** its position in the request's subjects */
  index: Type.Integer(),
  name: Type.String(),
  key: Type.String(),
  warning: literals(VIDEO_WARNINGS),
});
export type SubjectImportWarning = Static<typeof SubjectImportWarning>;

/** The first frame of a subject, enough for a thumbnail. */
export const SubjectThumbnail = Type.Object({
  frameId: Type.Integer(),
  key: Type.String(),
  width: Type.Union([Type.Integer(), Type.Null()]),
  height: Type.Union([Type.Integer(), Type.Null()]),
});

const subjectFields = {
  dataId: Type.Integer(),
  name: Type.String(),
  recordType: SubjectRecordType,
  frameCount: Type.Integer(),
  sizeBytes: Type.Integer(),
  batchId: Type.Integer(),
  createdAt: Type.Integer(),
};
/** A subject as lists show it. */
export const SubjectItem = Type.Object({
  ...subjectFields,
  firstFrame: SubjectThumbnail,
  /** a video item's length in seconds (its stretch's share of the file's duration), for its tile: a video is not drawn as a picture */
  duration: Type.Optional(Type.Number()),
});
export type SubjectItem = Static<typeof SubjectItem>;

/** One frame of a subject; frameId is one of the spec's frameIds. */
export const SubjectFrame = Type.Object({
  frameId: Type.Integer(),
  index: Type.Integer(),
  key: Type.String(),
  fileName: Type.String(),
  contentType: Type.String(),
  sizeBytes: Type.Integer(),
  width: Type.Union([Type.Integer(), Type.Null()]),
  height: Type.Union([Type.Integer(), Type.Null()]),
  sha256: Type.String(),
});
export type SubjectFrame = Static<typeof SubjectFrame>;

/** A subject with all its frames in order, as the annotation workspace opens it. */
export const SubjectDetail = Type.Object({
  ...subjectFields,
  contentHash: Type.String(),
  createdBy: Type.Integer(),
  frames: Type.Array(SubjectFrame),
  /** a video item's facts: how its frames are decoded from the file (recordType 'video' only) */
  video: Type.Optional(VideoInfo),
});
export type SubjectDetail = Static<typeof SubjectDetail>;

/** The filters every subject list, count and sample takes. */
const filters = {
  batchId: Type.Optional(Id),
  /** the name contains this text (ASCII case ignored) */
  name: Type.Optional(plainText(255)),
};
const listPaging = {
  ...PageQuery,
  /** only subjects with a larger dataId; `page` then counts from there (keyset paging) */
  afterId: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
};
export const SubjectListQuery = Type.Object({ ...filters, recordType: Type.Optional(SubjectRecordType), ...listPaging }, { additionalProperties: false });
export type SubjectListQuery = Static<typeof SubjectListQuery>;
export const SubjectListByTypeQuery = Type.Object({ ...filters, ...listPaging }, { additionalProperties: false });
export const SubjectCountQuery = Type.Object({ ...filters, recordType: Type.Optional(SubjectRecordType) }, { additionalProperties: false });
export type SubjectCountQuery = Static<typeof SubjectCountQuery>;

/**
 * A page of subjects in dataId order. `nextAfterId` continues with keyset paging (null: no
 * more). There is no total: it is GET .../subject/list/count, so a page never pays for a count.
 */
export const SubjectListPage = Type.Object({
  list: Type.Array(SubjectItem),
  page: Type.Integer({ minimum: 1 }),
  pageSize: Type.Integer({ minimum: 1 }),
  nextAfterId: Type.Union([Type.Integer(), Type.Null()]),
});
export type SubjectListPage = Static<typeof SubjectListPage>;

/** A random sample: `size` subjects, or `ratio` of the matching ones; the same seed, the same sample. */
export const SubjectSampleQuery = Type.Object(
  {
    ...filters,
    recordType: Type.Optional(SubjectRecordType),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: SUBJECT_SAMPLE_MAX })),
    ratio: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
    seed: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
  },
  { additionalProperties: false },
);
export type SubjectSampleQuery = Static<typeof SubjectSampleQuery>;
/** The sample in dataId order, with the seed that reproduces it. */
export const SubjectSample = Type.Object({ seed: Type.Integer(), list: Type.Array(SubjectItem) });
export type SubjectSample = Static<typeof SubjectSample>;

/** A batch: a named import unit of a project (declared here because imports answer it). */
export const Batch = Type.Object({
  id: Type.Integer(),
  projectId: Type.Integer(),
  name: Type.String(),
  remark: Type.String(),
  subjectCount: Type.Integer(),
  createdBy: Type.Integer(),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
export type Batch = Static<typeof Batch>;

/** What an import call did: how many subjects it created, which it skipped, the batch as it now is. */
export const SubjectImportResult = Type.Object({
  batch: Batch,
  created: Type.Integer({ minimum: 0 }),
  duplicates: Type.Array(SubjectDuplicate),
  /** subjects not taken, each with why: the rest of the call went in */
  refused: Type.Array(SubjectRefusal),
  /** videos taken with a warning (a variable frame rate) */
  warnings: Type.Array(SubjectImportWarning),
});
export type SubjectImportResult = Static<typeof SubjectImportResult>;

export const SubjectImportBody = Type.Object(
  {
    batchId: Id,
    subjects: SubjectInputs,
    /** how the call's long videos are split into items (default: one item per file, up to VIDEO_LIMITS.framesPerItem frames) */
    videoSplit: Type.Optional(VideoSplit),
  },
  { additionalProperties: false },
);
export type SubjectImportBody = Static<typeof SubjectImportBody>;
export const SubjectCount = Type.Object({ count: Type.Integer({ minimum: 0 }) });
export const SubjectIdsQuery = Type.Object({ subjectIds: Type.Array(Id, { minItems: 1, maxItems: 1000 }) }, { additionalProperties: false });

const read = { scope: 'project', action: 'project.read', from: 'params', key: 'projectId' } as const;
const manage = { scope: 'project', action: 'project.data.manage', from: 'params', key: 'projectId' } as const;
const base = { tag: 'Subject', auth: true } as const;

/** The project a route acts on, from the path. */
const ProjectPath = Type.Object({ projectId: Id });

/**
 * The project's subject calls of the spec's section 7 (`subject/annotate` and `annotate/total`
 * come with annotations).
 */
export const subjectRoutes = {
  add: defineRoute({
    ...base, method: 'POST', path: '/project/:projectId/subject', access: manage, params: ProjectPath, bodyLimit: IMPORT_BODY_LIMIT,
    summary: `Register uploaded files as subjects of a batch of the project (at most ${SUBJECT_IMPORT_MAX_SUBJECTS} subjects, ${SUBJECT_IMPORT_MAX_FRAMES} frames); duplicates by content are reported, not created.`,
    body: SubjectImportBody, data: SubjectImportResult,
  }),
  removeMany: defineRoute({
    ...base, method: 'DELETE', path: '/project/:projectId/subject', access: manage, params: ProjectPath,
    summary: 'Delete subjects of the project, all or nothing; their files stay in the object store.',
    querystring: SubjectIdsQuery, data: Type.Null(),
  }),
  countInBatch: defineRoute({
    ...base, method: 'GET', path: '/project/:projectId/subject/count/:batchId', access: read, params: Type.Object({ projectId: Id, batchId: Id }),
    summary: 'How many subjects a batch of the project has.',
    data: SubjectCount,
  }),
  list: defineRoute({
    ...base, method: 'GET', path: '/project/:projectId/subject/list', access: read, params: ProjectPath,
    summary: 'The project\'s subjects in dataId order, by page or after a dataId (keyset), with each first frame for thumbnails.',
    querystring: SubjectListQuery, data: SubjectListPage,
  }),
  listCount: defineRoute({
    ...base, method: 'GET', path: '/project/:projectId/subject/list/count', access: read, params: ProjectPath,
    summary: 'How many subjects match the list\'s filters.',
    querystring: SubjectCountQuery, data: SubjectCount,
  }),
  listByType: defineRoute({
    ...base, method: 'GET', path: '/project/:projectId/subject/list/:type', access: read, params: Type.Object({ projectId: Id, type: SubjectRecordType }),
    summary: 'The subject list restricted to one record type.',
    querystring: SubjectListByTypeQuery, data: SubjectListPage,
  }),
  sample: defineRoute({
    ...base, method: 'GET', path: '/project/:projectId/subject/simpling', access: read, params: ProjectPath,
    summary: `A random sample of the matching subjects: size (1 to ${SUBJECT_SAMPLE_MAX}) or ratio (0 to 1); the same seed gives the same sample.`,
    querystring: SubjectSampleQuery, data: SubjectSample,
  }),
  get: defineRoute({
    ...base, method: 'GET', path: '/project/:projectId/subject/:dataId', access: read, params: Type.Object({ projectId: Id, dataId: Id }),
    summary: 'One subject with all its frames in order.',
    data: SubjectDetail,
  }),
} as const;
