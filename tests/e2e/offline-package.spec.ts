import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page, type Route } from '@playwright/test';
import { CuttableProxy } from '../support/cuttableProxy';
import { freePort, WorkstationProcess } from '../support/processes';
import { LocalPackagesCard } from './pages/localPackagesPage';
import { expectSubmittedOnServer, itemsOnServer, myWorkOn, recordPaintedCounts, submitEachOffline, watchServerCalls } from './pages/packageWorkstation';
import { MyWorkPage, WorkspacePage } from './pages/workPages';
import { SERVER, type TestUser } from './pages/teamSetup';
import { workWorld } from './pages/workSetup';
import { keepShot } from './pages/shots';

/**
 * A day's work offline (issue 19, docs/offline-day.md): the annotator takes a work package on My
 * work, the team server goes away, the workstation restarts, and they work through the package
 * from disk; once the server is back every edit and hand-off is on it. The workstation is a
 * browser host of this spec's own, reaching the server through a proxy whose line can be cut,
 * restarted on the same port and secret so the page keeps its session across the restart.
 */
let proxy: CuttableProxy;
let workstation: WorkstationProcess;
let dataDir: string;
let port: number;

const startWorkstation = async () => {
  workstation = await WorkstationProcess.start(dataDir, proxy.url, path.resolve('out/renderer'), { port, ...(workstation ? { secret: workstation.secret } : {}) });
};

test.beforeAll(async () => {
  proxy = new CuttableProxy(new URL(SERVER).origin);
  await proxy.start();
  dataDir = fs.mkdtempSync(path.resolve('.run/e2e-offline-package-'));
  port = await freePort();
  await startWorkstation();
});

test.afterAll(async () => {
  await workstation?.kill();
  await proxy?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const myWork = (browser: Browser, user: TestUser) => myWorkOn(browser, workstation, user);

/**
 * Holds the page's first call of a workstation method (the browser host's invoke) until
 * released, so what the page shows while waiting for it can be checked.
 */
async function holdFirstCall(page: Page, method: string) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let held = false;
  const handler = async (route: Route) => {
    if (held || (route.request().postDataJSON() as { method?: string } | null)?.method !== method) return route.fallback();
    held = true;
    await released;
    await route.fallback();
  };
  await page.route('**/ipc/invoke', handler);
  return {
    release: async () => {
      release();
      await page.unroute('**/ipc/invoke', handler);
    },
  };
}

test('an annotator takes a package, works through it offline across a restart, and every edit and hand-off reaches the server; a picture deleted from disk shows the media failure', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const w = await workWorld(request, 3);
  const page = await myWork(browser, w.annotator);
  const myWorkPage = new MyWorkPage(page);
  // Online: the team switcher names the annotator's team, and the figures are the queues'.
  await expect(page.getByTestId('team-switcher')).toContainText(w.teamName);
  await myWorkPage.expectTotals('server', { annotate: 3, review: 0, held: 0, rework: 0 });

  // Take: the confirm says the size (3 wait, the default size is 200) and the default lease.
  const card = new LocalPackagesCard(page);
  await expect(card.root).toContainText('No work package on this computer yet');
  const packageId = await card.take(w.annotateStep, { items: 3, leaseHours: 24 });
  await card.expectState(packageId, 'ready', 60_000);
  await expect(card.row(packageId)).toContainText('3 of 3 ready');
  await expect(card.row(packageId)).toContainText(w.taskName);
  await keepShot(page, { path: 'test-results/screenshots/offline-package-my-work.png', fullPage: true, animations: 'disabled' });
  const { taskSubjectIds } = await workstation.invoke('packages.status', { packageId });
  expect(taskSubjectIds).toHaveLength(3);
  const damaged: number = taskSubjectIds[2];
  const damagedFile: string = (await workstation.invoke('packages.item', { packageId, taskSubjectId: damaged })).frames[0].file;

  // The server goes away; the workstation is killed and started again. Meanwhile the last item's
  // picture is deleted from disk (a user tidying their folders).
  proxy.cut = true;
  await workstation.kill();
  fs.rmSync(damagedFile);
  await startWorkstation();
  const calls = watchServerCalls(page, proxy.url);
  await page.goto(workstation.pageUrl('#/work'));
  await card.expectState(packageId, 'ready');
  // My work with the server away (issue 31): the shell says so, once (no failure of the page's
  // own besides); the figures are what this computer holds, and the team is the one this
  // workstation remembers from the last time the server answered. The card still names the
  // task and step, from what the package stored.
  await expect(page.getByTestId('shell-offline')).toContainText('Working offline');
  await myWorkPage.expectTotals('here', { annotate: 3, review: 0, held: 3, rework: 0 });
  await expect(page.getByText('Could not load your work')).toHaveCount(0);
  await expect(page.getByText('Cannot reach the team server')).toHaveCount(0);
  await expect(page.getByTestId('team-switcher')).toContainText(w.teamName);
  await expect(card.row(packageId)).toContainText(w.taskName);
  await expect(card.row(packageId)).toContainText('Annotate 1');
  // Known to be away from here on: the page asks the server nothing it would wait for (a probe
  // now and then watches for its return), while it opens the package and works through it.
  const knownAway = calls.mark();
  const READS = ['/core/user/info', '/core/ai/allow', '/core/note/subject', '/core/task/work/list'];
  await keepShot(page, { path: 'test-results/screenshots/offline-package-my-work-offline.png', fullPage: true, animations: 'disabled' });
  // The first item is read from disk, not claimed: the page says so while it opens (held here
  // on its first read of an item, so the words can be seen).
  const held = await holdFirstCall(page, 'packages.item');
  const paintedCounts = await recordPaintedCounts(page);
  await card.workOffline(packageId);
  await expect(page.getByText('Opening the next item…')).toBeVisible();
  await expect(page.getByText('Claiming the next item…')).toHaveCount(0);
  await held.release();

  // Two items drawn on and submitted, from disk, with the server away.
  const submitted = taskSubjectIds.slice(0, 2) as number[];
  await submitEachOffline(page, submitted, 3);

  // The third item's picture is gone: the media failure says so (never a blank canvas), and the
  // annotator skips it with that reason.
  const failure = page.getByTestId('media-failure');
  await expect(failure).toBeVisible();
  await expect(failure).toHaveAttribute('data-reason', 'missing');
  await expect(page.getByTestId('item-name')).toHaveText(w.photos[2]!);
  await expect(page.getByTestId('items-left')).toHaveText('1 in package');
  // Every frame that painted an item's picture painted that item's count beside it: the count
  // never lags the picture (it showed the previous item's number for 80 to 160 ms).
  const painted = (await paintedCounts()).filter((f) => f.item !== null);
  for (const [i, id] of submitted.entries()) {
    const beside = new Set(painted.filter((f) => f.item === String(id)).map((f) => f.left));
    expect([...beside], `the counts painted beside item ${id}`).toEqual([`${3 - i} in package`]);
  }
  await page.getByTestId('media-skip').click();
  await expect(page.getByTestId('workspace-done')).toContainText('This work package is done');
  expect(calls.count(READS, knownAway), 'reads sent to a server known to be away').toEqual(Object.fromEntries(READS.map((r) => [r, 0])));

  // Nothing reached the server yet; once it is back, every hand-off and edit does.
  const before = await itemsOnServer(request, w);
  for (const id of taskSubjectIds) expect(before.get(id)).toMatchObject({ workflowId: w.annotateStep });
  proxy.cut = false;
  await expectSubmittedOnServer(request, w, submitted);
  await expect(async () => expect((await itemsOnServer(request, w)).get(damaged)).toMatchObject({ workflowId: w.annotateStep, state: 'skipped' })).toPass({ timeout: 60_000 });

  // Back on My work: every item of the package was handed on, so it is gone from this computer.
  // The page found the server back by itself and asks it again: the user, My work's queues.
  const back = calls.mark();
  await page.getByRole('button', { name: 'Back to My work' }).click();
  await expect(card.root).toContainText('No work package on this computer yet');
  await expect(page.getByTestId('shell-offline')).toHaveCount(0);
  await myWorkPage.expectTotals('server', { annotate: 0, review: 0, held: 0, rework: 0 });
  expect(calls.count(['/core/user/info'], knownAway)['/core/user/info']).toBeGreaterThan(0);
  expect(calls.count(['/core/task/work/list'], back)['/core/task/work/list']).toBeGreaterThan(0);
  await page.context().close();
});

