/**
 * What an import reads out of a zip, whatever its format: frames named by file, their objects
 * with labels by NAME, and for our lossless format what the objects were (ids, drawing order,
 * source) and the file's own feature definitions, so ids can be mapped by name where the target
 * ontology differs.
 */
import type { FrameClassification, ObjectSource } from '../../src-shared/model/annotation';
import type { OntologyFeature } from '../../src-shared/model/ontology';
import type { ImportedObject, SequenceFrameRef } from '../exports/formats';

/** What the lossless format keeps of an object beyond its shape, label and answers. */
export interface KeptObject {
  id: string;
  zIndex: number;
  hidden?: boolean;
  locked?: boolean;
  source: ObjectSource;
}

export type SourceObject = ImportedObject & {
  kept?: KeptObject;
  /** the tool the target ontology holds the label under, when not the file's shape's (chooseTools.ts); the shape is converted once the frame is known */
  asTool?: 'mask' | 'polygon' | 'box';
  /** lossless: the file's feature the object belonged to (its attribute and option ids) */
  sourceFeature?: OntologyFeature;
  /**
   * The object is a keyframe of the track with this object id (`outside`: where the track leaves
   * view): lossless keeps its own; MOT and COCO tracks get theirs once built (sequenceTracks.ts).
   */
  keyframeOf?: { id: string; outside?: true };
};

/**
 * A frame-level classification answer: lossless keeps each whole (its feature, id and source);
 * a CVAT tag is a label by name with answers by name, its feature whichever has the label.
 */
export interface SourceClassification {
  /** lossless: the feature's name; a tag has none */
  featureName?: string;
  /** the label's name, when the answer has a label */
  label?: string;
  attributes: Record<string, unknown>;
  /** lossless only */
  kept?: Pick<FrameClassification, 'id' | 'source'>;
  /** lossless only */
  sourceFeature?: OntologyFeature;
}

export interface SourceFrame {
  fileName: string;
  objects: SourceObject[];
  classifications: SourceClassification[];
  /** COCO, VOC, YOLO: the frame's classification answers by name (attributeKeys.ts), resolved against the target's classification features */
  namedClassifications?: Record<string, unknown>;
  /** YOLO: coordinates are fractions of the frame's size, scaled once the frame is known */
  normalised: boolean;
  /** PNG masks, COCO RLE: the picture's size the masks are in pixels of; the matched frame must be that size (checkMaskSizes.ts) */
  maskSize?: { width: number; height: number; file: string };
  /** lossless: the frame's whole content, classifications included, with objects' own drawing order */
  complete: boolean;
  /** MOT: the frame is its sequence's frame of this number, matched to an item's frame (sequenceMatch.ts), not by file name */
  sequence?: SequenceFrameRef;
  /** lossless: the item and frame it was exported from, and the task its annotations were in (a whole-project archive's import places it by these) */
  origin?: { dataId: number; index: number; taskId: number | null };
}

export interface SourceImport {
  frames: SourceFrame[];
  warnings: string[];
  /** objects the reader could not name (lossless objects pointing at labels its own ontology lacks), by reason */
  skipped: Record<string, number>;
}
