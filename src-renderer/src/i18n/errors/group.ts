/** Texts of the group routes' error keys (src-shared/api/errorKeys/group.ts), in both languages. */
export const groupErrorsZh = {
  notFound: '分组不存在，或不属于当前团队',
  nameTaken: '团队中已有同名分组',
  notTeamMembers: '只能把本团队的成员加入分组',
};

export const groupErrorsEn: Record<keyof typeof groupErrorsZh, string> = {
  notFound: 'This group does not exist or belongs to another team.',
  nameTaken: 'The team already has a group with this name.',
  notTeamMembers: 'Only members of the team can be put in its groups.',
};
