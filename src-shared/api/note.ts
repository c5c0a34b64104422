import { Type, type Static, type TSchema } from 'typebox';
import { defineRoute } from './route';
import { Id, Page, PageQuery } from './envelope';
import { plainName } from './subject';
import { projectIdRule } from '../model/permissions';
import { FreeText } from '../model/textFields';

const closed = { additionalProperties: false } as const;
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** At most this many note labels per project, so their list stays a plain array. */
export const NOTE_LABELS_MAX = 200;
/** Notes answered for one subject at most (newest first). */
export const NOTES_PER_SUBJECT_MAX = 1000;
export const NOTE_STATUSES = ['open', 'resolved'] as const;
export const NoteStatus = Type.Union([Type.Literal('open'), Type.Literal('resolved')]);
export type NoteStatus = Static<typeof NoteStatus>;

/** A comment pinned to a subject, optionally to a task subject, a frame and an object on it. */
export const Note = Type.Object({
  id: Type.Integer(),
  projectId: Type.Integer(),
  dataId: Type.Integer(),
  /** the subject's name (its file name), so a note names its item as the user knows it */
  dataName: Type.String(),
  taskSubjectId: Nullable(Type.Integer()),
  frameId: Nullable(Type.Integer()),
  /** the annotation object's id in its frame */
  objectId: Nullable(Type.String()),
  labelId: Nullable(Type.Integer()),
  content: Type.String(),
  status: NoteStatus,
  createdBy: Type.Integer(),
  createdByName: Type.String(),
  createdAt: Type.Integer(),
  resolvedBy: Nullable(Type.Integer()),
  resolvedAt: Nullable(Type.Integer()),
});
export type Note = Static<typeof Note>;

/**
 * A note as the notes centre lists it when asked for threads: the first note on its anchor (the
 * same subject, task subject, frame and object) with the later ones on that anchor, oldest
 * first, as its replies. Answering a note in the workspace is writing on the object (or item)
 * it is pinned to, so the conversation about one thing reads as one thread.
 */
export const NoteThread = Type.Object({ ...Note.properties, replies: Type.Optional(Type.Array(Note)) });
export type NoteThread = Static<typeof NoteThread>;

export const NoteLabel = Type.Object({ id: Type.Integer(), projectId: Type.Integer(), name: Type.String(), color: Type.String() });
export type NoteLabel = Static<typeof NoteLabel>;

const NoteContent = FreeText(10_000, { minLength: 1, pattern: '\\S' });
const ObjectId = Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' });
const Color = Type.String({ pattern: '^#[0-9A-Fa-f]{6}$', description: '#rrggbb' });
const InProject = { projectId: Id };
const NoteIds = Type.Array(Id, { minItems: 1, maxItems: 500 });

export const NoteCreateBody = Type.Object(
  {
    ...InProject,
    dataId: Id,
    taskSubjectId: Type.Optional(Id),
    frameId: Type.Optional(Id),
    objectId: Type.Optional(ObjectId),
    labelId: Type.Optional(Id),
    content: NoteContent,
  },
  closed,
);
export type NoteCreateBody = Static<typeof NoteCreateBody>;
export const NoteListBody = Type.Object(
  {
    ...InProject,
    ...PageQuery,
    status: Type.Optional(NoteStatus),
    labelId: Type.Optional(Id),
    dataId: Type.Optional(Id),
    taskSubjectId: Type.Optional(Id),
    taskId: Type.Optional(Id),
    createdBy: Type.Optional(Id),
    /** list threads (the first note of each anchor, with its replies); filters apply to the first note */
    threads: Type.Optional(Type.Boolean()),
  },
  closed,
);
export type NoteListBody = Static<typeof NoteListBody>;
export const NoteIdsBody = Type.Object({ ...InProject, ids: NoteIds }, closed);
export const NoteDeleteQuery = Type.Object({ ids: NoteIds }, closed);
export const NoteSubjectQuery = Type.Object({ ...InProject, dataId: Id, taskSubjectId: Type.Optional(Id) }, closed);
export const NoteProjectQuery = Type.Object(InProject, closed);
export const NoteLabelCreateBody = Type.Object({ ...InProject, name: plainName(64), color: Color }, closed);
export const NoteLabelUpdateBody = Type.Object({ ...InProject, name: Type.Optional(plainName(64)), color: Type.Optional(Color) }, { ...closed, minProperties: 2 });

const base = { tag: 'Note', auth: true } as const;
const on = projectIdRule;
const ById = Type.Object({ id: Id });

/** The Notes routes of the spec's section 7, with note-label management. */
export const noteRoutes = {
  create: defineRoute({
    ...base, method: 'POST', path: '/note', access: on('project.task.work', 'body'),
    summary: 'Pin a note to a subject, optionally to a task subject, a frame and an object on it.',
    body: NoteCreateBody, data: Note,
  }),
  remove: defineRoute({
    ...base, method: 'DELETE', path: '/note',
    summary: 'Delete notes, all or nothing: each by its author, or by someone with project.note.manage on its project (the project comes from the notes).',
    querystring: NoteDeleteQuery, data: Type.Null(),
  }),
  list: defineRoute({
    ...base, method: 'POST', path: '/note/list', readOnly: true, access: on('project.read', 'body'),
    summary: 'The project\'s notes, newest first, by status, label, subject, task subject, task and author; with threads, the first note of each anchor with its replies.',
    body: NoteListBody, data: Page(NoteThread),
  }),
  open: defineRoute({
    ...base, method: 'PUT', path: '/note/open', access: on('project.note.manage', 'body'),
    summary: 'Reopen notes of the project, all or nothing; answers them as they now are.',
    body: NoteIdsBody, data: Type.Array(Note),
  }),
  resolve: defineRoute({
    ...base, method: 'PUT', path: '/note/resolved', access: on('project.note.manage', 'body'),
    summary: 'Mark notes of the project resolved, all or nothing; answers them as they now are.',
    body: NoteIdsBody, data: Type.Array(Note),
  }),
  bySubject: defineRoute({
    ...base, method: 'GET', path: '/note/subject', access: on('project.read', 'query'),
    summary: 'The notes pinned to a subject (or one task subject of it), oldest first, at most 1,000.',
    querystring: NoteSubjectQuery, data: Type.Array(Note),
  }),
  get: defineRoute({
    ...base, method: 'GET', path: '/note/:id', access: on('project.read', 'query'),
    summary: 'One note of the project.',
    params: ById, querystring: NoteProjectQuery, data: Note,
  }),
  labels: defineRoute({
    ...base, method: 'GET', path: '/note-label', access: on('project.read', 'query'),
    summary: 'The project\'s note labels by name.',
    querystring: NoteProjectQuery, data: Type.Array(NoteLabel),
  }),
  addLabel: defineRoute({
    ...base, method: 'POST', path: '/note-label', access: on('project.note.manage', 'body'),
    summary: 'Add a note label (names unique per project, at most 200).',
    body: NoteLabelCreateBody, data: NoteLabel,
  }),
  updateLabel: defineRoute({
    ...base, method: 'PUT', path: '/note-label/:id', access: on('project.note.manage', 'body'),
    summary: 'Rename or recolour a note label.',
    params: ById, body: NoteLabelUpdateBody, data: NoteLabel,
  }),
  removeLabel: defineRoute({
    ...base, method: 'DELETE', path: '/note-label/:id', access: on('project.note.manage', 'query'),
    summary: 'Delete a note label; its notes keep their content without a label.',
    params: ById, querystring: NoteProjectQuery, data: Type.Null(),
  }),
} as const;
