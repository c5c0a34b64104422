import type { HostErrorCode } from '../../../../src-shared/ipc/hostErrors';

/** Texts of the workstation host's refusals (src-shared/ipc/hostErrors.ts), in both languages. */
export const hostErrorsZh: Record<HostErrorCode, string> = {
  HOST_SECRET_REQUIRED: '这个页面没有工作站的访问密钥，请打开工作站启动时显示的地址',
  HOST_FORBIDDEN: '工作站只接受来自它自己地址和页面的请求',
  FOLDER_NOT_CHOSEN: '工作站不能使用 {{path}}：它不在你选择的文件夹中。请先选择文件夹 {{folder}}',
  WORKSTATION_DATA_PATH: '{{path}} 属于工作站自己的数据，不能用于导入、导出或下载',
  SYMLINK_TARGET: '{{path}} 是一个符号链接，工作站不会通过链接写入文件，请换一个文件名',
  FOLDER_NEEDS_DIALOG: '请通过“选择文件夹…”按钮选择文件夹',
  FOLDER_INVALID: '{{path}} 不是一个已存在的文件夹',
  FOLDER_TOO_BROAD: '{{path}} 是整个磁盘，请选择其中的一个文件夹',
  LOCAL_PATH_REMOTE: '这个页面运行在另一台电脑上：请在浏览器中选择文件，下载的文件保存在浏览器的下载目录，而不是工作站所在电脑的磁盘',
  LOG_LEVEL_REMOTE: '这个页面运行在另一台电脑上：日志级别只能在工作站所在的电脑上更改',
  PAGE_ONLY: '只有工作站自己提供的页面可以上传和下载文件',
  UPLOAD_MISMATCH: '{{object}} 上传的内容与选择时不同（文件在导入期间被修改了？），请重新选择文件',
  UPLOAD_NOT_WANTED: '导入现在不接收 {{object}}（已暂停、已结束或已取消）',
  DOWNLOAD_EXPIRED: '下载链接已使用或已过期，请重新下载',
};

export const hostErrorsEn: Record<HostErrorCode, string> = {
  HOST_SECRET_REQUIRED: 'This page does not have the workstation\'s access key. Open the address the workstation printed when it started.',
  HOST_FORBIDDEN: 'The workstation answers only to its own address and page.',
  FOLDER_NOT_CHOSEN: 'The workstation may not use {{path}}: it is not in a folder you chose. Choose the folder {{folder}} first.',
  WORKSTATION_DATA_PATH: '{{path}} is part of the workstation\'s own data and cannot be imported, exported or downloaded to.',
  SYMLINK_TARGET: '{{path}} is a symbolic link; the workstation does not write through links. Choose another file name.',
  FOLDER_NEEDS_DIALOG: 'Choose the folder with the Browse… button.',
  FOLDER_INVALID: '{{path}} is not an existing folder.',
  FOLDER_TOO_BROAD: '{{path}} is a whole disk; choose a folder on it.',
  LOCAL_PATH_REMOTE: "This page runs on another computer: pick files in the browser; downloads go to the browser's downloads, not to the workstation machine's disk.",
  LOG_LEVEL_REMOTE: 'This page runs on another computer: the log level can only be changed on the workstation machine itself.',
  PAGE_ONLY: 'Only the page the workstation serves may upload and download files.',
  UPLOAD_MISMATCH: '{{object}} arrived different from when it was picked (was the file changed during the import?). Pick the files again.',
  UPLOAD_NOT_WANTED: 'The import does not take {{object}} now (paused, finished or cancelled).',
  DOWNLOAD_EXPIRED: 'The download link was used or has expired. Download again.',
};
