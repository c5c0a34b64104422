/**
 * What each export format keeps of a frame's objects, in one place: the writers decide with it,
 * the export dialog's description lists its tools, and the dialog's count counts with it, so
 * "would export 22 objects" for a Pascal VOC of 13 boxes cannot happen again (issue 31).
 */
import type { ExportFormatName } from '../../../src-shared/api/export';
import type { AnnotationObject, AnnotationTool } from '../../../src-shared/model/annotation';
import { ANNOTATION_TOOLS } from '../../../src-shared/model/annotation';

/** The drawing tools each format keeps (docs/export-formats.md); the others are left out and counted by tool. */
export const FORMAT_TOOLS: Readonly<Record<ExportFormatName, readonly AnnotationTool[]>> = {
  coco: ['box', 'polygon', 'keypoints'],
  yoloDetect: ['box'],
  yoloSegment: ['polygon'],
  yoloPose: ['keypoints'],
  voc: ['box'],
  lossless: ANNOTATION_TOOLS,
};

/** Formats whose coordinates are fractions of the picture: a frame of unknown size gets no objects. */
const NEEDS_SIZE: ReadonlySet<ExportFormatName> = new Set(['yoloDetect', 'yoloSegment', 'yoloPose']);

/**
 * Why the format leaves this object out (the reason its report counts: `unknownSize`,
 * `unknownLabel`, or the tool), or null when it keeps it. `known`: the object's label is in the
 * ontology (lossless keeps every object as stored, known or not).
 */
export function leftOutBecause(format: ExportFormatName, o: Pick<AnnotationObject, 'tool'>, frame: { width: number | null; height: number | null }, known: boolean): string | null {
  if (format === 'lossless') return null;
  if (NEEDS_SIZE.has(format) && (!frame.width || !frame.height)) return 'unknownSize';
  if (!known) return 'unknownLabel';
  return FORMAT_TOOLS[format].includes(o.tool) ? null : o.tool;
}
