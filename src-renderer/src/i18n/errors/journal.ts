import type { JournalErrorCode } from '../../../../src-shared/ipc/journal';

/** Texts of the annotation journal's failures (src-shared/ipc/journal.ts), in both languages. */
export const journalErrorsZh: Record<JournalErrorCode, string> = {
  JOURNAL_NOT_OPEN: '这条数据还没有在本机打开，无法记录修改，请重新打开它',
  JOURNAL_OFFLINE: '连不上服务器：修改已存在本机，恢复连接后会自动同步，之后再提交',
  JOURNAL_CONFLICT: '其他人修改了这条数据，请先决定保留谁的修改',
  JOURNAL_REFUSED: '服务器拒绝了这些修改，它们仍保留在本机',
  JOURNAL_SIGNED_OUT: '登录已失效：修改已存在本机，重新登录后会自动同步',
  JOURNAL_OTHER_USER: '这些修改属于另一位用户，等他登录后才会同步',
  JOURNAL_TIMEOUT: '修改还在同步中，请稍后再提交',
  JOURNAL_PENDING: '还有修改没有同步到服务器',
};

export const journalErrorsEn: Record<JournalErrorCode, string> = {
  JOURNAL_NOT_OPEN: 'This item is not open on this computer, so its changes cannot be recorded; open it again',
  JOURNAL_OFFLINE: 'The server cannot be reached: your changes are kept on this computer and sync when it is back; submit then',
  JOURNAL_CONFLICT: 'Someone else changed this item; decide whose changes to keep first',
  JOURNAL_REFUSED: 'The server refused these changes; they are still kept on this computer',
  JOURNAL_SIGNED_OUT: 'Your session has ended: changes are kept on this computer and sync once you sign in again',
  JOURNAL_OTHER_USER: 'These changes belong to another user and sync when they sign in',
  JOURNAL_TIMEOUT: 'Your changes are still being sent; submit again in a moment',
  JOURNAL_PENDING: 'Some changes are not on the server yet',
};
