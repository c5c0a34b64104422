/** Texts of the vendor routes' error keys (src-shared/api/errorKeys/vendor.ts), in both languages. */
export const vendorErrorsZh = {
  notFound: '供应商不存在，或不属于当前团队',
  teamNotFound: '团队不存在，或你不是它的成员',
  notVendorAdmin: '只有该团队的所有者或管理员才能让它成为供应商',
  ownTeam: '团队不能成为自己的供应商',
  alreadyEngaged: '该团队已经是供应商',
};

export const vendorErrorsEn: Record<keyof typeof vendorErrorsZh, string> = {
  notFound: 'This vendor does not exist, or it is not a vendor of the current team.',
  teamNotFound: 'This team does not exist, or you are not a member of it.',
  notVendorAdmin: 'Only the owner or an admin of that team can make it a vendor.',
  ownTeam: 'A team cannot be its own vendor.',
  alreadyEngaged: 'This team is already a vendor.',
};
