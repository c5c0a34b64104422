import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOG_LEVELS, type LogRecordInput } from '../../src-shared/ipc/logs';
import type { OpenItem } from '../../src-renderer/src/features/work/workspace/useWorkSession';

/** A fresh renderer whose log goes to an array; the session and workspace modules of that renderer. */
async function boot() {
  vi.resetModules();
  const cookies = await import('../../src-renderer/src/app/cookies');
  cookies.setCookieSource(cookies.createMemoryCookieSource({}));
  const { log, setLogUser } = await import('../../src-renderer/src/app/log');
  const sent: LogRecordInput[] = [];
  log.connect(async (records) => void sent.push(...records));
  const { store } = await import('../../src-renderer/src/app/store');
  const session = await import('../../src-renderer/src/app/session');
  const work = await import('../../src-renderer/src/features/work/workspace/workLog');
  const records = async () => {
    await log.drained();
    return sent;
  };
  return { store, session, work, setLogUser, records };
}

const ITEM = {
  taskSubjectId: 55,
  open: { taskSubject: { workflowId: 4, dataId: 801, rework: false, stepIndex: 1 }, stepType: 'review' },
} as unknown as OpenItem;

let app: Awaited<ReturnType<typeof boot>>;
beforeEach(async () => {
  app = await boot();
});

describe('renderer log of the session', () => {
  it('sign-in with how and phone, sign-out naming the user who left, nothing of the token', async () => {
    app.store.dispatch(app.session.startSession({ tokenName: 'satoken', tokenValue: 'tok-secret', deviceToken: 'dev-secret' }, { phone: '13800000007', remark: 'by password' }));
    app.setLogUser({ id: 7, name: 'Ada' });
    app.store.dispatch(app.session.endSession());
    app.store.dispatch(app.session.endSession('expired'));
    const records = await app.records();
    expect(records.map((r) => [r.level, r.message, r.extra])).toEqual([
      [LOG_LEVELS.info, 'session: signed in', { phone: '13800000007', remark: 'by password' }],
      [LOG_LEVELS.info, 'session: signed out', { userId: 7, userName: 'Ada' }],
      [LOG_LEVELS.info, 'session: ended, the server refused the token (401)', undefined],
    ]);
    expect(JSON.stringify(records)).not.toMatch(/tok-secret|dev-secret/);
  });
});

describe('renderer log of the workspace', () => {
  it('opened, submitted and rejected items carry project, task, workflow, step type and subject ids', async () => {
    app.work.logItemOpened(3, 9, ITEM, 123.4);
    app.work.logItemMoved(3, 9, ITEM, 'submit', 4200, undefined);
    app.work.logItemMoved(3, 9, ITEM, 'reject', 900, [2, 5]);
    const records = await app.records();
    const extra = { projectId: 3, taskId: 9, workflowId: 4, workflowType: 'review', subjectId: 55, subjectDataId: 801 };
    expect(records.map((r) => [r.level, r.message, r.extra])).toEqual([
      [LOG_LEVELS.info, 'work: opened task subject 55 at step 1 (review) in 123 ms', extra],
      [LOG_LEVELS.info, 'work: submitted task subject 55, active 4200 ms, handed to the journal', extra],
      [LOG_LEVELS.info, 'work: rejected task subject 55, active 900 ms, reasons [2,5], handed to the journal', extra],
    ]);
  });
});

describe('renderer log of errors nobody caught', () => {
  it('a script error and an unhandled rejection are error records with their stack', async () => {
    const { logUncaughtErrors } = await import('../../src-renderer/src/app/log/globalErrors');
    const page = new EventTarget();
    const stop = logUncaughtErrors(page as unknown as Window);
    const thrown = new TypeError('x is undefined');
    page.dispatchEvent(Object.assign(new Event('error'), { error: thrown, message: 'Uncaught TypeError', filename: 'app.js', lineno: 3, colno: 7 }));
    page.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('save went nowhere') }));
    page.dispatchEvent(Object.assign(new Event('error'), { error: null, message: 'ResizeObserver loop completed with undelivered notifications.' }));
    stop();
    page.dispatchEvent(Object.assign(new Event('error'), { error: new Error('after stop'), message: 'after stop' }));
    const records = await app.records();
    expect(records.map((r) => [r.level, r.message])).toEqual([
      [LOG_LEVELS.error, 'renderer uncaught error: TypeError: x is undefined at app.js:3:7'],
      [LOG_LEVELS.error, 'renderer unhandled rejection: Error: save went nowhere'],
    ]);
    expect(records[0]!.extra?.remark).toContain('x is undefined');
  });
});
