import { Type, type Static, type TSchema } from 'typebox';
import { defineRoute } from './route';
import { Id } from './envelope';
import { projectIdRule } from '../model/permissions';
import { OntologyTool } from '../model/ontology';
import { literals } from '../model/literals';

const closed = { additionalProperties: false } as const;

/** The formats an import reads (docs/export-formats.md); `segmentationMask` is PNG masks (Pascal VOC / CVAT layout), `mot` MOT 1.1 (boxes with track ids), `cvat` CVAT for images 1.1 XML, `cvatVideo` CVAT for video 1.1 (tracks), `labelme` LabelMe JSON (one per image), `labelStudio` Label Studio's JSON export, `datumaro` Datumaro's JSON, `kitti` KITTI 2D boxes, `yoloObb` Ultralytics oriented boxes (a line of 4 corners, apart from `yolo`, which reads 9 numbers as a polygon), `yoloClassify` Ultralytics classification folders and `imagenet` ImageNet-style class folders (the pictures' folders name their classes), `lossless` our own JSON. */
export const IMPORT_FORMATS = ['coco', 'yolo', 'yoloObb', 'yoloClassify', 'voc', 'segmentationMask', 'mot', 'cvat', 'cvatVideo', 'labelme', 'labelStudio', 'datumaro', 'kitti', 'imagenet', 'lossless'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const ImportFormat = literals(IMPORT_FORMATS);

/** What becomes of the objects a matched frame already has: replaced by the file's, or kept with the file's added. */
export const ImportMode = Type.Union([Type.Literal('replace'), Type.Literal('append')]);
export type ImportMode = Static<typeof ImportMode>;

export const IMPORT_LIMITS = {
  /** the largest zip an import reads (1 GiB) */
  zipBytes: 1024 ** 3,
  /**
   * what the files the format reads (its JSON, XML, YAML and label texts; never the images) may
   * unpack to in all, and one of them at most (a JSON or XML text must fit in one string); counted
   * in the bytes that really come out, not the sizes the zip states. They are held in memory
   * while read, so the total bounds an import's memory.
   */
  unpackedBytes: 1024 ** 3,
  entryBytes: 512 * 1024 ** 2,
  /** entries (files and folders) in the zip's directory */
  entries: 1_000_000,
  /** names and ids listed per kind in the answer; the counts are always complete */
  listed: 100,
} as const;

export const ProjectImportBody = Type.Object(
  {
    projectId: Id,
    /** the task whose task subjects receive the annotations */
    taskId: Id,
    format: ImportFormat,
    /** the zip's object key, uploaded before (`user/<me>/...`, `dataset/<projectId>/...`, or an export the caller may read) */
    key: Type.String({ minLength: 1, maxLength: 1024 }),
    /** default true: answer what the import would do and write nothing */
    dryRun: Type.Optional(Type.Boolean()),
    /** the confirmation that labels the ontology lacks may be created (default false: they are refused) */
    createMissingLabels: Type.Optional(Type.Boolean()),
    /** default append: nothing the frames hold is lost unless asked */
    mode: Type.Optional(ImportMode),
  },
  closed,
);
export type ProjectImportBody = Static<typeof ProjectImportBody>;

/** A label as the import names it: by name, with its tool and the feature it lives (or will live) in. */
export const ImportLabel = Type.Object({ name: Type.String(), tool: OntologyTool, featureName: Type.String() });
export type ImportLabel = Static<typeof ImportLabel>;
export const ImportFeature = Type.Object({ name: Type.String(), tool: OntologyTool });
export type ImportFeature = Static<typeof ImportFeature>;

/** A count and the first IMPORT_LIMITS.listed of what it counts. */
const Listed = <T extends TSchema>(item: T) =>
  Type.Object({ count: Type.Integer(), list: Type.Array(item) });
const Counts = Type.Record(Type.String(), Type.Integer());

export const ProjectImportResult = Type.Object({
  format: ImportFormat,
  mode: ImportMode,
  dryRun: Type.Boolean(),
  /** whether anything was stored: labels created or frames written */
  written: Type.Boolean(),
  /** frames the zip describes (an image is one) */
  files: Type.Integer(),
  /** what was (or, in a dry run, would be) written */
  matched: Type.Object({ subjects: Type.Integer(), frames: Type.Integer(), objects: Type.Integer(), classifications: Type.Integer() }),
  /** files no frame of the project is named like */
  unmatchedFiles: Listed(Type.String()),
  /** files several frames are named like: written nowhere */
  ambiguousFiles: Listed(Type.Object({ fileName: Type.String(), frames: Type.Integer() })),
  /** labels the objects use that the ontology lacks (before this import created any), with the feature they go into */
  labelsMissing: Type.Array(ImportLabel),
  /** features that go with them: a feature the file names, one for a tool the ontology lacks, a lossless feature recreated */
  featuresMissing: Type.Array(ImportFeature),
  /** what this import created */
  labelsCreated: Type.Array(Type.Object({ ...ImportLabel.properties, featureId: Type.Integer(), labelId: Type.String() })),
  featuresCreated: Type.Array(Type.Object({ ...ImportFeature.properties, featureId: Type.Integer() })),
  /** task subjects left alone because a worker holds them (claimed or in progress) */
  heldTaskSubjects: Listed(Type.Integer()),
  /** subjects (dataIds) that matched files but are not in the task */
  subjectsNotInTask: Listed(Type.Integer()),
  /** objects and classifications left out, by reason (labelMissing, invalidLabelName, unknownLabel, unknownSize, invalidGeometry, noKeypoints, frameFull, noPixels) */
  skippedObjects: Counts,
  /** attribute answers left out, by reason (unknownAttribute, invalidValue) and keypoints not in the skeleton (unknownKeypoint) */
  droppedAnswers: Counts,
  /** what the format reader noticed (RLE masks, label files without a size) */
  warnings: Listed(Type.String()),
});
export type ProjectImportResult = Static<typeof ProjectImportResult>;

const base = { tag: 'Project', auth: true } as const;

/** The ProjectImport routes of the spec's section 7. */
export const projectImportRoutes = {
  importAnnotations: defineRoute({
    ...base,
    method: 'POST',
    path: '/project/external/import',
    access: projectIdRule('project.export', 'body'),
    summary:
      'Import annotations from a zip (COCO, YOLO, Pascal VOC, PNG segmentation masks, MOT 1.1 or our lossless JSON) uploaded before, onto the task subjects of a task, ' +
      'matching files to frames by file name (MOT: sequences to items by name, frame numbers to their frames). A dry run (the default) answers what would happen; labels the ontology lacks are created ' +
      'only with createMissingLabels (else 409 import.labelsMissing). See docs/imports.md.',
    body: ProjectImportBody,
    data: ProjectImportResult,
  }),
} as const;
