import { userErrorsZh } from './errors/user';
import { smsErrorsZh } from './errors/sms';
import { teamErrorsZh } from './errors/team';
import { groupErrorsZh } from './errors/group';
import { inviteErrorsZh } from './errors/invite';
import { vendorErrorsZh } from './errors/vendor';
import { projectErrorsZh } from './errors/project';
import { batchErrorsZh } from './errors/batch';
import { subjectErrorsZh } from './errors/subject';
import { mediaErrorsZh, mediaWarningsZh } from './errors/media';
import { ontologyErrorsZh } from './errors/ontology';
import { obsErrorsZh } from './errors/obs';
import { storageErrorsZh } from './errors/storage';
import { journalErrorsZh } from './errors/journal';
import { hostErrorsZh } from './errors/host';
import { packageErrorsZh } from './errors/packages';
import { workflowErrorsZh } from './errors/workflow';
import { taskErrorsZh } from './errors/task';
import { taskSubjectErrorsZh } from './errors/taskSubject';
import { dispatchErrorsZh } from './errors/dispatch';
import { annotateErrorsZh } from './errors/annotate';
import { noteErrorsZh } from './errors/note';
import { exportErrorsZh } from './errors/export';
import { aiErrorsZh } from './errors/ai';
import { logErrorsZh } from './errors/log';
import { importErrorsZh } from './errors/import';
import { performanceErrorsZh } from './errors/performance';
import { teamZh } from './features/team';
import { projectZh } from './features/project';
import { insightZh } from './features/insight';
import { notesZh } from './features/notes';
import { viewerZh } from './features/viewer';
import { workZh } from './features/work';
import { classifyZh } from './features/classify';
import { toolHintsZh } from './features/toolHints';
import { masksZh } from './features/masks';
import { tracksZh } from './features/tracks';
import { tasksZh } from './features/tasks';
import { ontologyZh } from './features/ontology';
import { aiZh } from './features/ai';
import { aiWorkspaceZh } from './features/aiWorkspace';
import { resilienceZh } from './features/resilience';
import { browserTransferZh } from './features/browserTransfer';
import { workPackagesZh } from './features/workPackages';
import { lostWithLeaseZh } from './features/lostWithLease';
/**
 * Chinese texts, the default language. en-US.ts must have exactly the same keys (its type and
 * tests/unit/renderer-i18n.test.ts check it). `error.*` are the server's message keys
 * (src-shared/api/errors.ts), `client.*` the failures only the client can see.
 */
