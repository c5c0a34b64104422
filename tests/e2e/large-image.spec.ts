import { expect, test, type Page } from '@playwright/test';
import { loggedInPage } from './pages/teamSetup';
import { MyWorkPage } from './pages/workPages';
import { PANORAMA, workWorld } from './pages/workSetup';
import { keepShot } from './pages/shots';

/** The colour the workspace canvas shows at a point given as fractions of its size. */
const pixelAt = (page: Page, fx: number, fy: number) =>
  page.evaluate(
    `(() => { const c = document.querySelector('[data-testid="annotation-canvas"]'); const d = c.getContext('2d').getImageData(Math.round(c.width * ${fx}), Math.round(c.height * ${fy}), 1, 1).data; return [d[0], d[1], d[2]]; })()`,
  ) as Promise<[number, number, number]>;
const isRed = ([r, g, b]: number[]) => r! > 200 && g! < 60 && b! < 60;
const isGreen = ([r, g, b]: number[]) => g! > 200 && r! < 60 && b! < 60;

test('an image of 17,000 px opens from its tile pyramid: the whole of it at once, and only the full-size tiles on screen when zoomed in', async ({ browser, request }) => {
  const world = await workWorld(request, 0, { panorama: true });
  const page = await loggedInPage(browser, world.annotator);
  // Which stored objects the workspace asks to read (each through a signed URL).
  const asked: string[] = [];
  page.on('request', (r) => {
    const key = new URL(r.url()).searchParams.get('key');
    if (r.url().includes('/obs/url') && key) asked.push(key);
  });
  const work = new MyWorkPage(page);
  await work.open();
  const workspace = await work.start(world.annotateStep);
  await workspace.expectItemOpen();
  await expect(page.getByTestId('workspace-stage')).toHaveAttribute('data-item', /\d+/);

  // Fitted, the whole strip shows from the one-tile overview: red on the left third, green after.
  await expect.poll(() => pixelAt(page, 0.2, 0.5).then(isRed), { timeout: 10_000 }).toBe(true);
  await expect.poll(() => pixelAt(page, 0.8, 0.5).then(isGreen)).toBe(true);
  // Neither the original nor any full-size tile was read: the level matching the screen was.
  expect(asked.some((k) => k.endsWith('panorama.png'))).toBe(false);
  expect(asked.filter((k) => k.includes('panorama.png_files/15/'))).toEqual([]);
  expect(asked.filter((k) => k.includes('panorama.png_files/')).length).toBeGreaterThan(0);

  // At 100 % the full-size level's tiles under the view are fetched, not the other 15 of its 17.
  await page.getByTestId('zoom-presets').click();
  await page.getByRole('menuitem', { name: /^100%/ }).click();
  await expect(page.getByTestId('zoom-field')).toHaveValue('100%');
  const fullSize = () => asked.filter((k) => k.includes('panorama.png_files/15/'));
  await expect.poll(() => fullSize().length, { timeout: 10_000 }).toBeGreaterThan(0);
  await page.waitForTimeout(500);
  expect(fullSize().length).toBeLessThanOrEqual(3);
  expect(asked.some((k) => k.endsWith('panorama.png'))).toBe(false);
  // The middle of the strip is green, drawn now from its full-size tile.
  await expect.poll(() => pixelAt(page, 0.5, 0.5).then(isGreen)).toBe(true);
  expect(PANORAMA.width / 2).toBeGreaterThan(PANORAMA.redTo);
  await keepShot(page, { path: 'test-results/screenshots/work-large-image.png', animations: 'disabled' });
});
