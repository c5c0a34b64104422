/**
 * What each export format keeps of a frame's objects, in one place: the writers decide with it,
 * the export dialog's description lists its tools, and the dialog's count counts with it, so
 * "would export 22 objects" for a Pascal VOC of 13 boxes cannot happen again (issue 31).
 */
import { cocoMaskForm, keepsAsStored, type ExportFormatName, type ExportOptions } from '../../../src-shared/api/export';
import type { AnnotationObject, AnnotationTool } from '../../../src-shared/model/annotation';
import { ANNOTATION_TOOLS } from '../../../src-shared/model/annotation';

/** The drawing tools each format keeps (docs/export-formats.md); the others are left out and counted by tool. */
export const FORMAT_TOOLS: Readonly<Record<ExportFormatName, readonly AnnotationTool[]>> = {
  coco: ['box', 'polygon', 'keypoints', 'mask'],
  yoloDetect: ['box'],
  yoloSegment: ['polygon', 'mask'],
  yoloPose: ['keypoints'],
  // every box, rotated or not, as its four corners
  yoloObb: ['box'],
  // the pictures filed by class: frame classifications only, no drawn object (classFolderLayout.ts)
  yoloClassify: [],
  voc: ['box'],
  // As CVAT's "Segmentation mask": polygons and boxes are painted in as masks are.
  segmentationMask: ['mask', 'polygon', 'box'],
  mot: ['box'],
  // CVAT's cuboid is a box in two faces, ours eight free corners: left out.
  cvat: ['box', 'polygon', 'polyline', 'point', 'keypoints', 'mask'],
  cvatVideo: ['box', 'polygon', 'polyline', 'point', 'keypoints', 'mask'],
  labelme: ['box', 'polygon', 'polyline', 'point', 'mask'],
  labelStudio: ['box', 'polygon', 'point', 'mask'],
  datumaro: ['box', 'polygon', 'polyline', 'point', 'keypoints', 'mask'],
  kitti: ['box'],
  imagenet: [],
  lossless: ANNOTATION_TOOLS,
  project: ANNOTATION_TOOLS,
};

/** Formats whose coordinates are fractions of the picture, or pictures of its size: a frame of unknown size gets no objects. */
const NEEDS_SIZE: ReadonlySet<ExportFormatName> = new Set(['yoloDetect', 'yoloSegment', 'yoloPose', 'yoloObb', 'segmentationMask', 'labelStudio']);

/**
 * Why the format leaves this object out (the reason its report counts: `unknownSize`,
 * `unknownLabel`, or the tool), or null when it keeps it. `known`: the object's label is in the
 * ontology (lossless keeps every object as stored, known or not). COCO's run-length masks cover
 * the whole image, so they need its size too (polygons do not).
 */
export function leftOutBecause(format: ExportFormatName, o: Pick<AnnotationObject, 'tool'>, frame: { width: number | null; height: number | null }, known: boolean, options: ExportOptions = {}): string | null {
  if (keepsAsStored(format)) return null;
  const sized = !!frame.width && !!frame.height;
  if (NEEDS_SIZE.has(format) && !sized) return 'unknownSize';
  if (!known) return 'unknownLabel';
  if (!FORMAT_TOOLS[format].includes(o.tool)) return o.tool;
  if (format === 'coco' && o.tool === 'mask' && !sized && cocoMaskForm(options) === 'rle') return 'unknownSize';
  if (format === 'datumaro' && o.tool === 'mask' && !sized) return 'unknownSize';
  return null;
}
