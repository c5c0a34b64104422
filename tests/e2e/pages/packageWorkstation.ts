import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { WorkstationProcess } from '../../support/processes';
import { call, PASSWORD, type TestUser } from './teamSetup';
import { MyWorkPage, WorkspacePage } from './workPages';
import type { WorkWorld } from './workSetup';

/**
 * What the work-package specs share: a page of a workstation of their own (a browser host
 * process reaching the server through a proxy), and the server's view of the items.
 */

/** A page of `workstation`, signed in as `user`, on My work in English. */
export async function myWorkOn(browser: Browser, workstation: WorkstationProcess, user: TestUser): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
  await page.goto(workstation.pageUrl());
  await page.getByTestId('mobile').fill(user.mobile);
  await page.getByTestId('password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('current-user-name')).toHaveText(user.name);
  await new MyWorkPage(page).open();
  return page;
}

/** The workspace's stage once an item's picture is drawn on it (its `data-item` names the item). */
export const drawnStage = (page: Page) => page.locator('[data-testid="workspace-stage"][data-item]');

/** What one painted frame showed: the item drawn on the stage and the header's count beside it. */
export interface PaintedCount {
  item: string | null;
  left: string | null;
}

/**
 * Records, once per animation frame (what the frame paints), the item drawn on the stage and the
 * header's "n left", each change once: a count that lags its item shows as a frame of the new
 * item with the old count. Answers a reader of what was recorded.
 */
export async function recordPaintedCounts(page: Page): Promise<() => Promise<PaintedCount[]>> {
  await page.evaluate(() => {
    const seen: PaintedCount[] = [];
    (window as unknown as { paintedCounts: PaintedCount[] }).paintedCounts = seen;
    const look = () => {
      const item = document.querySelector('[data-testid="workspace-stage"]')?.getAttribute('data-item') ?? null;
      const left = document.querySelector('[data-testid="items-left"]')?.textContent ?? null;
      const last = seen.at(-1);
      if (!last || last.item !== item || last.left !== left) seen.push({ item, left });
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  return () => page.evaluate(() => (window as unknown as { paintedCounts: PaintedCount[] }).paintedCounts);
}

/** Where the items stand on the server, read through its API as the owner. */
export async function itemsOnServer(request: APIRequestContext, w: WorkWorld) {
  const now = await call(request, w.owner, 'GET', `/task/subject/list/detail?projectId=${w.projectId}&taskId=${w.taskId}`);
  return new Map<number, { workflowId: number; state: string }>(now.list.map((s: { taskSubjectId: number; workflowId: number; state: string }) => [s.taskSubjectId, s]));
}

/**
 * Draws a box on each of `ids` in turn and submits it, with the server away: each is the
 * package's next item, drawn and editable, and the header counts the items still to do on this
 * computer (`left` before the first), down by one with each.
 */
export async function submitEachOffline(page: Page, ids: number[], left: number): Promise<void> {
  const workspace = new WorkspacePage(page);
  for (const [i, id] of ids.entries()) {
    await expect(drawnStage(page)).toHaveAttribute('data-item', String(id));
    await expect(page.getByTestId('items-left')).toHaveText(`${left - i} in package`);
    await workspace.expectItemOpen();
    await workspace.drawBox('c', [0.3, 0.3], [0.6, 0.6]);
    await workspace.expectObjects(1);
    await expect(page.getByTestId('sync-state')).toHaveAttribute('data-state', 'offline', { timeout: 30_000 });
    await page.getByTestId('submit').click();
  }
}

/** Waits until the server has each of `ids` submitted on to review, each with its one box saved. */
export async function expectSubmittedOnServer(request: APIRequestContext, w: WorkWorld, ids: number[]): Promise<void> {
  await expect(async () => {
    const now = await itemsOnServer(request, w);
    for (const id of ids) expect(now.get(id), `item ${id}`).toMatchObject({ workflowId: w.reviewStep, state: 'pending' });
  }).toPass({ timeout: 60_000 });
  for (const id of ids) {
    const saved = await call(request, w.annotator, 'GET', `/annotate?taskSubjectId=${id}`);
    expect(saved.frames[0].data.objects, `objects of item ${id}`).toHaveLength(1);
  }
}
