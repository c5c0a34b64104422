/** Texts of the workspace's classification panel, in both languages (typed: a missing key fails to compile). */
export const classifyZh = {
  title: '分类',
  scope: { subject: '整条数据', frame: '当前帧' },
  label: '类别',
  choose: '选择类别',
  clear: '清除',
  unanswered: '未回答',
  missingAttributes: '必填属性未填：{{names}}',
  complete: '已回答',
  optional: '选答',
  noFeatures: '这个项目没有分类问题',
};

export const classifyEn: typeof classifyZh = {
  title: 'Classification',
  scope: { subject: 'Whole item', frame: 'This frame' },
  label: 'Class',
  choose: 'Choose a class',
  clear: 'Clear',
  unanswered: 'Not answered',
  missingAttributes: 'Required attributes missing: {{names}}',
  complete: 'Answered',
  optional: 'Optional',
  noFeatures: 'This project asks no classification questions',
};
