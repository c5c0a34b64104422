/** Error keys of the group routes and their codes; translations: src-renderer/src/i18n/errors/group.ts */
export const GROUP_ERROR_KEYS = {
  'group.notFound': 404,
  'group.nameTaken': 409,
  'group.notTeamMembers': 400,
} as const;
