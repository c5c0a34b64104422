/**
 * What the format codecs take and give. Writers stream: they pull ExportItems one at a time and
 * push zip entries into a ZipSink, so the export job chooses the zip library and where the zip
 * goes. Readers take the zip's entries and answer a neutral structure that names labels by NAME
 * (a foreign file knows nothing of our label ids); the import job maps names to the ontology.
 */
import type { ExportWarning } from '../../../src-shared/api/export';
import type { AnnotationObject, FrameData, KeypointsGeometry } from '../../../src-shared/model/annotation';
import type { OntologyFeature } from '../../../src-shared/model/ontology';
import type { Static } from 'typebox';

/** The project's ontology as the writers need it: its features in their display order. */
export interface ExportOntology {
  features: readonly OntologyFeature[];
}

export interface ExportFrame {
  frameId: number;
  /** position of the frame in its subject (0 for a single image) */
  index: number;
  fileName: string;
  /** null when the media was never probed; see each format for what it does then */
  width: number | null;
  height: number | null;
  data: FrameData;
  /** where the frame's file is in the object store (the export job copies it when asked) */
  objectKey?: string;
  /**
   * The frame's objects that belong to a track, by object id: true where the track has a stored
   * keyframe, false where it is carried between keyframes (resolveTracks.ts sets it for the
   * formats that list each frame's objects; absent: no object of the frame is a track's).
   */
  tracks?: ReadonlyMap<string, boolean>;
}

/** Where the exported annotations come from: the subject's task subject, as it stood. */
export interface ExportTaskSubject {
  taskSubjectId: number;
  taskId: number;
  workflowId: number;
  stepIndex: number;
  state: string;
  version: number;
  updatedAt: number;
}

/** A note on the subject, as the lossless format keeps it. */
export interface ExportNote {
  id: number;
  taskSubjectId: number | null;
  frameId: number | null;
  objectId: string | null;
  labelId: number | null;
  /** names beside the ids, for a person reading the file (null when the label or user is gone) */
  labelName: string | null;
  content: string;
  status: string;
  createdBy: number;
  createdByName: string | null;
  createdAt: number;
  resolvedBy: number | null;
  resolvedByName: string | null;
  resolvedAt: number | null;
}

/** A review verdict on the task subject (a pass or a reject at a review step), from its log. */
export interface ExportReview {
  action: 'pass' | 'reject';
  workflowId: number;
  /** names beside the ids, for a person reading the file (null when the step, user or reason is gone) */
  stepName: string | null;
  stepIndex: number;
  userId: number;
  userName: string | null;
  reason: string;
  rejectReasonIds: number[];
  /** the catalogue reasons' texts, in rejectReasonIds' order */
  rejectReasons: (string | null)[];
  at: number;
}

/** One subject of the project: an image (one frame), a sequence of frames, or a video item's frames. */
export interface ExportItem {
  dataId: number;
  name: string;
  recordType: 'image' | 'frame' | 'video';
  frames: readonly ExportFrame[];
  /** Video items: the file's frame number of the item's frame 0 (docs/video.md, "Frame numbers"), which formats that number frames (MOT) count from; absent: 0. */
  firstFrame?: number;
  /** only in lossless exports: the batch the subject is in, its task subject, its notes and review verdicts */
  batchId?: number;
  taskSubject?: ExportTaskSubject | null;
  notes?: readonly ExportNote[];
  reviews?: readonly ExportReview[];
}

/** Items as the export job yields them: an async generator over a database cursor, or a plain list. */
export type ItemSource = AsyncIterable<ExportItem> | Iterable<ExportItem>;

/**
 * Where writers put zip entries. `add` resolves once the sink has consumed the content, so a
 * writer that awaits it never runs ahead of the zip (memory stays flat however many items).
 */
export interface ZipSink {
  /** `store`: the content is compressed already (PNG), so the zip keeps it as it is */
  add(path: string, content: string | Buffer | AsyncIterable<string | Buffer>, options?: { store?: boolean }): Promise<void>;
}