test('cancelling a package gives its items back to the queue and deletes it from this computer', async ({ browser, request }) => {
  const w = await workWorld(request, 2);
  const page = await myWork(browser, w.annotator);
  const card = new LocalPackagesCard(page);
  const packageId = await card.take(w.annotateStep, { items: 2, leaseHours: 24 });
  await card.expectState(packageId, 'ready', 60_000);
  await card.row(packageId).getByRole('button', { name: 'Cancel', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Items not started go back to the queue');
  await dialog.getByRole('button', { name: 'Cancel the package' }).click();
  await expect(page.locator('.ant-message-success').last()).toContainText('Gave back 2 items');
  await expect(card.root).toContainText('No work package on this computer yet');
  const now = await itemsOnServer(request, w);
  expect([...now.values()].map((s) => s.state)).toEqual(['pending', 'pending']);
  await page.context().close();
});

test('a video item of a package steps, seeks and plays from the copy on this computer with the server away', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const w = await workWorld(request, 0, { video: 45 });
  const page = await myWork(browser, w.annotator);
  const card = new LocalPackagesCard(page);
  const packageId = await card.take(w.annotateStep, { items: 1, leaseHours: 24 });
  await card.expectState(packageId, 'ready', 60_000);
  // The video file and its frame times: two files, however many frames.
  await expect(card.row(packageId)).toContainText('1 of 1 ready');
  proxy.cut = true;
  try {
    await card.workOffline(packageId);
    const workspace = new WorkspacePage(page);
    await expect(page.getByTestId('item-name')).toHaveText('clip.mp4');
    await workspace.expectItemOpen();
    // (A blank canvas reads as 0 too: the frames after it are what tell.)
    await workspace.expectVideoFrame(0);
    await page.keyboard.press('d');
    await workspace.expectVideoFrame(1);
    await page.keyboard.press('Shift+ArrowRight');
    await workspace.expectVideoFrame(11);
    const goTo = page.getByTestId('video-go-to');
    await goTo.fill('37');
    await goTo.press('Enter');
    await workspace.expectVideoFrame(37);
    await page.keyboard.press('a');
    await workspace.expectVideoFrame(36);
    // Played to the last frame, where it stops.
    await page.keyboard.press('k');
    await workspace.expectVideoFrame(44);
    await expect(page.getByTestId('media-failure')).toHaveCount(0);
  } finally {
    proxy.cut = false;
  }
  await page.context().close();
});
