/** Texts of the log-upload error keys (src-shared/api/errorKeys/log.ts), in both languages. */
export const logErrorsZh = {
  keyNotYours: '只能登记自己日志文件夹中的日志包',
  objectMissing: '对象存储中没有这个日志包，请先上传',
  sizeMismatch: '日志包的大小与存储中的不一致',
  uploadNotFound: '此日志包不存在，或已过保留期被删除',
  memberNotFound: '此人不是本团队成员',
};

export const logErrorsEn: Record<keyof typeof logErrorsZh, string> = {
  keyNotYours: 'A workstation can only register log zips in its own logs folder.',
  objectMissing: 'This log zip is not in the object store. Upload it first.',
  sizeMismatch: 'The size of the log zip does not match the stored one.',
  uploadNotFound: 'This log zip does not exist, or it was deleted after its retention period.',
  memberNotFound: 'This person is not a member of the team.',
};
