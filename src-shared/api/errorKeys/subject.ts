/** Error keys of the subject routes and their codes; translations: src-renderer/src/i18n/errors/subject.ts */
export const SUBJECT_ERROR_KEYS = {
  'subject.notFound': 404,
  /** an image subject needs exactly one frame */
  'subject.imageFrameCount': 400,
  'subject.tooManyFrames': 400,
  /** a key that is not a valid object key (absolute, `..`, control characters, wrong prefix) */
  'subject.badKey': 400,
  /** a key outside dataset/<projectId>/ of the project imported into */
  'subject.keyOutsideProject': 400,
  'subject.fileMissing': 400,
  'subject.fileSizeMismatch': 400,
  /** a sample asks for exactly one of size and ratio */
  'subject.sampleSizeOrRatio': 400,
  'subject.sampleTooLarge': 400,
} as const;
