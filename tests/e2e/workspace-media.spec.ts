import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config';
import { call, loggedInPage, SERVER } from './pages/teamSetup';
import { MyWorkPage } from './pages/workPages';
import { workWorld } from './pages/workSetup';

/** Where the e2e server (local disk, as `npm start` runs it) keeps an object. */
const objectFile = (key: string) => path.join(E2E_DATA_DIR, 'objects', key);

test('an item whose picture is damaged or gone says so, cannot be submitted blind, and is skipped with the reason; the next one opens as usual', async ({ browser, request }) => {
  test.setTimeout(180_000);
  // chelsea.png, coffee.png, astronaut.png, in that order.
  const world = await workWorld(request, 3);
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
});
