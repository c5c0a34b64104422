/** Texts of the team routes' error keys (src-shared/api/errorKeys/team.ts), in both languages. */
export const teamErrorsZh = {
  notFound: '团队不存在，或你不是它的成员',
  noCurrentTeam: '请先选择或加入一个团队',
  memberNotFound: '该用户不是本团队的成员',
  ownerProtected: '不能移除团队所有者或修改其角色，请先转让团队',
  alreadyOwner: '该成员已经是团队所有者',
};

export const teamErrorsEn: Record<keyof typeof teamErrorsZh, string> = {
  notFound: 'This team does not exist, or you are not a member of it.',
  noCurrentTeam: 'Choose or join a team first.',
  memberNotFound: 'This user is not a member of the team.',
  ownerProtected: 'The team owner cannot be removed or given another role. Transfer the team first.',
  alreadyOwner: 'This member already owns the team.',
};
