/** Texts of the import error keys (src-shared/api/errorKeys/import.ts), in both languages. */
export const importErrorsZh = {
  badFormat: '导入文件的内容不符合所选格式',
  missingFile: '压缩包缺少所选格式需要的文件',
  unsupportedVersion: '导入文件由更新版本的格式写成，本服务器无法读取',
  badZip: '该文件不是有效的 zip 压缩包',
  emptyZip: '压缩包是空的',
  zipTooLarge: '压缩包或其解压后的内容超过导入上限',
  busy: '服务器正在处理其他导入，请稍后再试',
  zipNotFound: '找不到要导入的压缩包，请重新上传',
  labelsMissing: '标注用到了本体中没有的标签，确认创建后才能导入',
  badMask: '{{file}} 中的掩码游程编码不完整或与声明的尺寸不符（{{field}}），未导入任何内容',
  maskSize: '{{file}} 的尺寸是 {{width}} × {{height}}，而对应的帧是 {{frameWidth}} × {{frameHeight}}，未导入任何内容',
  maskColor: '{{file}} 中有标签映射（labelmap.txt）没有的颜色 {{color}}，未导入任何内容',
  frameOutOfRange: '{{file}} 第 {{line}} 行是第 {{frame}} 帧，而数据“{{item}}”只有第 {{firstFrame}} 帧起的 {{frames}} 帧，未导入任何内容',
};

export const importErrorsEn: Record<keyof typeof importErrorsZh, string> = {
  badFormat: 'A file in the zip does not hold what the chosen format says.',
  missingFile: 'The zip lacks a file the chosen format needs.',
  unsupportedVersion: 'The file was written by a newer version of the format than this server reads.',
  badZip: 'This file is not a valid zip archive.',
  emptyZip: 'The zip is empty.',
  zipTooLarge: 'The zip, or what it unpacks to, is larger than an import may be.',
  busy: 'The server is busy with other imports; try again in a moment.',
  zipNotFound: 'The zip to import was not found; upload it again.',
  labelsMissing: 'The annotations use labels the ontology lacks; confirm creating them to import.',
  badMask: 'A mask in {{file}} has a run-length that is cut short or does not cover the size it states ({{field}}); nothing was imported.',
  maskSize: '{{file}} is {{width}} × {{height}} but its frame is {{frameWidth}} × {{frameHeight}}; nothing was imported.',
  maskColor: 'The colour {{color}} in {{file}} is not named in its label map (labelmap.txt); nothing was imported.',
  frameOutOfRange: 'Line {{line}} of {{file}} is on frame {{frame}}, but the item "{{item}}" has {{frames}} frames from frame {{firstFrame}}; nothing was imported.',
};
