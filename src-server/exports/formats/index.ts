/** The format codecs, for the export and import jobs: one writer and one reader per format. */
export { buildCategories, type Category } from './categories';
export { readCoco } from './cocoReader';
export { COCO_PATH, writeCoco, type CocoOptions } from './cocoWriter';
export { FormatError } from './formatError';
export { LOSSLESS_FILES, LOSSLESS_VERSION, readLossless, writeLossless, type LosslessImport } from './losslessJson';
export type * from './types';
export { readSegmentationMasks } from './segmentationMaskReader';
export { SEGMENTATION_CLASS, SEGMENTATION_OBJECT, SEGMENTATION_SET, writeSegmentationMasks } from './segmentationMaskWriter';
export { LABELMAP_FILE } from './labelMap';
export { readMot } from './motReader';
export { writeMot } from './motWriter';
export { readVoc } from './vocReader';
export { VOC_IMAGE_SET, writeVoc } from './vocWriter';
export { readYolo, type YoloReadOptions } from './yoloReader';
export { writeYolo, type YoloMode } from './yoloWriter';
export { findEntry, zipEntries } from './zipEntries';
export { contentToBuffer, yazlSink } from './zipSinks';
