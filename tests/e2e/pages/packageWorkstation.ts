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
    await recordSyncStates(page);
    await workspace.drawBox('c', [0.3, 0.3], [0.6, 0.6]);
    await workspace.expectObjects(1);
    await expect(page.getByTestId('sync-state')).toHaveAttribute('data-state', 'offline');
    // The server is known to be away: the badge said so at once, never "Saving" first (issue 31).
    expect(await syncStatesSeen(page), `save states shown for item ${id}`).not.toContain('pending');
    await page.getByTestId('submit').click();
  }
}

/**
 * Records every state the workspace's save badge shows from now on, in the page (a script
 * string: the page's CSP allows no eval of test helpers), so a state shown for a moment is seen.
 */
export async function recordSyncStates(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    window.__syncObserver?.disconnect();
    const seen = (window.__syncStates = []);
    const note = () => {
      const state = document.querySelector('[data-testid="sync-state"]')?.getAttribute('data-state');
      if (state && seen[seen.length - 1] !== state) seen.push(state);
    };
    window.__syncObserver = new MutationObserver(note);
    window.__syncObserver.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
  })()`);
}

/** The states the save badge showed since recordSyncStates, in order, each change once. */
export const syncStatesSeen = (page: Page) => page.evaluate('window.__syncStates') as Promise<string[]>;

/** The page's calls to the team server at `origin` from now on, by path (`/core/user/info`). */
export function watchServerCalls(page: Page, origin: string) {
  const paths: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.origin === origin) paths.push(url.pathname);
  });
  return {
    /** how many calls to each of `names` since `from` (an index into the calls, e.g. an earlier `mark()`) */
    count: (names: readonly string[], from = 0) => Object.fromEntries(names.map((n) => [n, paths.slice(from).filter((p) => p === n).length])),
    mark: () => paths.length,
  };
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
