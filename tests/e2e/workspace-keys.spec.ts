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

  // A cat box, drawn with the box tool's words on the canvas: what its next click does.
  const hint = page.getByTestId('tool-hint');
  await expect(hint).toHaveCount(0);
  await page.keyboard.press('c');
  await expect(hint).toHaveText('Drag across the object, or click one corner and then the opposite one');
  const corner = await workspace.at(0.2, 0.2);
  await page.mouse.click(corner.x, corner.y);
  await expect(hint).toHaveText('Click the opposite corner to finish the box · Esc cancels');
  const opposite = await workspace.at(0.5, 0.5);
  await page.mouse.click(opposite.x, opposite.y);
  await workspace.expectObjects(1);
  // Its Pose answered with a click: the radio keeps the focus.
  await page.getByTestId('object-attributes').getByRole('radio', { name: 'Sitting' }).click();
  await expect(page.getByTestId('object-attributes').getByRole('radio', { name: 'Sitting' })).toBeFocused();

  // The polygon label's hotkey still arms it, and the clicks draw a polygon, not another box.
  await page.keyboard.press('g');
  await expect(page.getByTestId('label-Background')).toHaveAttribute('aria-pressed', 'true');
  await expect(hint).toHaveText('Click the first vertex (Shift-drag draws freehand)');
  for (const [fx, fy] of [[0.6, 0.6], [0.8, 0.6], [0.7, 0.8]] as const) {
    const p = await workspace.at(fx, fy);
    await page.mouse.click(p.x, p.y);
  }
  await expect(hint).toContainText('Click the next vertex; click the first one, double-click or press Enter to close');
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

test('the shortcut sheet and the tooltips write keys as the platform does: Ctrl on Linux, never "mod"', async ({ browser, request }) => {
  test.slow();
  const world = await workWorld(request, 1);
  const page = await loggedInPage(browser, world.annotator);
  const work = new MyWorkPage(page);
  await work.open();
  const workspace = await work.start(world.annotateStep);
  await workspace.expectItemOpen();
  const tooltip = (text: string) => page.getByRole('tooltip').filter({ hasText: text });

  // The buttons of the header say their keys.
  await page.getByRole('button', { name: 'Undo' }).hover();
  await expect(tooltip('Undo (Ctrl+Z)')).toBeVisible();
  await page.getByTestId('submit').hover();
  await expect(tooltip('Submit (Ctrl+Enter)')).toBeVisible();
  await page.getByRole('button', { name: 'Zoom in' }).hover();
  await expect(tooltip('Zoom in (=)')).toBeVisible();
  // A label's hotkey, and an object's buttons.
  await page.getByTestId('label-Cat').hover();
  await expect(tooltip('Hotkey c')).toBeVisible();
  await workspace.drawBox('c', [0.2, 0.2], [0.5, 0.5]);
  await workspace.expectObjects(1);
  await page.getByTestId('object-row').getByRole('button', { name: 'Delete' }).hover();
  await expect(tooltip('Delete (Delete)')).toBeVisible();

  // The sheet: every chord written out, none of them "mod".
  await page.getByRole('button', { name: 'Shortcuts' }).click();
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet.getByRole('row', { name: /Redo/ })).toContainText('Ctrl+Shift+Z');
  await expect(sheet.getByRole('row', { name: /Redo/ })).toContainText('Ctrl+Y');
  await expect(sheet.getByRole('row', { name: /Submit/ })).toContainText('Ctrl+Enter');
  await expect(sheet).toContainText('While drawing: Enter finishes, Esc cancels, Backspace removes the last point');
  expect(await sheet.innerText()).not.toMatch(/\bmod\b/i);
  await sheet.getByRole('row', { name: /Undo/ }).getByRole('button', { name: 'Change' }).click();
  await expect(sheet).toContainText('Press the new key (Esc cancels)');
});
