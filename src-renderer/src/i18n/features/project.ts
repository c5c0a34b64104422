import type { EnglishOf } from '../plural';
/** Texts of the project area, in both languages (typed: a missing key fails to compile). */
export const projectZh = {
  tabs: { home: '概览', data: '数据', members: '成员', settings: '设置' },
  role: {
    teamAdmin: '团队管理员', teamManager: '团队经理', vendorManager: '供应商经理',
    manager: '项目经理', reviewer: '审核员', annotator: '标注员',
  },
  common: {
    add: '添加', cancel: '取消', close: '关闭', delete: '删除', deleteNamed: '删除 {{name}}', discard: '放弃修改',
    remove: '移除', removed: '已删除“{{name}}”', save: '保存',
  },
  list: {
    searchName: '按项目名称搜索', nameCondition: '名称匹配方式',
    condition: { contains: '包含', startsWith: '开头是', equals: '等于' },
    type: '项目类型', members: '成员', memberCondition: '成员匹配方式',
    memberMatch: { any: '含任一成员', all: '含全部成员', none: '不含这些成员' },
    source: '项目来源', sourceOption: { all: '全部项目', own: '本团队项目', vendor: '其他团队共享' },
    resetFilters: '清除筛选', recent: '最近打开：', sharedIn: '共享', memberCount: '成员数', myRole: '我的角色', createdAt: '创建时间',
    noMatch: '没有符合筛选条件的项目。请放宽或清除筛选。',
    emptyCanCreate: '点击右上角的“新建项目”创建第一个项目，然后导入数据、添加成员。',
  },
  create: {
    open: '新建项目', title: '新建项目', submit: '创建', name: '项目名称', type: '项目类型', description: '描述',
    nameRequired: '请输入项目名称', nameTooLong: '项目名称最多 {{max}} 个字符', descriptionTooLong: '描述最多 {{max}} 个字符',
    created: '已创建项目“{{name}}”',
  },
  home: {
    subjects: '数据条数', batches: '批次', annotatedSubjects: '已标注数据', objects: '标注对象', taskSubjects: '任务数据',
    done: '已完成任务数据', annotatedFrames: '已标注帧', members: '成员',
    noData: '项目还没有数据。请联系项目经理导入数据。', noDataCanImport: '项目还没有数据。打开“数据”标签，从本地文件夹导入。',
    about: '项目信息', type: '类型', myRole: '我的角色', createdAt: '创建时间', updatedAt: '更新时间', vendors: '共享的供应商', rejectReasons: '驳回原因',
    membersByRole: '成员构成', noTeam: '已离开团队', vendorCount_other: '{{count, number}}（供应商）',
    instruction: '标注说明', noInstruction: '尚未填写标注说明。', noInstructionCanEdit: '尚未填写标注说明。可在“设置”标签中编写。',
    overviewFailed: '项目概览加载失败', totalFailed: '标注统计加载失败',
  },
  members: {
    title: '项目成员', name: '姓名', mobile: '手机号', role: '项目角色', team: '所属团队', addedAt: '加入时间', actions: '操作',
    vendor: '供应商', leftTeam: '已离开团队', search: '按姓名搜索', add: '添加成员', people: '团队成员',
    roleOf: '{{name}} 的项目角色', removeConfirm: '将 {{name}} 移出项目？', removed: '已将 {{name}} 移出项目', added_other: '已添加 {{count, number}} 名成员',
    empty: '项目还没有成员。', emptyCanAdd: '项目还没有成员。点击“添加成员”从团队中选择。', noMatch: '没有符合条件的成员。',
    noCandidates: '团队中的所有成员都已在项目中。可先在团队中邀请新成员。', loadFailed: '成员列表加载失败',
  },
  settings: { general: '基本信息', saved: '已保存' },
  instruction: {
    title: '标注说明', label: '标注说明编辑器', toolbar: '格式', saved: '标注说明已保存', tooLong: '标注说明过长，请精简后再保存。',
    command: {
      bold: '加粗', italic: '斜体', strike: '删除线', h2: '标题', h3: '小标题', bulletList: '无序列表',
      orderedList: '有序列表', blockquote: '引用', undo: '撤销', redo: '重做',
    },
  },
  workPackages: {
    title: '工作包',
    hint: '标注员和审核员可以一次领取一个工作包带走离线工作：最多“每包条数”条数据，在“租期”内为他们保留；租期到后，未开始的数据退回队列。',
    packageSize: '每包条数', packageSizeRange: '每包条数须为 {{min}} 到 {{max}} 之间的整数',
    leaseHours: '租期（小时）', leaseHoursRange: '租期须为 {{min}} 到 {{max}} 小时之间的整数',
    items_other: '{{count, number}} 条', hours_other: '{{count, number}} 小时',
  },
  suggestions: {
    title: '提交时的预标注',
    hint: '模型给出、还没有人采纳的预标注（虚线框）。审核员会看到“未确认”标记，导出默认不包含它们。',
    rule: '仍有未确认的预标注时',
    ask: '提交前询问标注员',
    refuse: '不允许提交，须先采纳或删除',
  },
  config: {
    title: '项目配置（JSON）', hint: '项目的自定义配置，须为 JSON 对象，最大 {{kb}} KB。', loadFailed: '项目配置加载失败',
    notJson: '不是有效的 JSON。', notObject: '配置须为 JSON 对象（以 { 开头）。', tooLarge: '配置超过 {{kb}} KB。',
  },
  rejectReasons: {
    title: '驳回原因', new: '新的驳回原因', empty: '还没有驳回原因。', emptyCanAdd: '还没有驳回原因。在上方输入并添加，审核员驳回时即可选择。',
    loadFailed: '驳回原因加载失败',
  },
  noteLabels: {
    title: '批注标签', new: '新标签名称', color: '标签颜色', colorOf: '{{name}} 的颜色', nameOf: '{{name}} 的名称',
    empty: '还没有批注标签。', emptyCanAdd: '还没有批注标签。选择颜色、输入名称后添加。', loadFailed: '批注标签加载失败',
  },
  delete: {
    title: '删除项目', explain: '删除项目会同时删除其成员、共享、批次、数据记录和驳回原因，且无法恢复。', open: '删除项目',
    confirmTitle: '删除项目“{{name}}”？', typeName: '请输入项目名称“{{name}}”以确认删除。', typeNameLabel: '项目名称',
    confirm: '永久删除', done: '已删除项目“{{name}}”',
  },
  batch: {
    title: '批次', create: '新建', createTitle: '新建空批次', rename: '重命名', renameNamed: '重命名 {{name}}', renameTitle: '重命名批次', name: '批次名称',
    count_other: '{{count, number}} 条数据', deleteTitle: '删除批次“{{name}}”？', deleteExplain_other: '批次中的 {{count, number}} 条数据会一并删除；对象存储中的文件保留，再次导入无需重新上传。',
    empty: '还没有批次。', emptyCanImport: '还没有批次。点击“从文件夹导入”导入第一批数据。', loadFailed: '批次列表加载失败',
  },
  data: {
    searchName: '按名称搜索', batch: '批次', allBatches: '全部批次', recordType: '数据类型', allTypes: '全部类型',
    recordTypes: { image: '图片', frame: '帧序列', video: '视频' }, frames_other: '{{count, number}} 帧', gridLabel_other: '数据缩略图，共 {{count, number}} 条',
    empty: '项目还没有数据。请联系项目经理导入数据。', emptyCanImport: '项目还没有数据。点击左侧“从文件夹导入”开始。',
    noMatch: '没有符合筛选条件的数据。', loadFailed: '数据列表加载失败',
  },
  sample: {
    open: '抽样', title: '随机抽样', draw: '抽取', bySize: '按数量', byRatio: '按比例', seed: '随机种子', seedAny: '随机种子（可选）',
    result_other: '抽到 {{count, number}} 条数据（种子 {{seed}}，输入同一种子可得到相同样本）',
  },
  import: {
    open: '从文件夹导入', title: '从本地文件夹导入', folder: '文件夹路径', folderHint: '输入本机上文件夹的完整路径，其中的图片（含子文件夹）都会被导入。',
    absolutePath: '请输入完整路径（例如 /home/me/images 或 D:\\images）。', scan: '预览', browse: '选择文件夹…', recordType: '导入为',
    recordTypeHint: { image: '每张图片成为一条数据。', frame: '每个子文件夹中的图片按文件名顺序组成一个帧序列。' },
    subjects: '数据条数', files: '文件数', size: '大小', ignored: '忽略的其他文件', videos: '视频文件（每个成为一条视频数据）', megabytes: '{{mb}} MB',
    split: {
      title: '长视频切分', none: '不切分', frames: '按帧数', seconds: '按秒数', length: '每条长度', overlap: '相邻重叠', frameUnit: '帧', secondUnit: '秒',
      lengthFrames: '每条的帧数', lengthSeconds: '每条的秒数', overlapTooLong: '重叠的帧数须少于每条的帧数。',
      hint: {
        none: '每个视频文件成为一条数据（超过 200,000 帧的部分另成一条）。',
        frames: '每个视频按帧数切成多条数据，相邻两条共享重叠的帧，便于跨条接续跟踪。',
        seconds: '每个视频按时长切成多条数据，相邻两条共享重叠的帧，便于跨条接续跟踪。',
      },
    },
    duplicatesLater: '项目中已有的相同内容会在导入时自动跳过，不重复上传。', firstSubjects_other: '前 {{count, number}} 条', fileCount_other: '{{count, number}} 个文件',
    nothingFound: '该文件夹中没有可导入的图片。', batchName: '新批次名称', start: '开始导入',
    state: {
      scanning: '扫描中', hashing: '计算校验', checking: '查重中', uploading: '上传中', registering: '登记中', paused: '已暂停',
      done: '已完成', failed: '失败', cancelled: '已取消',
    },
    pause: '暂停', resume: '继续', cancel: '取消导入', cancelConfirm: '取消这次导入？已上传的文件会保留。', dismiss: '关闭此导入记录',
    total: '总进度', fileInFlight: '正在上传的文件', counts: '已上传 {{uploaded, number}}/{{files, number}} 个文件 · 跳过重复 {{skipped, number}} 条 · 未导入 {{refused, number}} 条 · 已登记 {{registered, number}}/{{toRegister, number}} 条',
    history_other: '已完成的导入：{{count, number}}', clearHistory: '清除记录',
    failedBecause: '导入失败：{{message}}', recentFiles: '刚完成：{{files}}', jobsFailed: '无法读取本机的导入任务',
    refused_other: '{{count, number}} 条数据未导入：文件不是完整的图片', refusedMore_other: '另有 {{count, number}} 条未列出', refusedItem: '{{name}}：{{reason}}',
  },
};

