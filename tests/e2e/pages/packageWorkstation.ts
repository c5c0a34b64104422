import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { WorkstationProcess } from '../../support/processes';
import { call, PASSWORD, type TestUser } from './teamSetup';
import { MyWorkPage } from './workPages';
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

/** Where the items stand on the server, read through its API as the owner. */
export async function itemsOnServer(request: APIRequestContext, w: WorkWorld) {
  const now = await call(request, w.owner, 'GET', `/task/subject/list/detail?projectId=${w.projectId}&taskId=${w.taskId}`);
  return new Map<number, { workflowId: number; state: string }>(now.list.map((s: { taskSubjectId: number; workflowId: number; state: string }) => [s.taskSubjectId, s]));
}
