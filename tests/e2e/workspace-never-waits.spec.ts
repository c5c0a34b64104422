import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { CuttableProxy } from '../support/cuttableProxy';
import { WorkstationProcess } from '../support/processes';
import { call, PASSWORD, SERVER } from './pages/teamSetup';
import type { WorkspacePage } from './pages/workPages';
import { MyWorkPage } from './pages/workPages';
import { workWorld } from './pages/workSetup';

/**
 * The workspace never waits for the team server (docs/workspace.md, "Never waits"): an
 * annotator's workstation reaches the server through a real HTTP proxy that can be made slow or
 * cut. The run's own browser host talks to the server directly, so this spec starts a browser
 * host of its own pointed at the proxy: its journal and its page both go through it.
 */

/**
 * How slow the slow server is: long enough that the next item is drawn before the server could
 * have answered a single request even on a loaded 2-core machine (the times themselves are the
 * benchmark's business, bench/offline-next.ts).
 */
const SLOW_MS = 3000;

let proxy: CuttableProxy;
let workstation: WorkstationProcess;
let dataDir: string;

test.beforeAll(async () => {
  proxy = new CuttableProxy(new URL(SERVER).origin);
  await proxy.start();
  dataDir = fs.mkdtempSync(path.resolve('.run/e2e-never-waits-'));
  workstation = await WorkstationProcess.start(dataDir, proxy.url, path.resolve('out/renderer'));
});

