import { expect, type Page } from '@playwright/test';
import type { Outcome } from './routeCatalogue';

/** What the app's error boundaries show in place of a page, a panel, a header item or the whole window. */
export const FAILURES = ['page-failed', 'panel-failed', 'widget-failed', 'app-failed'].map((id) => `[data-testid="${id}"]`).join(', ');
/** The "no permission" states: the app's own, and the insight and AI pages' older ones. */
const DENIED = ['access-denied', 'insight-denied', 'ai-denied'].map((id) => `[data-testid="${id}"]`).join(', ');

/**
 * Checks what the page shows once it has settled: the outcome's page, or its proper "no
 * permission" or "not found" state; then that nothing is still loading and no failure panel
 * took a place. Soft, so one run reports every address that is wrong, not only the first.
 */
export async function expectOutcome(page: Page, outcome: Outcome, label: string): Promise<void> {
  if (outcome.kind === 'page') {
    for (const mark of outcome.mark(page)) await expect.soft(mark, label).toBeVisible();
    if (outcome.to) await expect.soft(page, label).toHaveURL(outcome.to);
  } else {
    await expect.soft(page.locator(outcome.kind === 'denied' ? DENIED : '[data-testid="not-found"]').first(), label).toBeVisible();
  }
  await expect.soft(page.locator('.ant-skeleton'), `${label}: still loading`).toHaveCount(0);
  await expect.soft(page.locator(FAILURES), `${label}: a failure panel`).toHaveCount(0);
  await expect.soft(page.locator('#root'), `${label}: blank`).not.toBeEmpty();
}

/** Whether a page or a denied state shows (for the entries a role is offered: never denied). */
export async function expectUsable(page: Page, label: string): Promise<void> {
  await expect.soft(page.locator(DENIED), `${label}: offered, then refused`).toHaveCount(0);
  await expect.soft(page.locator(FAILURES), `${label}: a failure panel`).toHaveCount(0);
}

/**
 * Opens `path` as the first page of a new document (nothing loaded, nothing cached in the app:
 * a new JavaScript world, as in a new window, or a reload), checks it; no uncaught error on the
 * way. The role's one tab is reused: a new tab per address would
 * also start a browser process each time, which doubles the run and tests nothing of the app.
 */
export async function openByAddress(page: Page, path: string, outcome: Outcome, label: string): Promise<void> {
  const uncaught: string[] = [];
  const onError = (error: Error) => uncaught.push(error.message);
  page.on('pageerror', onError);
  // From a blank document, so the hash address is a load and not a move inside the open app.
  await page.goto('about:blank');
  await page.goto(`/#${path}`);
  await expectOutcome(page, outcome, `${label} (opened by its address)`);
  page.off('pageerror', onError);
  expect.soft(uncaught, `${label}: uncaught errors`).toEqual([]);
}

/**
 * Moves the role's open app to `path` as a typed address does in a tab where the app already
 * runs (only the fragment changes: no new start), and checks what it shows. On a tab that has
 * no app yet it is a load like any other.
 */
export async function moveTo(page: Page, path: string, outcome: Outcome, label: string): Promise<void> {
  const uncaught: string[] = [];
  const onError = (error: Error) => uncaught.push(error.message);
  page.on('pageerror', onError);
  await page.goto(`/#${path}`);
  await expectOutcome(page, outcome, `${label} (moved to its address)`);
  page.off('pageerror', onError);
  expect.soft(uncaught, `${label}: uncaught errors`).toEqual([]);
}

/** The labels of the entries a menu or a tab bar offers, in order. */
export const offered = async (page: Page, items: 'menuitem' | 'tab') =>
  (await (items === 'menuitem' ? page.getByRole('navigation').getByRole('menuitem') : page.getByRole('tab')).allInnerTexts()).map((s) => s.trim());
