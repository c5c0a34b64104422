import { expect, test, type Locator } from '@playwright/test';
import { loggedInPage } from './pages/teamSetup';
import { MyWorkPage } from './pages/workPages';
import { workWorld } from './pages/workSetup';
import { expectPictureFitted, pictureGaps } from './pages/workspaceLayout';

/** The percentage the zoom field shows, as a number. */
const percentOf = async (field: Locator) => Number((await field.inputValue()).replace('%', ''));

test('the zoom field shows the zoom, follows the wheel and the keys, and takes typed values and presets', async ({ browser, request }) => {
  test.slow();
  // chelsea.png, 451 x 300.
  const world = await workWorld(request, 1);
  const page = await loggedInPage(browser, world.annotator);
  const work = new MyWorkPage(page);
  await work.open();
  const workspace = await work.start(world.annotateStep);
  await workspace.expectItemOpen();
  const field = page.getByTestId('zoom-field');

  // Opened fitted, and the field says by how much.
  await expectPictureFitted(page);
  await expect(field).toHaveValue(/^\d+%$/);
  const fitted = await percentOf(field);

  // The zoom-in key zooms by a quarter, and the field follows.
  await page.keyboard.press('=');
  await expect.poll(async () => Math.abs((await percentOf(field)) - fitted * 1.25)).toBeLessThanOrEqual(1.5);
  // So does the wheel over the canvas.
  const centre = await workspace.at(0.5, 0.5);
  await page.mouse.move(centre.x, centre.y);
  const beforeWheel = await percentOf(field);
  await page.mouse.wheel(0, 400);
  await expect.poll(() => percentOf(field)).toBeLessThan(beforeWheel);

  // A typed 100 % shows the picture at its own size: 451 screen pixels wide.
  await field.click();
  await field.fill('100');
  await field.press('Enter');
  await expect(field).toHaveValue('100%');
  await expect.poll(async () => {
    const g = await pictureGaps(page);
    return Math.abs(g.canvasWidth - g.left - g.right - 451);
  }).toBeLessThanOrEqual(2);
  // Enter gave the keys back to the canvas: the zoom-out key works at once.
  await page.keyboard.press('-');
  await expect(field).toHaveValue('80%');

  // What is not a zoom puts the zoom back, and nothing breaks.
  for (const bad of ['abc', '0', '-20', '']) {
    await field.click();
    await field.fill(bad);
    await field.press('Enter');
    await expect(field).toHaveValue('80%');
  }
  // Esc leaves a typed value unapplied.
  await field.click();
  await field.fill('300');
  await field.press('Escape');
  await expect(field).toHaveValue('80%');
  // Beyond the limit, the zoom stops at it.
  await field.click();
  await field.fill('100000%');
  await field.press('Enter');
  await expect(field).toHaveValue('6400%');

  // The presets: fit, then 100 %.
  await page.getByTestId('zoom-presets').click();
  await page.getByRole('menuitem', { name: /^Fit/ }).click();
  await expect.poll(() => percentOf(field)).toBe(fitted);
  await expectPictureFitted(page);
  await page.getByTestId('zoom-presets').click();
  await page.getByRole('menuitem', { name: /^100%/ }).click();
  await expect(field).toHaveValue('100%');
  // Typing the word fits as well.
  await field.click();
  await field.fill('fit');
  await field.press('Enter');
  await expect.poll(() => percentOf(field)).toBe(fitted);
  await workspace.drawBox('c', [0.3, 0.3], [0.6, 0.6]);
  await workspace.expectObjects(1);
});