export const zhCN = {
  app: {
    name: '标注工作站',
    starting: '正在连接工作站…',
  },
  common: {
    retry: '重试',
    undo: '撤销',
    /** a workflow step nobody named: its type and position */
    stepName: { annotate: '标注 {{n}}', review: '审核 {{n}}' },
    /** a number of things, for texts that count two kinds at once */
    count: {
      items_other: '{{count, number}} 条数据',
      objects_other: '{{count, number}} 个对象',
      subjects_other: '{{count, number}} 条数据',
      frames_other: '{{count, number}} 帧',
      records_other: '{{count, number}} 条记录',
      zips_other: '{{count, number}} 个压缩包',
    },
  },
  time: {
    justNow: '刚刚',
    minutesAgo_other: '{{count, number}} 分钟前',
    hoursAgo_other: '{{count, number}} 小时前',
    yesterday: '昨天 {{time}}',
  },
  language: {
    label: '界面语言',
  },
  startup: {
    failedTitle: '工作站启动失败',
    failedDetail: '没有读取到团队服务器的地址。请确认工作站服务正在运行，然后重试。',
    locked: {
      noKeyTitle: '请用工作站给出的地址打开',
      noKeyDetail: '这个页面没有工作站的访问密钥。请打开 npm start 或 npm run web 启动时显示的地址（以 ?token=… 结尾）；该地址也保存在工作站数据文件夹的 browser-host.url 文件中。',
      wrongKeyTitle: '访问密钥不正确或已过期',
      wrongKeyDetail: '这个页面的访问密钥不是当前运行的工作站的：可能输错了，或者来自工作站之前的一次运行（工作站每次启动都会生成新的密钥）。请打开工作站最近一次启动时显示的地址（以 ?token=… 结尾）；该地址也保存在工作站数据文件夹的 browser-host.url 文件中。',
      forbiddenTitle: '工作站不接受这个地址',
      forbiddenDetail: '这个页面是通过工作站不认识的地址打开的。请打开工作站启动时显示的地址；如果工作站在反向代理后面，请在 WEB_PUBLIC_ORIGIN 中写明代理的地址。',
    },
  },
  folderAccess: {
    allow: '允许使用该文件夹并重试',
    ask: '工作站只读写你允许的文件夹。{{folder}} 还没有被允许：允许后，导入和保存就可以使用它。',
  },
  auth: {
    loginTitle: '登录',
    registerTitle: '注册账号',
    mobile: '手机号',
    mobilePlaceholder: '例如 13800138000',
    password: '密码',
    passwordPlaceholder: '{{min}} 到 {{max}} 个字符',
    passwordConfirm: '确认密码',
    code: '短信验证码',
    codePlaceholder: '6 位数字',
    name: '姓名（选填）',
    sendCode: '发送验证码',
    resendIn: '{{seconds}} 秒后可重发',
    codeSent: '验证码已发送，请查看短信',
    login: '登录',
    register: '注册',
    noAccount: '还没有账号？',
    goRegister: '注册新账号',
    haveAccount: '已有账号？',
    goLogin: '直接登录',
    forgotPassword: '忘记密码？',
    forgotTitle: '重设密码',
    newPassword: '新密码',
    resetPassword: '重设密码',
    passwordReset: '密码已重设，请用新密码登录',
    loginByPassword: '密码登录',
    loginByCode: '验证码登录',
    useCodeLogin: '改用短信验证码登录',
    retryIn: '{{time}}后可以再试。',
    waitSeconds_other: '{{count, number}} 秒',
    waitMinutes_other: '{{count, number}} 分钟',
    waitHours_other: '{{count, number}} 小时',
  },
  validation: {
    textProblem: {
      control: '请删除其中的控制字符（如换行符、制表符）',
      bidi: '请删除其中的文字方向控制符',
      separator: '请删除其中的行分隔符或段落分隔符',
      surrogate: '其中有损坏的字符，请重新输入',
      hiddenSpace: '请删除其中的零宽空格',
      invisible: '请至少输入一个可见字符',
    },
    mobileRequired: '请输入手机号',
    mobileInvalid: '手机号应为 6 到 15 位数字，首位不为 0，可带 + 号',
    codeRequired: '请输入验证码',
    codeInvalid: '验证码为 6 位数字',
    passwordRequired: '请输入密码',
    passwordLength: '密码长度应为 {{min}} 到 {{max}} 个字符',
    passwordConfirmRequired: '请再次输入密码',
    passwordMismatch: '两次输入的密码不一致',
    nameTooLong: '姓名最多 {{max}} 个字符',
  },
  shell: {
    navLabel: '主导航',
    navProjects: '项目',
    logout: '退出登录',
    userLoadFailed: '当前用户信息加载失败',
    offlineTitle: '离线工作中',
    offlineText: '无法连接团队服务器。本机上的工作包仍可继续标注，服务器恢复后会自动提交所做的工作。',
    offlineRetry: '重新连接服务器',
  },
  projects: {
    title: '项目',
    tableLabel: '项目列表',
    total_other: '共 {{count, number}} 个项目',
    columns: {
      name: '项目名称',
      type: '类型',
      updatedAt: '更新时间',
    },
    type: {
      image: '图片',
      frame: '连续帧',
    },
    emptyTitle: '还没有你能查看的项目',
    emptyHint: '项目由团队管理员创建。请联系管理员为你创建项目，或邀请你加入已有项目的团队。',
    loadFailed: '项目列表加载失败',
    importArchive: {
      open: '导入项目',
      title: '导入整个项目',
      intro: '本产品另一台服务器导出的“整个项目”归档（最大 {{max}}）：其本体、批次及图片、任务及步骤和标注将成为本团队的一个新项目。你会成为每个步骤的成员，其他成员请稍后添加。',
      file: '归档', pick: '选择 zip 文件', name: '新项目名称', nameHint: '留空则沿用归档中的项目名称。',
      submit: '导入', uploading: '正在上传归档', failed: '项目未导入，没有创建任何内容。',
      done: '已导入项目“{{name}}”：{{subjects}}，{{objects}}',
    },
  },
  team: teamZh,
  project: projectZh,
  insight: insightZh,
  notes: notesZh,
  viewer: viewerZh,
  work: workZh,
  classify: classifyZh,
  toolHint: toolHintsZh,
  mask: masksZh,
  track: tracksZh,
  tasks: tasksZh,
  ontology: ontologyZh,
  aiTab: aiZh,
  aiWorkspace: aiWorkspaceZh,
  resilience: resilienceZh,
  browserTransfer: browserTransferZh,
  workPackages: workPackagesZh,
  lostWithLease: lostWithLeaseZh,
  error: {
    badRequest: '请求内容有误',
    validation: '提交的内容未通过校验，请检查后重试',
    textNotAllowed: '名称或文字中含有不能使用的字符（控制字符、文字方向控制符、隐藏的空白），或没有可见的字符。请删除后重试',
    unauthorized: '登录已失效，请重新登录',
    forbidden: '你没有执行此操作的权限',
    notFound: '要找的内容不存在',
    routeNotFound: '服务器不支持此功能，请确认工作站与服务器的版本一致',
    methodNotAllowed: '服务器不接受这种请求方式',
    conflict: '操作与现有数据冲突，请刷新后重试',
    payloadTooLarge: '提交的内容太大',
    unsupportedMediaType: '服务器不接受这种内容格式',
    unprocessable: '服务器无法处理提交的内容',
    tooManyRequests: '操作过于频繁，请稍后再试',
    internal: '服务器内部错误，请稍后重试',
    badGateway: '网关错误，暂时无法访问服务器',
    unavailable: '服务暂时不可用，请稍后重试',
    user: userErrorsZh,
    sms: smsErrorsZh,
    team: teamErrorsZh,
    vendor: vendorErrorsZh,
    invite: inviteErrorsZh,
    group: groupErrorsZh,
    project: projectErrorsZh,
    batch: batchErrorsZh,
    subject: subjectErrorsZh,
    media: mediaErrorsZh,
    ontology: ontologyErrorsZh,
    obs: obsErrorsZh,
    workflow: workflowErrorsZh,
    task: taskErrorsZh,
    taskSubject: taskSubjectErrorsZh,
    dispatch: dispatchErrorsZh,
    annotate: annotateErrorsZh,
    note: noteErrorsZh,
    export: exportErrorsZh,
    ai: aiErrorsZh,
    log: logErrorsZh,
    import: importErrorsZh,
    performance: performanceErrorsZh,
  },
  warning: {
    media: mediaWarningsZh,
  },
  storageError: storageErrorsZh,
  journalError: journalErrorsZh,
  hostError: hostErrorsZh,
  packageError: packageErrorsZh,
  client: {
    network: '无法连接团队服务器，请检查网络后重试',
    aborted: '请求已取消',
    notInitialised: '工作站尚未连接团队服务器，请重新启动后再试',
    httpStatus: '请求失败（状态码 {{status}}）',
    badResponse: '服务器的响应无法识别',
    unknown: '发生了意外错误，请重试',
  },
};

/** The shape every locale must have: the same keys, each a string. */
export type Messages = typeof zhCN;
