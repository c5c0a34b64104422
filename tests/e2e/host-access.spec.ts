import { expect, test } from '@playwright/test';
import { E2E_WORKSTATION_SECRET } from '../../playwright.config';

/**
 * The browser host hands its secret to the page through the address it prints (issue 15):
 * without it the page says what to open instead of failing; with it the workstation opens, the
 * secret leaves the address bar, and other tabs of the same browser keep working.
 */
test('a page opened without the printed address explains what to open, and the printed address opens the workstation', async ({ browser }) => {
  // A browser that never opened the printed address: nothing kept for this origin.
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByTestId('host-locked')).toBeVisible();
  await expect(page.getByTestId('host-locked')).toContainText('browser-host.url');
  await expect(page.getByTestId('login-submit')).toHaveCount(0);

  // A guessed key is no better.
  await page.goto('/?token=not-the-secret');
  await expect(page.getByTestId('host-locked')).toBeVisible();

  await page.goto(`/?token=${encodeURIComponent(E2E_WORKSTATION_SECRET)}#/`);
  await expect(page.getByTestId('login-submit')).toBeVisible();
  expect(page.url()).not.toContain(E2E_WORKSTATION_SECRET);

  const otherTab = await context.newPage();
  await otherTab.goto('/');
  await expect(otherTab.getByTestId('login-submit')).toBeVisible();
  await context.close();
});
