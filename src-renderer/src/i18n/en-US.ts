import { userErrorsEn } from './errors/user';
import { smsErrorsEn } from './errors/sms';
import { teamErrorsEn } from './errors/team';
import { groupErrorsEn } from './errors/group';
import { inviteErrorsEn } from './errors/invite';
import { vendorErrorsEn } from './errors/vendor';
import { projectErrorsEn } from './errors/project';
import { batchErrorsEn } from './errors/batch';
import { subjectErrorsEn } from './errors/subject';
import { mediaErrorsEn, mediaWarningsEn } from './errors/media';
import { ontologyErrorsEn } from './errors/ontology';
import { obsErrorsEn } from './errors/obs';
import { storageErrorsEn } from './errors/storage';
import { journalErrorsEn } from './errors/journal';
import { hostErrorsEn } from './errors/host';
import { packageErrorsEn } from './errors/packages';
import { workflowErrorsEn } from './errors/workflow';
import { taskErrorsEn } from './errors/task';
import { taskSubjectErrorsEn } from './errors/taskSubject';
import { dispatchErrorsEn } from './errors/dispatch';
import { annotateErrorsEn } from './errors/annotate';
import { noteErrorsEn } from './errors/note';
import { exportErrorsEn } from './errors/export';
import { aiErrorsEn } from './errors/ai';
import { logErrorsEn } from './errors/log';
import { importErrorsEn } from './errors/import';
import { performanceErrorsEn } from './errors/performance';
import { teamEn } from './features/team';
import { projectEn } from './features/project';
import { insightEn } from './features/insight';
import { notesEn } from './features/notes';
import { viewerEn } from './features/viewer';
import { workEn } from './features/work';
import { classifyEn } from './features/classify';
import { toolHintsEn } from './features/toolHints';
import { masksEn } from './features/masks';
import { tracksEn } from './features/tracks';
import { tasksEn } from './features/tasks';
import { ontologyEn } from './features/ontology';
import { aiEn } from './features/ai';
import { aiWorkspaceEn } from './features/aiWorkspace';
import { resilienceEn } from './features/resilience';
import { browserTransferEn } from './features/browserTransfer';
import { workPackagesEn } from './features/workPackages';
import { lostWithLeaseEn } from './features/lostWithLease';
import type { Messages } from './zh-CN';
import type { EnglishOf } from './plural';

