import type { PackageErrorCode } from '../../../../src-shared/ipc/packages';

/** Texts of the work packages' failures on the workstation (src-shared/ipc/packages.ts), in both languages. */
export const packageErrorsZh: Record<PackageErrorCode, string> = {
  PACKAGE_NOT_FOUND: '本机没有这个工作包（可能已退回或已取消）',
  PACKAGE_ITEM_NOT_FOUND: '这条数据已不在工作包中（可能已退回或已提交）',
  PACKAGE_OFFLINE: '连不上服务器：领取和退回工作包需要网络，已下载的数据仍可离线处理',
  PACKAGE_SIGNED_OUT: '登录已失效，请重新登录后再领取或退回工作包',
  PACKAGE_FRAME_MISMATCH: '工作包中有图片文件损坏或不完整，恢复下载后会重新获取',
  PACKAGE_OTHER_USER: '这个工作包属于本机的另一位用户',
  PACKAGE_FRAME_NOT_READY: '这张图片还没有下载到本机，下载完成后即可查看',
  PACKAGE_CONTEXT_MISSING: '这个工作包的项目设置（标签、步骤、驳回原因）还没有保存到本机，连上服务器后会自动获取',
  PACKAGE_LOST_NOT_FOUND: '这条随租约失去的数据已不在本机（可能已经移除）',
  PACKAGE_LOST_NONE: '没有可导出的随租约失去的数据',
};

export const packageErrorsEn: Record<PackageErrorCode, string> = {
  PACKAGE_NOT_FOUND: 'This work package is not on this computer (it may have been given back or cancelled).',
  PACKAGE_ITEM_NOT_FOUND: 'This item is no longer in the work package (it may have been given back or handed on).',
  PACKAGE_OFFLINE: 'The server cannot be reached: taking and giving back packages need it; items already downloaded can still be worked on offline.',
  PACKAGE_SIGNED_OUT: 'Your session has ended; sign in again to take or give back a work package.',
  PACKAGE_FRAME_MISMATCH: 'Some picture files of the work package are damaged or incomplete; resume the download to fetch them again.',
  PACKAGE_OTHER_USER: 'This work package belongs to another user of this computer.',
  PACKAGE_FRAME_NOT_READY: 'This picture is not on this computer yet; it can be viewed once its download is done.',
  PACKAGE_CONTEXT_MISSING: 'The project settings of this work package (labels, steps, reject reasons) are not on this computer yet; they are fetched once the server can be reached.',
  PACKAGE_LOST_NOT_FOUND: 'This item lost with the lease is no longer on this computer (it may have been dismissed).',
  PACKAGE_LOST_NONE: 'There is no item lost with the lease to export.',
};
