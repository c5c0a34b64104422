import type { ImageRefusal } from '../../../../src-shared/media/imageBytes';

/** Why a file was not taken as a picture (src-shared/media/imageBytes.ts), in both languages; {{format}} names what it was. */
export const mediaErrorsZh: Record<ImageRefusal, string> = {
  empty: '文件是空的',
  notImage: '不是图片文件（内容与扩展名不符）',
  unsupportedFormat: '格式 {{format}} 无法在标注界面显示，请转换为 PNG 或 JPEG',
  truncated: '文件不完整（{{format}} 在结尾前被截断），请重新复制或下载',
  noSize: '读不出图片尺寸，文件头可能已损坏',
};

export const mediaErrorsEn: Record<ImageRefusal, string> = {
  empty: 'The file is empty.',
  notImage: 'Not a picture (its content does not match its name).',
  unsupportedFormat: 'A {{format}} file cannot be shown in the workspace; convert it to PNG or JPEG.',
  truncated: 'The file is incomplete (the {{format}} ends early); copy or download it again.',
  noSize: 'The picture\'s size cannot be read; its header may be damaged.',
};
