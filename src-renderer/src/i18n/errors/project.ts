/** Texts of the project routes' error keys (src-shared/api/errorKeys/project.ts), in both languages. */
export const projectErrorsZh = {
  notFound: '项目不存在，或你没有查看它的权限',
  nameTaken: '团队里已有同名项目，请换一个名称',
  vendorShareForbidden: '只有团队负责人和管理员可以把项目共享给供应商',
  vendorNotFound: '所选供应商不是本团队的供应商',
  userNotFound: '所选用户不在可加入此项目的团队中',
  memberNotFound: '所选用户不是此项目的成员',
  vendorMemberOnly: '你只能管理自己供应商团队的成员',
  roleAboveOwn: '你不能授予比自己权限更高的项目角色（{{role}}）',
  configTooLarge: '项目配置太大（最多 64 KB）',
  settingOutOfRange: '工作包设置超出范围：每包条数为 1 到 1000，租期为 1 到 168 小时',
  rejectReasonTaken: '此项目已有相同的驳回原因',
  rejectReasonLimit: '此项目的驳回原因已达上限（200 条）',
  rejectReasonNotFound: '此驳回原因不存在，或不属于此项目',
  typeLocked: '项目已有数据，不能再更改类型',
};

export const projectErrorsEn: Record<keyof typeof projectErrorsZh, string> = {
  notFound: 'This project does not exist, or you may not see it.',
  nameTaken: 'Your team already has a project with this name; choose another one.',
  vendorShareForbidden: 'Only the team owner and admins can share a project with vendors.',
  vendorNotFound: 'A chosen vendor is not one of your team\'s vendors.',
  userNotFound: 'A chosen user is not in a team whose members can join this project.',
  memberNotFound: 'A chosen user is not a member of this project.',
  vendorMemberOnly: 'You can only manage members of your own vendor team.',
  roleAboveOwn: 'You cannot give a project role with rights you do not have yourself ({{role}}).',
  configTooLarge: 'The project settings are too large (at most 64 KB).',
  settingOutOfRange: 'A work package setting is out of range: package size 1 to 1,000 items, lease 1 to 168 hours.',
  rejectReasonTaken: 'This project already has this reject reason.',
  rejectReasonLimit: 'This project has the most reject reasons allowed (200).',
  rejectReasonNotFound: 'This reject reason does not exist or belongs to another project.',
  typeLocked: 'The project already has data, so its type can no longer change.',
};