/** English texts; typed by the Chinese file so a missing or extra key fails to compile. */
export const enUS: EnglishOf<Messages> = {
  app: {
    name: 'Annotation Workstation',
    starting: 'Connecting to the workstation…',
  },
  common: {
    retry: 'Try again',
    undo: 'Undo',
    stepName: { annotate: 'Annotate {{n}}', review: 'Review {{n}}' },
    count: {
      items_one: '{{count, number}} item', items_other: '{{count, number}} items',
      objects_one: '{{count, number}} object', objects_other: '{{count, number}} objects',
      subjects_one: '{{count, number}} subject', subjects_other: '{{count, number}} subjects',
      frames_one: '{{count, number}} frame', frames_other: '{{count, number}} frames',
      records_one: '{{count, number}} record', records_other: '{{count, number}} records',
      zips_one: '{{count, number}} zip', zips_other: '{{count, number}} zips',
    },
  },
  time: {
    justNow: 'just now',
    minutesAgo_one: '{{count, number}} min ago', minutesAgo_other: '{{count, number}} min ago',
    hoursAgo_one: '{{count, number}} h ago', hoursAgo_other: '{{count, number}} h ago',
    yesterday: 'yesterday {{time}}',
  },
  language: {
    label: 'Language',
  },
  startup: {
    failedTitle: 'The workstation could not start',
    failedDetail: 'The address of the team server could not be read. Check that the workstation service is running, then try again.',
    locked: {
      noKeyTitle: 'Open the workstation from its address',
      noKeyDetail: 'This page does not have the workstation\'s access key. Open the address that npm start or npm run web printed when it started (it ends in ?token=…); it is also in the file browser-host.url in the workstation\'s data folder.',
      wrongKeyTitle: 'This access key is wrong or has expired',
      wrongKeyDetail: 'The access key this page has is not the one of the workstation running now: it was mistyped, or it is from an earlier run (each start of the workstation makes a new key). Open the address the workstation printed when it last started (it ends in ?token=…); it is also in the file browser-host.url in the workstation\'s data folder.',
      forbiddenTitle: 'The workstation does not answer to this address',
      forbiddenDetail: 'This page was opened under an address the workstation does not know as its own. Open the address it printed when it started; behind a reverse proxy, name the proxy\'s address in WEB_PUBLIC_ORIGIN.',
    },
  },
  folderAccess: {
    allow: 'Allow this folder and try again',
    ask: 'The workstation reads and writes only in folders you allow. {{folder}} is not one of them yet: allow it, and imports and saves can use it.',
  },
  auth: {
    loginTitle: 'Log in',
    registerTitle: 'Create an account',
    mobile: 'Mobile number',
    mobilePlaceholder: 'e.g. +447700900123',
    password: 'Password',
    passwordPlaceholder: '{{min}} to {{max}} characters',
    passwordConfirm: 'Confirm password',
    code: 'SMS code',
    codePlaceholder: '6 digits',
    name: 'Name (optional)',
    sendCode: 'Send code',
    resendIn: 'Resend in {{seconds}} s',
    codeSent: 'Code sent. Check your text messages.',
    login: 'Log in',
    register: 'Register',
    noAccount: 'No account yet?',
    goRegister: 'Register',
    haveAccount: 'Already have an account?',
    goLogin: 'Log in',
    forgotPassword: 'Forgot password?',
    forgotTitle: 'Reset password',
    newPassword: 'New password',
    resetPassword: 'Reset password',
    passwordReset: 'Password reset: log in with the new one',
    loginByPassword: 'Password',
    loginByCode: 'SMS code',
    useCodeLogin: 'Log in with an SMS code',
    retryIn: 'You can try again in {{time}}.',
    waitSeconds_one: '{{count, number}} s', waitSeconds_other: '{{count, number}} s',
    waitMinutes_one: '{{count, number}} min', waitMinutes_other: '{{count, number}} min',
    waitHours_one: '{{count, number}} h', waitHours_other: '{{count, number}} h',
  },
  validation: {
    textProblem: {
      control: 'Remove the control characters (such as line breaks or tabs) from it',
      bidi: 'Remove the text-direction control characters from it',
      separator: 'Remove the line or paragraph separators from it',
      surrogate: 'It contains a broken character: type it again',
      hiddenSpace: 'Remove the zero-width spaces from it',
      invisible: 'Use at least one visible character',
    },
    mobileRequired: 'Enter your mobile number',
    mobileInvalid: 'A mobile number has 6 to 15 digits, does not start with 0 and may start with +',
    codeRequired: 'Enter the code',
    codeInvalid: 'The code has 6 digits',
    passwordRequired: 'Enter a password',
    passwordLength: 'The password must have {{min}} to {{max}} characters',
    passwordConfirmRequired: 'Enter the password again',
    passwordMismatch: 'The two passwords do not match',
    nameTooLong: 'The name can have at most {{max}} characters',
  },
  shell: {
    navLabel: 'Main navigation',
    navProjects: 'Projects',
    logout: 'Log out',
    userLoadFailed: 'Your user details could not be loaded',
    offlineTitle: 'Working offline',
    offlineText: 'The team server cannot be reached. The work packages on this computer can be worked on; what you do is sent once the server is back.',
    offlineRetry: 'Try the server again',
  },
  projects: {
    title: 'Projects',
    tableLabel: 'Project list',
    total_one: '{{count, number}} project', total_other: '{{count, number}} projects',
    columns: {
      name: 'Project name',
      type: 'Type',
      updatedAt: 'Updated',
    },
    type: {
      image: 'Images',
      frame: 'Frame sequence',
    },
    emptyTitle: 'No projects you can see yet',
    emptyHint: 'Projects are created by a team admin. Ask an admin to create a project for you, or to invite you to a team that has projects.',
    loadFailed: 'The project list could not be loaded',
    importArchive: {
      open: 'Import project',
      title: 'Import a whole project',
      intro: 'A "Whole project" export of another server of ours (at most {{max}}): its ontology, batches with their pictures, tasks with their steps, and annotations become a new project of this team. You are made every step\'s member; add the others afterwards.',
      file: 'Archive', pick: 'Choose a zip', name: 'New project\'s name', nameHint: 'Leave empty to keep the archived project\'s name.',
      submit: 'Import', uploading: 'Uploading the archive', failed: 'The project was not imported; nothing was made.',
      done: 'Project "{{name}}" imported: {{subjects}}, {{objects}}',
    },
  },
  team: teamEn,
  project: projectEn,
  insight: insightEn,
  notes: notesEn,
  viewer: viewerEn,
  work: workEn,
  classify: classifyEn,
  toolHint: toolHintsEn,
  mask: masksEn,
  track: tracksEn,
  tasks: tasksEn,
  ontology: ontologyEn,
  aiTab: aiEn,
  aiWorkspace: aiWorkspaceEn,
  resilience: resilienceEn,
  browserTransfer: browserTransferEn,
  workPackages: workPackagesEn,
  lostWithLease: lostWithLeaseEn,
  error: {
    badRequest: 'The request is not valid.',
    validation: 'Some of the values sent are not valid. Check them and try again.',
    textNotAllowed: 'A name or text holds characters that cannot be used (control characters, text-direction overrides, hidden spaces) or nothing visible. Remove them and try again.',
    unauthorized: 'Your session has ended. Please log in again.',
    forbidden: 'You do not have permission to do this.',
    notFound: 'What you are looking for does not exist.',
    routeNotFound: 'The server does not offer this. Check that the workstation and the server versions match.',
    methodNotAllowed: 'The server does not accept this kind of request here.',
    conflict: 'This conflicts with existing data. Refresh and try again.',
    payloadTooLarge: 'What you sent is too large.',
    unsupportedMediaType: 'The server does not accept this content format.',
    unprocessable: 'The server could not process what you sent.',
    tooManyRequests: 'Too many requests. Please wait a moment and try again.',
    internal: 'The server ran into an error. Please try again later.',
    badGateway: 'Bad gateway: the server cannot be reached right now.',
    unavailable: 'The service is temporarily unavailable. Please try again later.',
    user: userErrorsEn,
    sms: smsErrorsEn,
    team: teamErrorsEn,
    vendor: vendorErrorsEn,
    invite: inviteErrorsEn,
    group: groupErrorsEn,
    project: projectErrorsEn,
    batch: batchErrorsEn,
    subject: subjectErrorsEn,
    media: mediaErrorsEn,
    ontology: ontologyErrorsEn,
    obs: obsErrorsEn,
    workflow: workflowErrorsEn,
    task: taskErrorsEn,
    taskSubject: taskSubjectErrorsEn,
    dispatch: dispatchErrorsEn,
    annotate: annotateErrorsEn,
    note: noteErrorsEn,
    export: exportErrorsEn,
    ai: aiErrorsEn,
    log: logErrorsEn,
    import: importErrorsEn,
    performance: performanceErrorsEn,
  },
  warning: {
    media: mediaWarningsEn,
  },
  storageError: storageErrorsEn,
  journalError: journalErrorsEn,
  hostError: hostErrorsEn,
  packageError: packageErrorsEn,
  client: {
    network: 'Cannot reach the team server. Check the connection and try again.',
    aborted: 'The request was cancelled.',
    notInitialised: 'The workstation is not connected to a team server yet. Restart it and try again.',
    httpStatus: 'The request failed (status {{status}}).',
    badResponse: 'The server sent an answer the workstation does not understand.',
    unknown: 'Something unexpected went wrong. Please try again.',
  },
};
