/** Error keys of the team routes and their codes; translations: src-renderer/src/i18n/errors/team.ts */
export const TEAM_ERROR_KEYS = {
  'team.notFound': 404,
  'team.noCurrentTeam': 409,
  'team.memberNotFound': 404,
  'team.ownerProtected': 409,
  'team.alreadyOwner': 409,
} as const;
