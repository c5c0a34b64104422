/** Texts of the invite routes' error keys (src-shared/api/errorKeys/invite.ts), in both languages. */
export const inviteErrorsZh = {
  codeNotFound: '邀请码不存在，请检查后重新输入',
  codeClosed: '该邀请码已关闭，请联系团队管理员',
  alreadyMember: '你已经是该团队的成员',
  vendorJoinForbidden: '只有当前团队的所有者或管理员才能让团队成为供应商',
  alreadyPending: '已向该手机号发出邀请，正在等待对方处理',
  nothingInvited: '没有可以邀请的手机号：他们已是成员或已有待处理的邀请',
  tooManyInvitations: '今天发出的邀请太多，请明天再试',
  invitationNotFound: '邀请不存在，或不是发给你的',
  invitationNotPending: '该邀请已被处理，不能再操作',
};

export const inviteErrorsEn: Record<keyof typeof inviteErrorsZh, string> = {
  codeNotFound: 'No such invitation code. Check it and try again.',
  codeClosed: 'This invitation code is closed. Ask the team\'s admin.',
  alreadyMember: 'You are already a member of this team.',
  vendorJoinForbidden: 'Only the owner or an admin of your current team can make it a vendor.',
  alreadyPending: 'This number already has an invitation waiting for an answer.',
  nothingInvited: 'Nobody to invite: every number is already a member or has a pending invitation.',
  tooManyInvitations: 'Too many invitations were sent today. Try again tomorrow.',
  invitationNotFound: 'This invitation does not exist, or it is not addressed to you.',
  invitationNotPending: 'This invitation has already been answered or cancelled.',
};