/** What a writer did, for the export job to show: counts, and why objects were left out. */
export interface ExportReport {
  format: string;
  frames: number;
  objectsWritten: number;
  /** objects left out, by reason (`polyline`, `cuboid`, `rotatedBoxFlattened`…), and answers the ontology no longer knows (`unknownAttribute`, `unknownOption`) */
  skipped: Record<string, number>;
  /** codes the workstation words in the user's language */
  warnings: ExportWarning[];
}

/** The zip's files by path, as a reader takes them. */
export type ZipEntries = ReadonlyMap<string, Buffer>;

export interface ImportedKeypoint {
  /** the skeleton point's name (COCO category keypoints), or its index as text when the format has no names */
  name: string;
  x: number;
  y: number;
  visibility: Static<typeof KeypointsGeometry>['points'][number]['visibility'];
}

type DrawnObject = AnnotationObject extends infer O ? (O extends AnnotationObject ? O : never) : never;
type WithoutIds<O> = O extends unknown ? Omit<O, 'id' | 'featureId' | 'labelId' | 'zIndex' | 'source' | 'hidden' | 'locked' | 'attributes'> : never;
type ImportedShape =
  | Exclude<WithoutIds<DrawnObject>, { tool: 'keypoints' }>
  | { tool: 'keypoints'; geometry: { points: ImportedKeypoint[] } };

/**
 * The track an imported object belongs to (MOT's track id, COCO's `attributes.track_id`): its key
 * in the file (tracks are told apart per item), and whether the file marks the object as one of
 * the track's keyframes (COCO `attributes.keyframe`; absent: the file does not say).
 */
export interface ImportedTrack {
  key: string;
  keyframe?: boolean;
}

/** An object as a foreign file describes it: a shape, a label name, and the answers the format kept. */
export type ImportedObject = ImportedShape & {
  label: string;
  /** the object is the track's shape on its frame */
  track?: ImportedTrack;
  /** the feature's name where the format keeps it (COCO supercategory) */
  featureName?: string;
  attributes: Record<string, unknown>;
  /** COCO: the polygons of one annotation share it, so that a mask feature takes them as one mask */
  group?: string;
  /**
   * YOLO OBB: this polygon is the four corners of a rotated box, in fractions of the picture;
   * the import turns it into a box once in pixels (src-server/imports/orientedBox.ts). Only on
   * polygons of four points.
   */
  oriented?: true;
};

/** A label on the whole frame with its answers by name (CVAT's `<tag>`): a classification, its feature found by the label's name. */
export interface ImportedTag {
  label: string;
  attributes: Record<string, unknown>;
}

export interface ImportedFrame {
  fileName: string;
  width: number | null;
  height: number | null;
  objects: ImportedObject[];
  /** the frame's classification answers by name, where the format has them (COCO image, VOC annotation, YOLO sidecar) */
  attributes?: Record<string, unknown>;
  /** CVAT: the frame's tags */
  tags?: ImportedTag[];
  /** the size of the picture its masks are in whole pixels of (PNG masks, COCO RLE), and the file that says so: the frame it is matched to must have it */
  maskSize?: { width: number; height: number; file: string };
  /** MOT: the frame is named by its sequence and number, not by a file (matched to an item's frame: sequenceMatch.ts) */
  sequence?: SequenceFrameRef;
}

/** A frame of a MOT sequence: the folder holding gt/ ('' at the zip's root), its gt.txt, the frame number (from 1) and the first line naming it. */
export interface SequenceFrameRef {
  folder: string;
  file: string;
  frame: number;
  line: number;
}

/** One file of the foreign dataset; the formats without sequences answer one frame per item. */
export interface ImportedItem {
  name: string;
  frames: ImportedFrame[];
}

export interface ImportResult {
  items: ImportedItem[];
  /** every label name the file uses, in first-seen order: the caller offers to create the missing ones */
  labelNames: string[];
  warnings: string[];
}
