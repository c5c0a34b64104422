/** Error keys of the project routes and their codes; translations: src-renderer/src/i18n/errors/project.ts */
export const PROJECT_ERROR_KEYS = {
  'project.notFound': 404,
} as const;
