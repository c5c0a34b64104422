import type { EnglishOf } from '../plural';
/**
 * Texts of a page on another computer than the workstation (docs/browser-host-remote.md):
 * files picked and dropped in the browser for an import, and files saved to the browser's
 * own downloads.
 */
export const browserTransferZh = {
  remoteNote: '此页面运行在另一台电脑上：文件从这个浏览器读取和发送，下载的文件保存到浏览器的下载目录。',
  pickFolder: '选择文件夹…',
  pickFiles: '选择图片…',
  drop: '把文件夹或图片拖到这里',
  dropHint: '文件会先在浏览器中检查，开始导入后才发送；无法显示的图片会被拒绝并说明原因。',
  picked_other: '已选择 {{count, number}} 个文件',
  clear: '清除',
  reading: '正在读取文件 {{done}} / {{total}}',
  readFailed: '无法读取所选文件：{{message}}',
  sendFailed: '导入“{{name}}”的文件未能发送：{{message}}',
  resupply: '重新选择文件',
  resupplyHint: '这次导入的文件在启动它的浏览器中。请重新选择同样的文件夹或文件以继续，已保存的内容不会重复发送。',
  resupplyNone: '所选文件中没有这次导入还需要的文件。',
  saveHint: '文件会保存到这个浏览器的下载目录。',
  preparing: '正在准备文件…',
  handedOver: '已交给浏览器下载：{{name}}（{{size}}）',
  side: {
    import: {
      label: '文件来源',
      browser: '从这个浏览器选择',
      machine: '工作站所在电脑上的文件夹',
      machineHint: '适合已经在工作站所在电脑上的大型数据集：工作站直接读取文件夹，不经过浏览器。第一次使用某个文件夹时需要允许它。',
    },
    save: {
      label: '保存到',
      browser: '浏览器的下载目录',
      machine: '工作站所在电脑上的文件夹',
      machineHint: '工作站把文件写在它自己的电脑上：它的下载文件夹，或者你允许的文件夹。',
    },
  },
};

export const browserTransferEn: EnglishOf<typeof browserTransferZh> = {
  remoteNote: "This page runs on another computer than the workstation: files are read and sent from this browser, and downloads go to this browser's downloads.",
  pickFolder: 'Choose a folder…',
  pickFiles: 'Choose pictures…',
  drop: 'Drop folders or pictures here',
  dropHint: 'Files are checked in the browser and sent only once the import starts; a picture that cannot be shown is refused with the reason.',
  picked_one: '{{count, number}} file chosen',
  picked_other: '{{count, number}} files chosen',
  clear: 'Clear',
  reading: 'Reading files {{done}} / {{total}}',
  readFailed: 'The chosen files could not be read: {{message}}',
  sendFailed: 'The files of the import "{{name}}" could not be sent: {{message}}',
  resupply: 'Choose the files again',
  resupplyHint: 'The files of this import are in the browser that started it. Choose the same folder or files to go on; what is stored already is not sent again.',
  resupplyNone: 'None of the chosen files is one this import still needs.',
  saveHint: "The file goes to this browser's downloads.",
  preparing: 'Preparing the file…',
  handedOver: 'Handed to the browser: {{name}} ({{size}})',
  side: {
    import: {
      label: 'Files from',
      browser: 'From this browser',
      machine: "A folder on the workstation's computer",
      machineHint: "For large datasets already on the computer the workstation runs on: it reads the folder itself, nothing passes through the browser. A folder is allowed the first time it is used.",
    },
    save: {
      label: 'Save to',
      browser: "This browser's downloads",
      machine: "A folder on the workstation's computer",
      machineHint: 'The workstation writes the file on its own computer: into its downloads folder, or a folder you allow.',
    },
  },
};
