import { expect, test, type Browser, type Page } from '@playwright/test';
import { LoginPage } from './pages/authPages';
import { MyWorkPage, WorkspacePage } from './pages/workPages';
import { DEMO_TASK, say } from '../../src-server/seed/demoContent';
import { keepShot } from './pages/shots';

/** The demo task as `npm start` seeds it (both languages, the default). */
const DEMO_TASK_NAME = say(DEMO_TASK.name, 'both');

async function loggedIn(browser: Browser, mobile: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(mobile, 'demo12345');
  return page;
}

/** The demo task's card in My work, and the number waiting at the caller's step. */
const demoStep = (page: Page) => page.locator('[data-testid^="work-task-"]').filter({ hasText: DEMO_TASK_NAME }).locator('[data-testid^="work-step-"]').first();

test('a newcomer logs in as the demo annotator, draws a labelled box on a demo photo and submits it; the demo reviewer finds it to review', async ({ browser }) => {
  // Two people on a server started a moment ago, each step waiting for what the user would see.
  test.setTimeout(240_000);
  // The annotator's minute, in the interface's first language (Chinese), as a fresh browser opens it.
  const annotator = await loggedIn(browser, '13800000002');
  await annotator.getByRole('menuitem', { name: '我的工作' }).click();
  await expect(annotator.getByRole('heading', { name: '我的工作' })).toBeVisible();
  const step = demoStep(annotator);
  await expect(step.getByTestId('step-pending')).not.toHaveText('0');
  await keepShot(annotator, { path: 'test-results/screenshots/newcomer-my-work.png', animations: 'disabled' });
  await step.getByRole('button', { name: /开始|Start/ }).click();

  const workspace = new WorkspacePage(annotator);
  // The first item of a fresh server: the claim, the ontology, the photo's signed address and its
  // first decode each take seconds on a loaded machine. Waits for the item to be open, up to 30 s.
  // (WorkspacePage.expectItemOpen reads the English texts; these are the Chinese ones.)
  await expect(workspace.canvas).toBeVisible({ timeout: 30_000 });
  await expect(annotator.getByText('正在领取下一条数据…', { exact: true })).toHaveCount(0, { timeout: 30_000 });
  await expect(annotator.getByText('正在加载…', { exact: true })).toHaveCount(0, { timeout: 30_000 });
  await expect(annotator.getByTestId('item-name')).not.toHaveText('');
  const item = await workspace.itemName();
  await expect(annotator.getByText('对象（0）', { exact: true })).toBeVisible();
  // Key 1 is the demo ontology's "Person" box label; two clicks draw the box.
  await workspace.drawBox('1', [0.3, 0.3], [0.6, 0.7]);
  await expect(annotator.getByText('对象（1）', { exact: true })).toBeVisible();
  await expect(workspace.objects).toContainText('Person 人');
  await workspace.expectSaved();
  await keepShot(annotator, { path: 'test-results/screenshots/newcomer-workspace.png', animations: 'disabled' });
  await annotator.getByTestId('submit').click();
  // Submitted: the workspace moves on to the next photo (claimed and loaded, hence the patience).
  await expect(annotator.getByTestId('item-name')).not.toHaveText(item, { timeout: 30_000 });

  // The reviewer finds it in My work and opens it with its box.
  const reviewer = await loggedIn(browser, '13800000003');
  const reviewerWork = new MyWorkPage(reviewer);
  await reviewerWork.open();
  const reviewStep = demoStep(reviewer);
  await expect(reviewStep.getByTestId('step-pending')).toHaveText('1');
  await reviewStep.getByRole('button', { name: /Start|开始/ }).click();
  const review = new WorkspacePage(reviewer);
  await expect(review.canvas).toBeVisible({ timeout: 30_000 });
  await expect(reviewer.getByText(/Claiming|Loading/)).toHaveCount(0, { timeout: 30_000 });
  await review.expectItemOpen();
  await expect(reviewer.getByTestId('item-name')).toHaveText(item);
  await review.expectObjects(1);
  await expect(review.objects).toContainText('Person 人');
  await expect(reviewer.getByTestId('pass')).toBeVisible();
  await keepShot(reviewer, { path: 'test-results/screenshots/newcomer-review.png', animations: 'disabled' });
});