export const projectEn: EnglishOf<typeof projectZh> = {
  tabs: { home: 'Overview', data: 'Data', members: 'Members', settings: 'Settings' },
  role: {
    teamAdmin: 'Team admin', teamManager: 'Team manager', vendorManager: 'Vendor manager',
    manager: 'Project manager', reviewer: 'Reviewer', annotator: 'Annotator',
  },
  common: {
    add: 'Add', cancel: 'Cancel', close: 'Close', delete: 'Delete', deleteNamed: 'Delete {{name}}', discard: 'Discard changes',
    remove: 'Remove', removed: 'Deleted "{{name}}"', save: 'Save',
  },
  list: {
    searchName: 'Search project names', nameCondition: 'How the name matches',
    condition: { contains: 'Contains', startsWith: 'Starts with', equals: 'Equals' },
    type: 'Project type', members: 'Members', memberCondition: 'How members match',
    memberMatch: { any: 'Any of them', all: 'All of them', none: 'None of them' },
    source: 'Where projects come from', sourceOption: { all: 'All projects', own: "This team's", vendor: 'Shared by other teams' },
    resetFilters: 'Clear filters', recent: 'Recently opened:', sharedIn: 'Shared', memberCount: 'Members', myRole: 'My role', createdAt: 'Created',
    noMatch: 'No project matches these filters. Loosen or clear them.',
    emptyCanCreate: 'Click "New project" at the top right to create the first one, then import data and add members.',
  },
  create: {
    open: 'New project', title: 'New project', submit: 'Create', name: 'Project name', type: 'Project type', description: 'Description',
    nameRequired: 'Enter a project name', nameTooLong: 'At most {{max}} characters', descriptionTooLong: 'At most {{max}} characters',
    created: 'Project "{{name}}" created',
  },
  home: {
    subjects: 'Subjects', batches: 'Batches', annotatedSubjects: 'Annotated subjects', objects: 'Annotated objects', taskSubjects: 'Task subjects',
    done: 'Task subjects done', annotatedFrames: 'Annotated frames', members: 'Members',
    noData: 'This project has no data yet. Ask a project manager to import some.', noDataCanImport: 'This project has no data yet. Open the Data tab to import a local folder.',
    about: 'About', type: 'Type', myRole: 'My role', createdAt: 'Created', updatedAt: 'Updated', vendors: 'Shared with vendors', rejectReasons: 'Reject reasons',
    membersByRole: 'Members', noTeam: 'Left the team', vendorCount_one: '{{count, number}} (vendor)', vendorCount_other: '{{count, number}} (vendor)',
    instruction: 'Instruction', noInstruction: 'No instruction yet.', noInstructionCanEdit: 'No instruction yet. Write one in the Settings tab.',
    overviewFailed: 'The project overview could not be loaded', totalFailed: 'The annotation figures could not be loaded',
  },
  members: {
    title: 'Project members', name: 'Name', mobile: 'Mobile', role: 'Project role', team: 'Team', addedAt: 'Added', actions: 'Actions',
    vendor: 'Vendor', leftTeam: 'Left the team', search: 'Search by name', add: 'Add members', people: 'Team members',
    roleOf: 'Project role of {{name}}', removeConfirm: 'Remove {{name}} from the project?', removed: '{{name}} removed from the project', added_one: 'Members added: {{count, number}}', added_other: 'Members added: {{count, number}}',
    empty: 'This project has no members yet.', emptyCanAdd: 'This project has no members yet. Click "Add members" to pick people from the team.', noMatch: 'No member matches.',
    noCandidates: 'Everyone in the team is already in this project. Invite new people to the team first.', loadFailed: 'The member list could not be loaded',
  },
  settings: { general: 'General', saved: 'Saved' },
  instruction: {
    title: 'Instruction', label: 'Instruction editor', toolbar: 'Formatting', saved: 'Instruction saved', tooLong: 'The instruction is too long. Shorten it and save again.',
    command: {
      bold: 'Bold', italic: 'Italic', strike: 'Strikethrough', h2: 'Heading', h3: 'Subheading', bulletList: 'Bulleted list',
      orderedList: 'Numbered list', blockquote: 'Quote', undo: 'Undo', redo: 'Redo',
    },
  },
  workPackages: {
    title: 'Work packages',
    hint: 'Annotators and reviewers can take a work package with them to work offline: at most "Package size" items, held for them for the lease; when it runs out, the items they have not started go back to the queue.',
    packageSize: 'Package size', packageSizeRange: 'Package size is a whole number from {{min}} to {{max}}',
    leaseHours: 'Lease (hours)', leaseHoursRange: 'The lease is a whole number of hours from {{min}} to {{max}}',
    items_one: '{{count, number}} item', items_other: '{{count, number}} items', hours_one: '{{count, number}} hour', hours_other: '{{count, number}} hours',
  },
  suggestions: {
    title: 'Suggestions at submit',
    hint: 'A model\'s suggestions no person has accepted yet (dashed outlines). The reviewer sees them marked "unconfirmed", and an export leaves them out by default.',
    rule: 'While suggestions are unconfirmed',
    ask: 'Ask the annotator before submitting',
    refuse: 'Refuse the submit until each is accepted or rejected',
  },
  config: {
    title: 'Project configuration (JSON)', hint: 'Custom settings of the project: a JSON object of at most {{kb}} KB.', loadFailed: 'The project configuration could not be loaded',
    notJson: 'This is not valid JSON.', notObject: 'The configuration must be a JSON object (starting with {).', tooLarge: 'The configuration is larger than {{kb}} KB.',
  },
  rejectReasons: {
    title: 'Reject reasons', new: 'New reject reason', empty: 'No reject reasons yet.', emptyCanAdd: 'No reject reasons yet. Type one above and add it; reviewers pick from these when they reject.',
    loadFailed: 'The reject reasons could not be loaded',
  },
  noteLabels: {
    title: 'Note labels', new: 'New label name', color: 'Label colour', colorOf: 'Colour of {{name}}', nameOf: 'Name of {{name}}',
    empty: 'No note labels yet.', emptyCanAdd: 'No note labels yet. Pick a colour, type a name and add it.', loadFailed: 'The note labels could not be loaded',
  },
  delete: {
    title: 'Delete project', explain: 'Deleting the project also deletes its members, sharing, batches, subject records and reject reasons. This cannot be undone.', open: 'Delete project',
    confirmTitle: 'Delete project "{{name}}"?', typeName: 'Type the project name "{{name}}" to confirm.', typeNameLabel: 'Project name',
    confirm: 'Delete for ever', done: 'Project "{{name}}" deleted',
  },
  batch: {
    title: 'Batches', create: 'New', createTitle: 'New empty batch', rename: 'Rename', renameNamed: 'Rename {{name}}', renameTitle: 'Rename batch', name: 'Batch name',
    count_one: 'Subjects: {{count, number}}', count_other: 'Subjects: {{count, number}}', deleteTitle: 'Delete batch "{{name}}"?', deleteExplain_one: 'Its {{count, number}} subject is deleted with it. Its file stays in the object store, so importing it again needs no upload.', deleteExplain_other: 'Its {{count, number}} subjects are deleted with it. Their files stay in the object store, so importing them again needs no upload.',
    empty: 'No batches yet.', emptyCanImport: 'No batches yet. Click "Import a folder" to bring in the first one.', loadFailed: 'The batches could not be loaded',
  },
  data: {
    searchName: 'Search by name', batch: 'Batch', allBatches: 'All batches', recordType: 'Kind', allTypes: 'All kinds',
    recordTypes: { image: 'Images', frame: 'Frame sequences', video: 'Videos' }, frames_one: 'Frames: {{count, number}}', frames_other: 'Frames: {{count, number}}', gridLabel_one: 'Subject thumbnails, {{count, number}} in all', gridLabel_other: 'Subject thumbnails, {{count, number}} in all',
    empty: 'This project has no data yet. Ask a project manager to import some.', emptyCanImport: 'This project has no data yet. Click "Import a folder" on the left to start.',
    noMatch: 'No subject matches these filters.', loadFailed: 'The subjects could not be loaded',
  },
  sample: {
    open: 'Sample', title: 'Random sample', draw: 'Draw', bySize: 'By number', byRatio: 'By share', seed: 'Seed', seedAny: 'Seed (optional)',
    result_one: '{{count, number}} subject drawn (seed {{seed}}; the same seed draws the same sample)', result_other: '{{count, number}} subjects drawn (seed {{seed}}; the same seed draws the same sample)',
  },
  import: {
    open: 'Import a folder', title: 'Import from a local folder', folder: 'Folder path', folderHint: 'The full path of a folder on this computer; every image in it and its subfolders is imported.',
    absolutePath: 'Enter a full path (e.g. /home/me/images or D:\\images).', scan: 'Preview', browse: 'Browse…', recordType: 'Import as',
    recordTypeHint: { image: 'Each image becomes one subject.', frame: 'The images of each subfolder, in file-name order, become one frame sequence.' },
    subjects: 'Subjects', files: 'Files', size: 'Size', ignored: 'Other files left out', videos: 'Video files (each one video item)', megabytes: '{{mb}} MB',
    split: {
      title: 'Split long videos', none: 'Do not split', frames: 'By frames', seconds: 'By seconds', length: 'Each item', overlap: 'Overlap', frameUnit: 'frames', secondUnit: 's',
      lengthFrames: 'Frames per item', lengthSeconds: 'Seconds per item', overlapTooLong: 'The overlap must be fewer frames than an item has.',
      hint: {
        none: 'Each video file becomes one item (past 200,000 frames, the rest becomes another).',
        frames: 'Each video is cut into items of this many frames; neighbouring items share the overlap, so tracks can be joined across them.',
        seconds: 'Each video is cut into items of this length; neighbouring items share the overlap, so tracks can be joined across them.',
      },
    },
    duplicatesLater: 'Content the project already has is skipped during the import and not uploaded again.', firstSubjects_one: 'The first {{count, number}}', firstSubjects_other: 'The first {{count, number}}', fileCount_one: 'Files: {{count, number}}', fileCount_other: 'Files: {{count, number}}',
    nothingFound: 'This folder has no images to import.', batchName: 'New batch name', start: 'Import',
    state: {
      scanning: 'Scanning', hashing: 'Checksumming', checking: 'Finding duplicates', uploading: 'Uploading', registering: 'Registering', paused: 'Paused',
      done: 'Done', failed: 'Failed', cancelled: 'Cancelled',
    },
    pause: 'Pause', resume: 'Resume', cancel: 'Cancel import', cancelConfirm: 'Cancel this import? Files already uploaded are kept.', dismiss: 'Hide this import',
    total: 'Total progress', fileInFlight: 'File uploading', counts: 'Files uploaded: {{uploaded, number}}/{{files, number}} · duplicates skipped: {{skipped, number}} · not imported: {{refused, number}} · registered: {{registered, number}}/{{toRegister, number}}',
    history_one: 'Finished imports: {{count, number}}', history_other: 'Finished imports: {{count, number}}', clearHistory: 'Clear',
    failedBecause: 'The import failed: {{message}}', recentFiles: 'Just finished: {{files}}', jobsFailed: "This computer's imports could not be read",
    refused_one: 'Not imported, files that are not whole pictures: {{count, number}}', refused_other: 'Not imported, files that are not whole pictures: {{count, number}}',
    refusedMore_one: '{{count, number}} more not listed', refusedMore_other: '{{count, number}} more not listed', refusedItem: '{{name}}: {{reason}}',
  },
};
