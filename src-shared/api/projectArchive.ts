import { Type, type Static } from 'typebox';
import { defineRoute } from './route';
import { ProjectName, ProjectType } from './project';
import { StepType, TaskConfig } from './taskShapes';

const closed = { additionalProperties: false } as const;

/**
 * A whole project in one zip (export format `project`, docs/export-formats.md "Whole project"):
 * our lossless files (manifest.json, ontology.json, annotations.jsonl, each item with its batch),
 * `project.json` (this document: the project, its batches and its tasks' workflows) and the
 * pictures under `media/<dataId>/<frame index>/<file name>`. Another of our servers imports it
 * as a new project (POST /project/archive/import).
 */
export const PROJECT_ARCHIVE = {
  file: 'project.json',
  format: 'annotation-workstation/project',
  version: 1,
  /** where a frame's picture is: media/<dataId>/<frame index>/<file name> */
  mediaFolder: 'media/',
} as const;

/** The picture of a frame of an item, as the archive holds it. */
export const archiveMediaPath = (dataId: number, frameIndex: number, fileName: string): string => `${PROJECT_ARCHIVE.mediaFolder}${dataId}/${frameIndex}/${fileName}`;

export const ARCHIVE_LIMITS = {
  /** the largest archive an import reads (it is copied to the server's disk first): 32 GiB */
  zipBytes: 32 * 1024 ** 3,
  /**
   * what the whole archive may unpack to, counted in the bytes that really come out: its pictures
   * are stored, not deflated, so an honest archive unpacks to about its size; a zip of highly
   * compressed entries cannot fill the store past it
   */
  unpackedBytes: 32 * 1024 ** 3,
  /** project.json, read whole */
  documentBytes: 16 * 1024 ** 2,
  /** one line of annotations.jsonl (one item with every frame's annotations) */
  lineBytes: 64 * 1024 ** 2,
} as const;

/** Free text as the archive carries it (checked again by the routes that store it). */
const Text = Type.String({ maxLength: 100_000 });

export const ArchiveStep = Type.Object({ workflowId: Type.Integer(), type: StepType, name: Type.String({ maxLength: 64 }), config: TaskConfig }, closed);
export const ArchiveTask = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String({ maxLength: 128 }),
    description: Type.String({ maxLength: 1024 }),
    status: Type.String({ maxLength: 32 }),
    config: TaskConfig,
    steps: Type.Array(ArchiveStep, { minItems: 1, maxItems: 20 }),
  },
  closed,
);
export type ArchiveTask = Static<typeof ArchiveTask>;

export const ProjectArchiveDoc = Type.Object(
  {
    format: Type.Literal(PROJECT_ARCHIVE.format),
    formatVersion: Type.Integer(),
    exportedAt: Type.Integer(),
    project: Type.Object(
      {
        name: Type.String({ maxLength: 128 }),
        type: ProjectType,
        description: Type.String({ maxLength: 1024 }),
        instruction: Text,
        rejectReasons: Type.Array(Type.String({ maxLength: 512 }), { maxItems: 1000 }),
        noteLabels: Type.Array(Type.Object({ name: Type.String({ maxLength: 64 }), color: Type.String({ maxLength: 32 }) }, closed), { maxItems: 1000 }),
      },
      closed,
    ),
    batches: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String({ maxLength: 128 }), remark: Type.String({ maxLength: 512 }) }, closed), { maxItems: 100_000 }),
    tasks: Type.Array(ArchiveTask, { maxItems: 10_000 }),
  },
  closed,
);
export type ProjectArchiveDoc = Static<typeof ProjectArchiveDoc>;

export const ArchiveImportBody = Type.Object(
  {
    /** the archive's object key, uploaded before (`user/<me>/...`) or an export the caller may read */
    key: Type.String({ minLength: 1, maxLength: 1024 }),
    /** the new project's name (default: the archived project's) */
    projectName: Type.Optional(ProjectName),
  },
  closed,
);
export type ArchiveImportBody = Static<typeof ArchiveImportBody>;

const Listed = Type.Object({ count: Type.Integer(), list: Type.Array(Type.String()) });

export const ArchiveImportResult = Type.Object({
  projectId: Type.Integer(),
  projectName: Type.String(),
  batches: Type.Integer(),
  subjects: Type.Integer(),
  tasks: Type.Integer(),
  /** the annotations written onto the new tasks */
  objects: Type.Integer(),
  classifications: Type.Integer(),
  /** items not brought over (their pictures missing from the archive, or refused by the batch import), each with why */
  skippedItems: Listed,
  /** what else the import noticed */
  warnings: Listed,
});
export type ArchiveImportResult = Static<typeof ArchiveImportResult>;

export const projectArchiveRoutes = {
  importArchive: defineRoute({
    tag: 'Project',
    auth: true,
    method: 'POST',
    path: '/project/archive/import',
    access: { scope: 'currentTeam', action: 'team.project.create' },
    summary:
      'Import a whole-project archive (export format `project`) uploaded before as a new project of the current team: its ontology, batches with their pictures, tasks with their steps ' +
      '(the caller as every step\'s member) and annotations. Nothing is left of a failed import. See docs/export-formats.md, "Whole project".',
    body: ArchiveImportBody,
    data: ArchiveImportResult,
  }),
} as const;
