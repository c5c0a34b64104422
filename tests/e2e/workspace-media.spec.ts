import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config';
import { call, loggedInPage, SERVER } from './pages/teamSetup';
import { MyWorkPage } from './pages/workPages';
import { workWorld } from './pages/workSetup';

/** Where the e2e server (local disk, as `npm start` runs it) keeps an object. */
const objectFile = (key: string) => path.join(E2E_DATA_DIR, 'objects', key);

test('an item whose picture is damaged or gone says so, cannot be submitted blind, and is skipped with the reason; the next one opens as usual; a video item steps, jumps, goes to a frame and plays, every frame the one named', async ({ browser, request }) => {
  test.setTimeout(180_000);
  // chelsea.png, coffee.png, astronaut.png, in that order; then a video of 90 frames, each showing its own number.
  const world = await workWorld(request, 3, { video: 90 });
  const subjects = await call(request, world.owner, 'GET', `/project/${world.projectId}/subject/list?pageSize=10`);
  const keyOf = (name: string) => subjects.list.find((s: { name: string }) => s.name === name).firstFrame.key as string;
  // Damaged after it was taken in (written over through the store, as a faulty tool would), and deleted from the store.
  const chelsea = keyOf('chelsea.png');
  const damaged = Buffer.concat([fs.readFileSync(objectFile(chelsea)).subarray(0, 200), Buffer.alloc(5000, 0x41)]);
  const up = await request.post(`${SERVER}/obs/upload?key=${encodeURIComponent(chelsea)}`, { headers: world.owner.headers, multipart: { file: { name: 'chelsea.png', mimeType: 'image/png', buffer: damaged } } });
  expect((await up.json()).code).toBe(200);
  fs.rmSync(objectFile(keyOf('coffee.png')));

  const page = await loggedInPage(browser, world.annotator);
  const work = new MyWorkPage(page);
  await work.open();
  const workspace = await work.start(world.annotateStep);
  await expect(page.getByTestId('item-name')).toHaveText('chelsea.png');
  const failure = page.getByTestId('media-failure');
  await expect(failure).toHaveAttribute('data-reason', 'undecodable');
  await expect(failure).toContainText('This picture cannot be shown');
  await expect(failure).toContainText('Its file is damaged');
  // Not handed on as done, by the button or the keyboard.
  await page.getByTestId('submit').click();
  await expect(page.getByText('The picture is not shown, so this item cannot be submitted')).toBeVisible();
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('item-name')).toHaveText('chelsea.png');
  await page.getByTestId('media-skip').click();

  await expect(page.getByTestId('item-name')).toHaveText('coffee.png');
  await expect(failure).toHaveAttribute('data-reason', 'missing');
  await expect(failure).toContainText('no longer in storage');
  // Trying again finds it still gone.
  await failure.getByTestId('media-retry').click();
  await expect(failure).toHaveAttribute('data-reason', 'missing');
  await page.getByTestId('media-skip').click();

  // The next item's picture is its own, drawn as usual, with nothing of the failure left.
  await expect(page.getByTestId('item-name')).toHaveText('astronaut.png');
  await workspace.expectItemOpen();
  await expect(page.locator('[data-testid="workspace-stage"][data-item]')).toBeVisible();
  await expect(failure).toHaveCount(0);

  // The server has both skips, each with the reason the annotator saw.
  const items = await call(request, world.owner, 'GET', `/task/subject/list/detail?projectId=${world.projectId}&taskId=${world.taskId}`);
  for (const [name, why] of [['chelsea.png', 'Its file is damaged'], ['coffee.png', 'no longer in storage']] as const) {
    const id = items.list.find((i: { subjectName: string }) => i.subjectName === name).taskSubjectId;
    const log = await call(request, world.owner, 'GET', `/task/subject/log?taskSubjectId=${id}`);
    const skip = log.list.find((e: { action: string }) => e.action === 'skip');
    expect(skip?.reason, name).toContain('The picture cannot be shown');
    expect(skip?.reason, name).toContain(why);
  }

  // Issue 33: the video item, decoded in the workspace from its file. The strip names a frame by
  // its number in the file; the canvas shows that frame (its number is drawn in its pixels).
  await page.getByTestId('submit').click();
  await expect(page.getByTestId('item-name')).toHaveText('clip.mp4');
  await workspace.expectItemOpen();
  const position = page.getByTestId('video-position');
  await workspace.expectVideoFrame(0);
  await expect(position).toHaveText('Frame 0 · 0:00.000');
  await page.keyboard.press('d');
  await workspace.expectVideoFrame(1);
  await page.keyboard.press('Shift+ArrowRight');
  await workspace.expectVideoFrame(11);
  await page.keyboard.press('Shift+ArrowRight');
  await workspace.expectVideoFrame(21);
  await page.keyboard.press('Shift+ArrowLeft');
  await workspace.expectVideoFrame(11);
  await page.keyboard.press('a');
  await workspace.expectVideoFrame(10);
  const goTo = page.getByTestId('video-go-to');
  await goTo.fill('57');
  await goTo.press('Enter');
  await workspace.expectVideoFrame(57);
  await expect(position).toHaveText('Frame 57 · 0:01.900');
  await goTo.fill('500');
  await goTo.press('Enter');
  await expect(page.getByText('This item is frames 0 to 89 of the video; frame 500 is not in it.')).toBeVisible();
  await goTo.fill('30');
  await goTo.press('Enter');
  await workspace.expectVideoFrame(30);
  // Playing: every frame in turn (the strip's number never skips one) to the last, where it stops;
  // the canvas then shows the frame the strip names.
  await position.evaluate((el) => {
    const seen: number[] = [];
    (window as unknown as { framesSeen: number[] }).framesSeen = seen;
    new MutationObserver(() => seen.push(Number(el.getAttribute('data-frame')))).observe(el, { attributes: true, attributeFilter: ['data-frame'] });
  });
  const play = page.getByTestId('video-play');
  await page.keyboard.press('k');
  await expect(play).toHaveAttribute('data-playing', 'false', { timeout: 20_000 });
  await workspace.expectVideoFrame(89);
  const seen = await page.evaluate(() => (window as unknown as { framesSeen: number[] }).framesSeen.splice(0));
  expect(seen).toEqual(Array.from({ length: 59 }, (_, k) => 31 + k));
  // Played again from the start, and paused on the way: the frame it stopped on is the one shown.
  await page.keyboard.press('k');
  await expect(play).toHaveAttribute('data-playing', 'true');
  await page.keyboard.press('k');
  await expect(play).toHaveAttribute('data-playing', 'false');
  const stopped = Number(await position.getAttribute('data-frame'));
  expect(stopped).toBeLessThan(89);
  await workspace.expectVideoFrame(stopped);
  expect(await page.evaluate(() => (window as unknown as { framesSeen: number[] }).framesSeen)).toEqual(Array.from({ length: stopped + 1 }, (_, k) => k));
});
