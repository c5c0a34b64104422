/** Error keys of the annotation import (and of the format readers' FormatError codes); translations: src-renderer/src/i18n/errors/import.ts */
export const IMPORT_ERROR_KEYS = {
  /** a file of the zip does not hold what the format says; data: { file, line? | field?, message } */
  'import.badFormat': 400,
  /** the format needs a file the zip lacks; data: { file, looksLike? (the format the zip seems to be in) } */
  'import.missingFile': 400,
  /** written by a newer version of the format than this server reads; data: { file, field, version } */
  'import.unsupportedVersion': 400,
  /** the object is not a zip, or a damaged one; data: { message } */
  'import.badZip': 400,
  /** the zip holds no files */
  'import.emptyZip': 400,
  /** the zip, or what it unpacks to, is larger than the import reads; data: { limit: 'zip' | 'unpacked' | 'entry' | 'entries' | 'memory' | 'time', max, file? } */
  'import.zipTooLarge': 413,
  /** the server is reading as many imports as it reads at once and as many wait already; data: { running, waiting } */
  'import.busy': 503,
  /** no object at the key */
  'import.zipNotFound': 404,
  /** a mask's run-length is cut short or does not cover the size it states (COCO RLE); data: { file, field, message } */
  'import.badMask': 400,
  /** a PNG mask is not the size of the frame it is matched to (nor a COCO mask's size its image's); data: { file, width, height, frameWidth, frameHeight } */
  'import.maskSize': 400,
  /** a PNG mask holds a colour its label map does not name, or an instance over no labelled pixel; data: { file, color } */
  'import.maskColor': 400,
  /** a MOT line names a frame its item does not have; data: { file, line, frame, frames (the item's), firstFrame (the item's first frame number), item (its name) } */
  'import.frameOutOfRange': 400,
  /** the objects use labels the ontology lacks and creating them was not confirmed; data: { labels: [{ name, tool, featureName }], features: [{ name, tool }] } */
  'import.labelsMissing': 409,
} as const;
