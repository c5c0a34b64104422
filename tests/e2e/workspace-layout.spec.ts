import { expect, test } from '@playwright/test';
import { loggedInPage } from './pages/teamSetup';
import { MyWorkPage } from './pages/workPages';
import { expectNoPageScroll, expectPictureFitted, MANY_ATTRIBUTES, reworkWorld } from './pages/workspaceLayout';

/**
 * At 1280 x 720 the workspace never scrolls as a page, whatever appears in it: the rework banner
 * with a reviewer's long words, a long ontology in the tools column, a long attribute form, a
 * long list of notes. The canvas fits the picture again whenever its box changes size.
 */
test('the workspace fits 1280 x 720 with the rework banner, a long ontology and long panels, and keeps the picture fitted', async ({ browser, request }) => {
  // A long ontology and two users' worth of setup: three times the usual time.
  test.slow();
  const world = await reworkWorld(request);
  const page = await loggedInPage(browser, world.annotator);
  const work = new MyWorkPage(page);
  await work.open();
  const workspace = await work.start(world.annotateStep);
  // Ninety labels take a while to lay out on a loaded machine: the item is drawn, then checked.
  await expect(page.locator(`[data-testid="workspace-stage"][data-item="${world.reworkId}"]`)).toBeVisible({ timeout: 60_000 });
  await workspace.expectItemOpen();

  // The item the reviewer sent back opens first, with their words above the canvas.
  await expect(page.getByTestId('rework-notice')).toContainText(world.rejectReason);
  await expectNoPageScroll(page);
  await expectPictureFitted(page);

  // The last label of a long ontology is reached by scrolling the tools column, not the page.
  const lastLabel = page.getByTestId('label-Label 14.6');
  await lastLabel.scrollIntoViewIfNeeded();
  await expect(lastLabel).toBeInViewport();
  await expectNoPageScroll(page);

  // A box of a feature with 18 attributes: its form scrolls inside the side panel.
  await workspace.drawBox('k', [0.3, 0.3], [0.6, 0.6]);
  await workspace.expectObjects(1);
  const lastAnswer = page.getByTestId('object-attributes').getByRole('radio', { name: `${MANY_ATTRIBUTES.at(-1)}: no` });
  await lastAnswer.scrollIntoViewIfNeeded();
  await expect(lastAnswer).toBeInViewport();
  await lastAnswer.click();
  await expect(lastAnswer).toBeChecked();
  await expectNoPageScroll(page);
  await expectPictureFitted(page);

  // Twelve notes: the list scrolls inside the tab.
  await page.getByRole('tab', { name: /Notes/ }).click();
  const lastNote = page.getByTestId('item-notes').getByText(/^Note 12:/);
  await lastNote.scrollIntoViewIfNeeded();
  await expect(lastNote).toBeInViewport();
  await expectNoPageScroll(page);

  // The window grows and shrinks back: the picture is fitted to the canvas each time.
  await page.setViewportSize({ width: 1600, height: 1000 });
  await expectNoPageScroll(page);
  await expectPictureFitted(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await expectNoPageScroll(page);
  await expectPictureFitted(page);

  // Submitted: the next item has no banner, the canvas grows into its room and fits again.
  await page.getByTestId('submit').click();
  await expect(page.getByTestId('rework-notice')).toHaveCount(0);
  await expect(page.locator('[data-testid="workspace-stage"][data-item]')).not.toHaveAttribute('data-item', String(world.reworkId));
  await expectNoPageScroll(page);
  await expectPictureFitted(page);

  // The reviewer's bar has more actions (compare, reject, pass): it fits 1280 px all the same.
  const reviewerPage = await loggedInPage(browser, world.reviewer);
  const review = new MyWorkPage(reviewerPage);
  await review.open();
  const reviewing = await review.start(world.reviewStep);
  await expect(reviewerPage.locator('[data-testid="workspace-stage"][data-item]')).toBeVisible({ timeout: 60_000 });
  await reviewing.expectItemOpen();
  await expect(reviewerPage.getByTestId('pass')).toBeInViewport({ ratio: 1 });
  await expectNoPageScroll(reviewerPage);
  await expectPictureFitted(reviewerPage);
});
