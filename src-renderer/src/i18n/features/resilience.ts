/**
 * Texts of the states that replace a dead end (docs/renderer-resilience.md): a page or panel
 * that failed, a page the role may not use, an address that leads nowhere.
 */
export const resilienceZh = {
  pageFailed: '此页面无法显示',
  panelFailed: '这一部分无法显示',
  widgetFailed: '此项无法显示，点击重试',
  failedHint: '工作站的其余部分仍可使用。重试会重新读取这部分的数据；问题已记入本机日志（运维页面可查看）。',
  details: '技术细节',
  appFailedTitle: '工作站遇到了问题',
  appFailedHint: '页面出现了无法恢复的错误，问题已记入本机日志。重新加载后会回到刚才的页面。',
  reload: '重新加载',
  deniedTitle: '你不能使用此页面',
  deniedProjectTab: '你在此项目中的角色不能使用“{{page}}”。需要时请联系项目经理或团队管理员。',
  notFoundTitle: '页面不存在',
  notFoundHint: '这个地址没有对应的页面，可能是链接有误或已过期。',
  projectLoadFailed: '项目加载失败',
  projectNotFoundTitle: '找不到此项目',
  projectNotFoundHint: '项目不存在、已被删除，或你不是它的成员。需要时请联系团队管理员把你加入项目。',
  backToProject: '回到项目概览',
  backToProjects: '回到项目列表',
};

export const resilienceEn: typeof resilienceZh = {
  pageFailed: 'This page could not be shown',
  panelFailed: 'This part of the page could not be shown',
  widgetFailed: 'This item could not be shown: click to try again',
  failedHint: "The rest of the workstation still works. Trying again reads this part's data anew; the problem was written to this workstation's log (see Operations).",
  details: 'Technical details',
  appFailedTitle: 'The workstation ran into a problem',
  appFailedHint: "The page hit an error it cannot recover from; it was written to this workstation's log. Reloading brings you back to the page you were on.",
  reload: 'Reload',
  deniedTitle: 'You cannot use this page',
  deniedProjectTab: 'Your role in this project cannot use “{{page}}”. Ask the project manager or a team admin if you need it.',
  notFoundTitle: 'Page not found',
  notFoundHint: 'Nothing lives at this address: the link may be mistyped or out of date.',
  projectLoadFailed: 'The project could not be loaded',
  projectNotFoundTitle: 'This project cannot be found',
  projectNotFoundHint: 'The project does not exist, was deleted, or you are not one of its members. Ask a team admin to add you if you need it.',
  backToProject: 'Back to the project overview',
  backToProjects: 'Back to the projects',
};
