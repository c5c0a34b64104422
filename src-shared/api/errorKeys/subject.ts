/** Error keys of the subject routes and their codes; translations: src-renderer/src/i18n/errors/subject.ts */
export const SUBJECT_ERROR_KEYS = {} as const;
