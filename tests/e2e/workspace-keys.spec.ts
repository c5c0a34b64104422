import { expect, test } from '@playwright/test';
import { call, loggedInPage } from './pages/teamSetup';
import { MyWorkPage } from './pages/workPages';
import { workWorld } from './pages/workSetup';

type Saved = { frames: { data: { objects: { tool: string; attributes: Record<string, unknown> }[] } }[] };

test('label hotkeys work after an attribute is answered with the mouse, and Ctrl+Y redoes', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const world = await workWorld(request, 1);
  const page = await loggedInPage(browser, world.annotator);
  const work = new MyWorkPage(page);
  await work.open();
  const workspace = await work.start(world.annotateStep);
  await workspace.expectItemOpen();

  // A cat box, its Pose answered with a click: the radio keeps the focus.
  await workspace.drawBox('c', [0.2, 0.2], [0.5, 0.5]);
  await workspace.expectObjects(1);
  await page.getByTestId('object-attributes').getByRole('radio', { name: 'Sitting' }).click();
  await expect(page.getByTestId('object-attributes').getByRole('radio', { name: 'Sitting' })).toBeFocused();

  // The polygon label's hotkey still arms it, and the clicks draw a polygon, not another box.
  await page.keyboard.press('g');
  await expect(page.getByTestId('label-Background')).toHaveAttribute('aria-pressed', 'true');
  for (const [fx, fy] of [[0.6, 0.6], [0.8, 0.6], [0.7, 0.8]] as const) {
    const p = await workspace.at(fx, fy);
    await page.mouse.click(p.x, p.y);
  }
  await page.keyboard.press('Enter');
  await workspace.expectObjects(2);

  // Ctrl+Z takes the polygon back, Ctrl+Y brings it back (as CVAT and most editors do).
  await page.keyboard.press('Control+z');
  await workspace.expectObjects(1);
  await page.keyboard.press('Control+y');
  await workspace.expectObjects(2);
  await workspace.expectSaved();

  const [id] = (await call(request, world.owner, 'GET', `/task/subject/list/detail?projectId=${world.projectId}&taskId=${world.taskId}`)).list.map((i: { taskSubjectId: number }) => i.taskSubjectId);
  const saved: Saved = await call(request, world.annotator, 'GET', `/annotate?taskSubjectId=${id}`);
  const objects = saved.frames.flatMap((f) => f.data.objects);
  expect(objects.map((o) => o.tool).sort()).toEqual(['box', 'polygon']);
  expect(Object.keys(objects.find((o) => o.tool === 'box')!.attributes)).toHaveLength(1);
});
