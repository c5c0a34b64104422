/** Texts of the obs routes' error keys (src-shared/api/errorKeys/obs.ts), in both languages. */
export const obsErrorsZh = {
  invalidKey: '文件路径无效：必须位于 dataset/、export/、user/ 或 annotate/ 下，且不能包含 .、.. 或空的路径段',
  objectNotFound: '文件不存在，或你没有查看它的权限',
  readOnlyKey: '导出文件由服务器生成，不能上传到这里',
  tokenUnavailable: '服务器未启用对象存储直连，请使用服务器中转上传和下载',
  tokenFailed: '获取存储凭证失败，请稍后重试',
  storageFailed: '对象存储暂时不可用，请稍后重试',
  fileTooLarge: '文件太大，超过了服务器允许的上限',
  fileMissing: '上传请求中没有文件（表单字段 file）',
  keyMissing: '上传请求中没有文件路径（表单字段 key）',
  formInvalid: '上传表单有误：只能包含一个文件和一个路径',
  keyConflict: '该路径与已有的文件或文件夹冲突',
  signatureInvalid: '链接无效或已被修改',
  signatureExpired: '链接已过期，请重新获取',
  rangeNotSatisfiable: '请求的字节范围超出了文件大小',
};

export const obsErrorsEn: Record<keyof typeof obsErrorsZh, string> = {
  invalidKey: 'Invalid file path: it must be under dataset/, export/, user/ or annotate/ and have no ., .. or empty segments.',
  objectNotFound: 'This file does not exist, or you may not see it.',
  readOnlyKey: 'Export files are written by the server; nothing can be uploaded there.',
  tokenUnavailable: 'The server does not offer direct object-store access; upload and download through the server.',
  tokenFailed: 'Could not get storage credentials; try again later.',
  storageFailed: 'The object store is unavailable right now; try again later.',
  fileTooLarge: 'The file is larger than the server allows.',
  fileMissing: 'The upload has no file (form field "file").',
  keyMissing: 'The upload has no file path (form field "key").',
  formInvalid: 'The upload form is invalid: send one file and one path.',
  keyConflict: 'This path conflicts with an existing file or folder.',
  signatureInvalid: 'This link is invalid or has been changed.',
  signatureExpired: 'This link has expired; ask for a new one.',
  rangeNotSatisfiable: 'The requested byte range is outside the file.',
};
