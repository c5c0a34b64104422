/** Texts of the team routes' error keys (src-shared/api/errorKeys/team.ts), in both languages. */
export const teamErrorsZh = {
  notFound: '团队不存在，或你不是它的成员',
  noCurrentTeam: '请先选择或加入一个团队',
};

export const teamErrorsEn: Record<keyof typeof teamErrorsZh, string> = {
  notFound: 'This team does not exist, or you are not a member of it.',
  noCurrentTeam: 'Choose or join a team first.',
};
