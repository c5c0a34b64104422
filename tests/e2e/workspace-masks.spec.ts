import { expect, test, type Page } from '@playwright/test';
import { countsArea, decodeCounts } from '../../src-shared/mask/rle';
import { call, loggedInPage } from './pages/teamSetup';
import { AiWorkspace } from './pages/aiWorkspacePages';
import { MyWorkPage, type WorkspacePage } from './pages/workPages';
import { workWorld, type WorkWorld } from './pages/workSetup';

type Saved = { frames: { data: { objects: { tool: string; labelId: string; geometry: { rle?: string; width?: number; height?: number; points?: unknown[] } }[] } }[] };

/** The objects the server holds for the annotator's item, with each mask's painted pixels counted. */
async function savedObjects(request: Parameters<typeof call>[0], world: WorkWorld) {
  const [id] = (await call(request, world.owner, 'GET', `/task/subject/list/detail?projectId=${world.projectId}&taskId=${world.taskId}`)).list.map((i: { taskSubjectId: number }) => i.taskSubjectId);
  const saved: Saved = await call(request, world.annotator, 'GET', `/annotate?taskSubjectId=${id}`);
  return saved.frames.flatMap((f) => f.data.objects).map((o) => ({ tool: o.tool, pixels: o.geometry.rle ? countsArea(decodeCounts(o.geometry.rle)!).set : 0, box: (o.geometry.width ?? 0) * (o.geometry.height ?? 0) }));
}

/** A stroke the way a hand paints one: press, move through the points, release. */
async function paint(page: Page, workspace: WorkspacePage, points: [number, number][]) {
  const [first, ...rest] = await Promise.all(points.map(([fx, fy]) => workspace.at(fx, fy)));
  await page.mouse.move(first!.x, first!.y);
  await page.mouse.down();
  for (const p of rest) await page.mouse.move(p.x, p.y, { steps: 4 });
  await page.mouse.up();
}

test('an annotator paints a mask, fills the area it encloses, erases, resizes the brush, undoes, and turns it into polygons and back; the server keeps each step', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const world = await workWorld(request, 1, { masks: true });
  const page = await loggedInPage(browser, world.annotator);
  const work = new MyWorkPage(page);
  await work.open();
  const workspace = await work.start(world.annotateStep);
  await workspace.expectItemOpen();

  // The mask label's hotkey arms the brush, with its toolbar and its words on the canvas.
  await page.keyboard.press('m');
  const toolbar = page.getByTestId('mask-toolbar');
  await expect(toolbar).toBeVisible();
  await expect(page.getByTestId('tool-hint')).toHaveText('Paint over the object; strokes add to the selected mask · Enter starts a new mask');
  await expect(page.getByTestId('mask-size')).toHaveValue('12');
  await page.keyboard.press(']');
  await page.keyboard.press(']');
  await expect(page.getByTestId('mask-size')).toHaveValue('17');

  // A ring painted round the middle of the picture: one mask.
  await paint(page, workspace, [[0.35, 0.35], [0.6, 0.35], [0.6, 0.6], [0.35, 0.6], [0.35, 0.35]]);
  await workspace.expectObjects(1);
  await workspace.expectSaved();
  const ring = (await savedObjects(request, world))[0]!;
  expect(ring.tool).toBe('mask');
  expect(ring.pixels).toBeGreaterThan(0);

  // Fill (G) inside the ring fills what it encloses; outside any mask it says why nothing happened.
  await page.keyboard.press('g');
  await expect(toolbar.getByTestId('mask-mode-fill')).toBeVisible();
  const outside = await workspace.at(0.9, 0.9);
  await page.mouse.click(outside.x, outside.y);
  await expect(page.getByText('There is no mask here to fill. Select a mask first, or paint one with the brush.')).toBeVisible();
  const inside = await workspace.at(0.475, 0.475);
  await page.mouse.click(inside.x, inside.y);
  // Filled, the ring's box is all mask but for its rounded corners.
  await expect.poll(async () => (await savedObjects(request, world))[0]!.pixels).toBeGreaterThan(ring.pixels);
  const filled = (await savedObjects(request, world))[0]!.pixels;
  expect(filled).toBeGreaterThan(0.9 * (await savedObjects(request, world))[0]!.box);
  expect(ring.pixels).toBeLessThan(0.85 * ring.box);

  // The eraser (E) takes a band out of it; undo gives the band back.
  await page.keyboard.press('e');
  await paint(page, workspace, [[0.3, 0.475], [0.65, 0.475]]);
  await expect.poll(async () => (await savedObjects(request, world))[0]!.pixels).toBeLessThan(filled);
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await savedObjects(request, world))[0]!.pixels).toBe(filled);

  // The mask into polygons and back again, each one step, under the label of the same name.
  await page.keyboard.press('v');
  await expect(toolbar).toHaveCount(0);
  await page.getByTestId('object-row').first().click();
  await page.getByTestId('convert-to-polygon').click();
  await expect.poll(async () => (await savedObjects(request, world)).map((o) => o.tool)).toEqual(['polygon']);
  await page.getByTestId('object-row').first().click();
  await page.getByTestId('convert-to-mask').click();
  await expect.poll(async () => (await savedObjects(request, world)).map((o) => o.tool)).toEqual(['mask']);
  // What the polygon outlined is the mask it came from, to within its outline's simplification.
  const back = (await savedObjects(request, world))[0]!.pixels;
  expect(Math.abs(back - filled) / filled).toBeLessThan(0.03);

  // Click to outline, as a mask: with the mask label armed, the AI mode's click on the cat answers
  // a mask; a background click refines it; Enter keeps it as a suggestion, saved as a mask.
  await page.keyboard.press('m');
  const ai = new AiWorkspace(page);
  await ai.panel.getByTestId('ai-polygon-mode').click();
  await expect(ai.status).toHaveAttribute('data-mode', 'polygon');
  const cat = await workspace.at(0.3, 0.75);
  await ai.answerTo(() => page.mouse.click(cat.x, cat.y));
  await expect(ai.status).toHaveAttribute('data-outline', 'shown');
  const wall = await workspace.at(0.9, 0.25);
  await ai.answerTo(() => page.mouse.click(wall.x, wall.y, { button: 'right' }));
  await page.keyboard.press('Enter');
  await workspace.expectObjects(2);
  await expect.poll(async () => (await savedObjects(request, world)).map((o) => o.tool)).toEqual(['mask', 'mask']);
  expect((await savedObjects(request, world))[1]!.pixels).toBeGreaterThan(1000);
});
