/** Texts of the subject routes' error keys (src-shared/api/errorKeys/subject.ts), in both languages. */
export const subjectErrorsZh = {
  notFound: '数据不存在，或不属于此项目',
  imageFrameCount: '图片类型的数据只能有一个文件',
  tooManyFrames: '一次导入的文件太多（最多 100,000 个），请分批导入',
  videoFileCount: '视频类型的数据只能有一个文件',
  videoNeedsFrameProject: '视频只能导入帧序列项目，图片项目不接收视频',
  tooManyVideos: '一次导入的视频太多（最多 {{max}} 个），请分批导入',
  tooManyVideoFrames: '这些视频按所选方式切分后帧数太多（最多 {{max}} 帧），请分批导入或减少重叠帧',
  videoSplitOverlap: '重叠帧数（{{overlap}}）不少于每段的帧数，请加长每段或减少重叠帧',
  badKey: '文件路径无效',
  keyOutsideProject: '文件不在此项目的数据目录中',
  fileMissing: '有文件尚未上传到存储中',
  fileSizeMismatch: '有文件的大小与存储中的不一致，请重新上传',
  sampleSizeOrRatio: '抽样请填写数量或比例中的一项',
  sampleTooLarge: '抽样数量太多（最多 1,000 条）',
};

export const subjectErrorsEn: Record<keyof typeof subjectErrorsZh, string> = {
  notFound: 'This data item does not exist or belongs to another project.',
  imageFrameCount: 'An image data item has exactly one file.',
  tooManyFrames: 'Too many files in one import (at most 100,000); import them in parts.',
  videoFileCount: 'A video data item has exactly one file.',
  videoNeedsFrameProject: 'Videos go into frame sequence projects; an image project does not take them.',
  tooManyVideos: 'Too many videos in one import (at most {{max}}); import them in parts.',
  tooManyVideoFrames: 'Split this way, these videos make too many frames for one import (at most {{max}}); import them in parts or use a smaller overlap.',
  videoSplitOverlap: 'The overlap ({{overlap}}) is not shorter than an item; make the items longer or the overlap smaller.',
  badKey: 'A file path is not valid.',
  keyOutsideProject: 'A file is not in this project\'s data folder.',
  fileMissing: 'Some files have not been uploaded to storage yet.',
  fileSizeMismatch: 'Some files differ in size from what storage holds; upload them again.',
  sampleSizeOrRatio: 'Give either a sample size or a ratio, not both.',
  sampleTooLarge: 'The sample is too large (at most 1,000 items).',
};
