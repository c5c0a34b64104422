/** Error keys of the note routes and their codes; translations: src-renderer/src/i18n/errors/note.ts */
export const NOTE_ERROR_KEYS = {
  /** notes that do not exist or are in projects the caller may not see; data: { ids } when several */
  'note.notFound': 404,
  /** only the author or someone who manages notes (project.note.manage) deletes a note; data: { ids } */
  'note.notAuthor': 403,
  /** the dataId is not a subject of the project */
  'note.subjectNotFound': 404,
  /** the task subject is not of that subject in the project */
  'note.taskSubjectNotFound': 404,
  /** the frame is not a frame of the subject */
  'note.frameNotFound': 404,
  /** no such note label in the project */
  'note.labelNotFound': 404,
  /** note label names are unique within a project */
  'note.labelTaken': 409,
  /** a project has at most NOTE_LABELS_MAX note labels */
  'note.labelLimit': 409,
} as const;
