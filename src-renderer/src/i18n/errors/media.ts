import type { ImageRefusal } from '../../../../src-shared/media/imageBytes';
import type { VideoRefusal, VideoWarning } from '../../../../src-shared/media/videoInfo';

/** Why a file was not taken as a video (src-shared/media/videoInfo.ts VIDEO_REFUSALS); {{codec}} names the codec. */
const videoErrorsZh: Record<VideoRefusal, string> = {
  notVideo: '不是可导入的视频（内容不是 MP4、MOV、WebM 或 MKV）',
  noVideoStream: '文件中没有视频画面（只有声音）',
  unsupportedCodec: '视频编码 {{codec}} 无法在标注界面解码，请转换为 H.264、VP8、VP9 或 AV1',
  truncated: '视频文件不完整（复制或下载中断），请重新复制或下载',
  tooManyFrames: '视频帧数太多（一个文件最多 1,080,000 帧），请先把视频剪成几段',
  tooLarge: '视频画面太大（宽或高超过 8,192 像素）',
  unreadable: '读不出视频的帧索引：文件结构已损坏，或读取超出了服务器的限制',
};

const videoErrorsEn: Record<VideoRefusal, string> = {
  notVideo: 'Not a video the import takes (its content is not MP4, MOV, WebM or Matroska).',
  noVideoStream: 'The file has no video track (sound only).',
  unsupportedCodec: 'Video coded as {{codec}} cannot be decoded in the workspace; convert it to H.264, VP8, VP9 or AV1.',
  truncated: 'The video is incomplete (its copy or download was interrupted); copy or download it again.',
  tooManyFrames: 'The video has too many frames (at most 1,080,000 in one file); cut it into parts first.',
  tooLarge: 'The video\'s picture is too large (wider or taller than 8,192 pixels).',
  unreadable: 'The video\'s frame table cannot be read: the file\'s structure is damaged, or reading it goes past the server\'s limits.',
};

/** Why a file was not taken as a picture (src-shared/media/imageBytes.ts), in both languages; {{format}} names what it was. */
export const mediaErrorsZh: Record<ImageRefusal, string> & { video: Record<VideoRefusal, string> } = {
  empty: '文件是空的',
  notImage: '不是图片文件（内容与扩展名不符）',
  unsupportedFormat: '格式 {{format}} 无法在标注界面显示，请转换为 PNG 或 JPEG',
  truncated: '文件不完整（{{format}} 在结尾前被截断），请重新复制或下载',
  noSize: '读不出图片尺寸，文件头可能已损坏',
  video: videoErrorsZh,
};

export const mediaErrorsEn: typeof mediaErrorsZh = {
  empty: 'The file is empty.',
  notImage: 'Not a picture (its content does not match its name).',
  unsupportedFormat: 'A {{format}} file cannot be shown in the workspace; convert it to PNG or JPEG.',
  truncated: 'The file is incomplete (the {{format}} ends early); copy or download it again.',
  noSize: 'The picture\'s size cannot be read; its header may be damaged.',
  video: videoErrorsEn,
};

/** What a video taken may carry as a warning (VIDEO_WARNINGS): warning.media.video.<warning>. */
export const mediaWarningsZh: { video: Record<VideoWarning, string> } = {
  video: {
    variableFrameRate: '帧率不固定：帧按显示顺序编号，与 ffmpeg 加 -fps_mode passthrough 时一致（ffmpeg 默认按固定帧率重排，编号可能不同）',
  },
};

export const mediaWarningsEn: typeof mediaWarningsZh = {
  video: {
    variableFrameRate: 'Variable frame rate: frames are numbered in the order they are shown, as ffmpeg numbers them with -fps_mode passthrough (its default numbering resamples to a constant rate and may differ).',
  },
};
