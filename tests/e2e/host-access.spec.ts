import { expect, test } from '@playwright/test';
import { E2E_WORKSTATION_SECRET } from '../../playwright.config';

/**
 * The browser host hands its secret to the page through the address it prints (issue 15):
 * without it the page says what to open instead of failing; with it the workstation opens, the
 * secret leaves the address bar, and other tabs of the same browser keep working. The page says
 * whether the key is missing or wrong (or of an earlier run), in the browser's language (issue 31).
 */
test('a page opened without the printed address explains what to open, and the printed address opens the workstation', async ({ browser }) => {
  // A browser that never opened the printed address, in English: nothing kept for this origin.
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/');
  const locked = page.getByTestId('host-locked');
  await expect(locked).toBeVisible();
  await expect(locked).toContainText('Open the workstation from its address');
  await expect(locked).toContainText("This page does not have the workstation's access key.");
  await expect(locked).toContainText('browser-host.url');
  await expect(page.getByTestId('login-submit')).toHaveCount(0);

  // A guessed key is no better, and the page says it is the key that is wrong.
  await page.goto('/?token=not-the-secret');
  await expect(locked).toContainText('This access key is wrong or has expired');
  await expect(locked).toContainText('it is from an earlier run');

  await page.goto(`/?token=${encodeURIComponent(E2E_WORKSTATION_SECRET)}#/`);
  await expect(page.getByTestId('login-submit')).toBeVisible();
  expect(page.url()).not.toContain(E2E_WORKSTATION_SECRET);

  const otherTab = await context.newPage();
  await otherTab.goto('/');
  await expect(otherTab.getByTestId('login-submit')).toBeVisible();
  await context.close();

  // A Chinese browser reads it in Chinese.
  const chinese = await browser.newContext({ storageState: { cookies: [], origins: [] }, locale: 'zh-CN' });
  const zhPage = await chinese.newPage();
  await zhPage.goto('/');
  await expect(zhPage.getByTestId('host-locked')).toContainText('这个页面没有工作站的访问密钥');
  await chinese.close();
});