test.afterAll(async () => {
  await workstation?.kill();
  await proxy?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const stage = (page: Page) => page.locator('[data-testid="workspace-stage"][data-item]');

/**
 * Submits the open item and waits for the next one drawn and editable. Watched in the page (a
 * script string: the page's CSP allows no eval of tsx helpers): when the next item appears, is
 * the one just submitted still waiting to be sent? It is whenever the next item opened without
 * waiting for the server, and never when the submit waited for the server's answer first.
 */
async function submitAndWatch(page: Page): Promise<{ ms: number; stillSending: boolean; next: number }> {
  const before = await stage(page).getAttribute('data-item');
  await page.evaluate(`new Promise((ready) => {
    const stage = document.querySelector('[data-testid="workspace-stage"]');
    const submit = document.querySelector('[data-testid="submit"]');
    window.__moved = new Promise((done) => {
      submit.addEventListener('click', () => {
        const t0 = performance.now();
        const seen = new MutationObserver(() => {
          const id = stage.getAttribute('data-item');
          if (!id || id === ${JSON.stringify(before)}) return;
          seen.disconnect();
          done({ ms: performance.now() - t0, stillSending: document.querySelector('[data-testid="handoffs-waiting"]') !== null, next: Number(id) });
        });
        seen.observe(stage, { attributes: true, attributeFilter: ['data-item'] });
      }, { once: true });
    });
    ready();
  })`);
  await page.getByTestId('submit').click();
  return (await page.evaluate('window.__moved')) as { ms: number; stillSending: boolean; next: number };
}

test('the annotator goes on at once while the server is slow or away, every submission reaches it once back, and a refusal waits in the notice', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const world = await workWorld(request, 5);
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
  await page.goto(workstation.pageUrl());
  await page.getByTestId('mobile').fill(world.annotator.mobile);
  await page.getByTestId('password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('current-user-name')).toHaveText(world.annotator.name);
  const work = new MyWorkPage(page);
  await work.open();
  const workspace = await work.start(world.annotateStep);
  await workspace.expectItemOpen();
  await expect(stage(page)).toBeVisible();
  const nextReady = page.getByTestId('next-ready');
  const submitted: number[] = [];

  // Slow: each request waits SLOW_MS at the proxy. The annotator works on the item until the next
  // one is ready (claimed and loaded ahead, as during any real annotation), then submits. One
  // submit shows it: each costs about five slow round trips of claiming and loading ahead.
  proxy.delayMs = SLOW_MS;
  await expect(nextReady).toBeVisible({ timeout: 60_000 });
  await drawOne(page, workspace);
  submitted.push(Number(await stage(page).getAttribute('data-item')));
  const moved = await submitAndWatch(page);
  test.info().annotations.push({ type: 'submit to next item, server slow', description: `${Math.round(moved.ms)} ms` });
  expect(moved.stillSending, 'the next item is open while the slow server has not taken the submit yet').toBe(true);
  await workspace.expectObjects(0);

  // Away: the proxy drops every request. The item in hand and the one claimed ahead are enough.
  await expect(nextReady).toBeVisible({ timeout: 60_000 });
  await drawOne(page, workspace);
  proxy.cut = true;
  const refusedId = Number(await stage(page).getAttribute('data-item'));
  const refusedName = await workspace.itemName();
  const away = await submitAndWatch(page);
  test.info().annotations.push({ type: 'submit to next item, server away', description: `${Math.round(away.ms)} ms` });
  expect(away.stillSending).toBe(true);
  const lastId = away.next;
  const lastName = await workspace.itemName();

  // Meanwhile the item just handed on is skipped from elsewhere (the annotator's other session,
  // straight on the server): once back, the server refuses this workstation's submit of it.
  const held = await call(request, world.owner, 'GET', `/task/subject/list/detail?projectId=${world.projectId}&taskId=${world.taskId}`);
  const version: number = held.list.find((s: { taskSubjectId: number }) => s.taskSubjectId === refusedId).version;
  await call(request, world.annotator, 'POST', '/task/subject/annotate/skip', { taskSubjectId: refusedId, version, reason: 'done on the other computer' });

  // The annotator draws on the item in front of them, and the server comes back.
  await drawOne(page, workspace, 'offline');
  proxy.cut = false;
  proxy.delayMs = 0;
  const notice = page.getByTestId('handoff-notice-button');
  await expect(notice).toBeVisible({ timeout: 30_000 });
  // They are still on their item, with what they drew, until they choose to read it.
  await expect(page.getByTestId('item-name')).toHaveText(lastName);
  await expect(stage(page)).toHaveAttribute('data-item', String(lastId));
  await workspace.expectObjects(1);
  await notice.click();
  const entry = page.locator(`[data-testid="handoff-notice"][data-item-id="${refusedId}"]`);
  await expect(entry).toContainText('Someone changed this item meanwhile');
  await expect(entry).toContainText('Someone moved the item meanwhile');
  await expect(entry).toContainText('Your changes are kept on this computer');
  await expect(page.getByTestId('item-name')).toHaveText(lastName);

  // Everything else reaches the server: the submissions of the slow phase wait at review, the
  // last item too once submitted; the refused one stays skipped, as the other session left it.
  await workspace.expectSaved();
  await page.keyboard.press('Escape');
  await page.getByTestId('submit').click();
  submitted.push(lastId);
  await expect(async () => {
    const now = await call(request, world.owner, 'GET', `/task/subject/list/detail?projectId=${world.projectId}&taskId=${world.taskId}`);
    const byId = new Map<number, { workflowId: number; state: string }>(now.list.map((s: { taskSubjectId: number; workflowId: number; state: string }) => [s.taskSubjectId, s]));
    for (const id of submitted) expect(byId.get(id), `item ${id}`).toMatchObject({ workflowId: world.reviewStep, state: 'pending' });
    expect(byId.get(refusedId)).toMatchObject({ workflowId: world.annotateStep, state: 'skipped' });
  }).toPass({ timeout: 30_000 });
  // With their boxes: what was drawn on each item is on the server.
  for (const id of submitted) {
    const saved = await call(request, world.annotator, 'GET', `/annotate?taskSubjectId=${id}`);
    expect(saved.frames[0].data.objects, `objects of item ${id}`).toHaveLength(1);
  }

  // A page that starts afresh (a reload, as after a restart) knows nothing of it, and the journal
  // sends nothing more for it: the refusal is still listed, by the item's name, not waited for.
  await page.reload();
  await workspace.expectItemOpen();
  await expect(page.getByTestId('handoff-notice-button')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('handoff-notice-button').click();
  await expect(page.locator(`[data-testid="handoff-notice"][data-item-id="${refusedId}"]`)).toContainText(refusedName);

  // My work opened with the server away: the shell says it works offline and still names who is
  // signed in (remembered by this workstation), rather than "user details could not be loaded".
  proxy.cut = true;
  await page.goto(workstation.pageUrl('#/work'));
  await page.reload(); // a fresh page: nothing of the user is in memory
  await expect(page.getByTestId('shell-offline')).toContainText('Working offline');
  await expect(page.getByTestId('current-user-name')).toHaveText(world.annotator.name);
  await expect(page.getByText('Your user details could not be loaded')).toHaveCount(0);
  // My work lists the refused move too, with no workspace open, from this computer's journal.
  const notAccepted = page.locator(`[data-testid="not-accepted-item"][data-item-id="${refusedId}"]`);
  await expect(notAccepted).toContainText(refusedName);
  await expect(notAccepted).toContainText('Your changes are kept on this computer');
  proxy.cut = false;
  await page.getByTestId('shell-offline').getByRole('button', { name: 'Try the server again' }).click();
  await expect(page.getByTestId('shell-offline')).toHaveCount(0);
});

/** A box on the open item, kept by the journal (saved, or kept here while the server is away). */
async function drawOne(page: Page, workspace: WorkspacePage, state: 'synced' | 'offline' = 'synced') {
  await workspace.drawBox('c', [0.3, 0.3], [0.6, 0.6]);
  await workspace.expectObjects(1);
  await expect(page.getByTestId('sync-state')).toHaveAttribute('data-state', state, { timeout: 60_000 });
}
