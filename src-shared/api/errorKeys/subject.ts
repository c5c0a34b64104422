/** Error keys of the subject routes and their codes; translations: src-renderer/src/i18n/errors/subject.ts */
export const SUBJECT_ERROR_KEYS = {
  'subject.notFound': 404,
  /** an image subject needs exactly one frame */
  'subject.imageFrameCount': 400,
  'subject.tooManyFrames': 400,
  /** a video subject names exactly one file; data: { indexes, count } */
  'subject.videoFileCount': 400,
  /** videos go into frame projects only; data: { indexes, count } */
  'subject.videoNeedsFrameProject': 400,
  /** more video files than one call probes; data: { max, given } */
  'subject.tooManyVideos': 400,
  /** the call's videos, split as asked, make more frame rows than one call writes; data: { max, given } */
  'subject.tooManyVideoFrames': 400,
  /** the split's overlap is not shorter than an item: data { overlap, index } (the file it failed on) */
  'subject.videoSplitOverlap': 400,
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
