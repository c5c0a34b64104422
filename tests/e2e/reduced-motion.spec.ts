import { expect, test, type Page } from '@playwright/test';
import { loggedInPage, registerUser } from './pages/teamSetup';

/**
 * The narrowest the "Create a team" dialog is in any frame of its first 700 ms on screen, and its
 * width once settled. antd opens dialogs with a zoom, so some early frame is narrower unless
 * motion is off.
 */
async function dialogWidths(page: Page): Promise<{ narrowest: number; settled: number }> {
  await page.getByTestId('team-switcher').click();
  // A string, not a function: the e2e suite is compiled without the DOM's types.
  const narrowestWidth = page.evaluate(`new Promise((resolve) => {
    let since = null;
    let narrowest = Infinity;
    const frame = (now) => {
      const width = document.querySelector('.ant-modal')?.getBoundingClientRect().width ?? 0;
      if (width > 0) {
        since ??= now;
        narrowest = Math.min(narrowest, width);
      }
      if (since !== null && now - since > 700) resolve(narrowest);
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  })`) as Promise<number>;
  await page.getByRole('menuitem', { name: /^(创建团队|Create a team)$/ }).click();
  const narrowest = await narrowestWidth;
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const settled = (await page.evaluate(`document.querySelector('.ant-modal').getBoundingClientRect().width`)) as number;
  await dialog.getByRole('button', { name: /^(取消|Cancel)$/ }).click();
  await expect(dialog).toBeHidden();
  return { narrowest, settled };
}

test('a user whose system asks for reduced motion gets dialogs without their zoom, and the zoom back when the setting is turned off', async ({ browser, request }) => {
  const user = await registerUser(request, `Still user ${Date.now() % 1e7}`);
  const page = await loggedInPage(browser, user);

  // Every page of the e2e run asks for reduced motion (playwright.config.ts), pages of
  // `browser.newContext()` included: clicks must never race a dialog's zoom.
  const still = await dialogWidths(page);
  expect(still.narrowest).toBeCloseTo(still.settled, 0);

  // A user without the setting gets the zoom, and the setting is followed live: no reload.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const zoomed = await dialogWidths(page);
  expect(zoomed.narrowest).toBeLessThan(zoomed.settled * 0.95);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const stillAgain = await dialogWidths(page);
  expect(stillAgain.narrowest).toBeCloseTo(stillAgain.settled, 0);
  await page.context().close();
});
