import { expect, test, type Page } from '@playwright/test';
import { call, loggedInPage } from './pages/teamSetup';
import { MyWorkPage } from './pages/workPages';
import { workWorld } from './pages/workSetup';
import { keepShot } from './pages/shots';

const shot = (page: Page, name: string) =>
  keepShot(page, { path: `test-results/screenshots/work-${name}.png`, animations: 'disabled' });

test('an annotator and a reviewer work through a task, each seeing the other\'s moves in their queues live', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const world = await workWorld(request, 3);
  const annotatorPage = await loggedInPage(browser, world.annotator);
  const reviewerPage = await loggedInPage(browser, world.reviewer);
  const annotatorWork = new MyWorkPage(annotatorPage);
  const reviewerWork = new MyWorkPage(reviewerPage);
  await annotatorWork.open();
  await reviewerWork.open();
  await annotatorWork.expectCounts(world.annotateStep, { pending: 3, held: 0 });
  await reviewerWork.expectCounts(world.reviewStep, { pending: 0 });
  await expect(reviewerWork.step(world.reviewStep).getByRole('button', { name: /Start reviewing/ })).toBeDisabled();
  await shot(annotatorPage, 'my-work');

  // The annotator opens the first photo, draws a cat box with its hotkey and two clicks, and submits.
  const workspace = await annotatorWork.start(world.annotateStep);
  await workspace.expectItemOpen();
  const first = await workspace.itemName();
  // Two left after the open one: the one claimed ahead ("Next item ready") counts, it is still to do.
  await expect(annotatorPage.getByTestId('next-ready')).toBeVisible();
  await expect(annotatorPage.getByTestId('items-left')).toHaveText('2 in queue');
  await workspace.drawBox('c', [0.35, 0.35], [0.6, 0.65]);
  await workspace.expectObjects(1);
  await workspace.expectSaved();
  await shot(annotatorPage, 'workspace-annotate');
  await annotatorPage.getByTestId('submit').click();
  await expect(annotatorPage.getByTestId('item-name')).not.toHaveText(first);
  await expect(annotatorPage.getByTestId('next-ready')).toBeVisible();
  await expect(annotatorPage.getByTestId('items-left')).toHaveText('1 in queue');

  // The reviewer's queue grew without a reload; they open the item and see the box.
  await reviewerWork.expectCounts(world.reviewStep, { pending: 1 });
  const review = await reviewerWork.start(world.reviewStep);
  await review.expectItemOpen();
  await expect(reviewerPage.getByTestId('item-name')).toHaveText(first);
  await review.expectObjects(1);
  await shot(reviewerPage, 'workspace-review');

  // The annotator leaves for My work first: the note below is written while no workspace is
  // open to hear of it, and the item's notes from its first opening are still cached.
  await annotatorPage.getByRole('button', { name: 'Back to My work' }).click();
  await annotatorWork.expectCounts(world.annotateStep, { pending: 1, held: 1 });

  // They select the box, reject with the project's reason and a note pinned to it; their queue is then empty.
  await review.objects.getByText('Cat').click();
  await reviewerPage.getByTestId('reject').click();
  const dialog = reviewerPage.getByRole('dialog');
  await dialog.getByRole('checkbox', { name: world.rejectReason }).check();
  await dialog.getByLabel('Note on the selected object').fill('Tighten the box around the head');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(reviewerPage.getByText('Everything at this step is done')).toBeVisible();

  // In My work, the annotator finds the photo in the rework list with the reviewer's reason.
  // In hand: the rework and the second photo left open; the third, claimed ahead while the
  // second was open, went back to the queue when the annotator left the workspace.
  await annotatorWork.expectCounts(world.annotateStep, { pending: 1, held: 2, rework: 1 });
  const rework = annotatorPage.getByTestId('rework-list');
  await expect(rework).toContainText(first);
  await expect(rework).toContainText(world.rejectReason);
  await rework.getByRole('button', { name: 'Rework' }).click();
  await expect(annotatorPage.getByTestId('rework-notice')).toContainText(world.rejectReason);
  await expect(annotatorPage.getByTestId('item-name')).toHaveText(first);
  await workspace.expectObjects(1);
  // The reviewer's note is there, pinned to the box.
  await annotatorPage.getByRole('tab', { name: 'Notes (1)' }).click();
  await expect(annotatorPage.getByTestId('item-notes')).toContainText('Tighten the box around the head');
  await expect(annotatorPage.getByTestId('item-notes')).toContainText('on an object');
  await shot(annotatorPage, 'workspace-rework');

  // The annotator adds a second cat and submits again; the reviewer compares with the rejected submission.
  await annotatorPage.getByRole('tab', { name: 'Objects' }).click();
  await workspace.drawBox('c', [0.1, 0.1], [0.25, 0.25]);
  await workspace.expectObjects(2);
  await workspace.expectSaved();
  await annotatorPage.getByTestId('submit').click();
  await expect(annotatorPage.getByTestId('item-name')).not.toHaveText(first);
  await reviewerPage.getByRole('button', { name: 'Back to My work' }).click();
  await reviewerWork.expectCounts(world.reviewStep, { pending: 1 });
  await reviewerWork.start(world.reviewStep);
  await expect(reviewerPage.getByTestId('item-name')).toHaveText(first);
  await reviewerPage.getByTestId('compare').click();
  const counts = reviewerPage.getByTestId('compare-counts');
  await expect(counts).toContainText('Added 1');
  await expect(counts).toContainText('Unchanged 1');
  await shot(reviewerPage, 'workspace-compare');
});

test('pre-annotations show as suggestions the annotator accepts; a submit with one left unconfirmed asks first, and the reviewer sees it marked', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const world = await workWorld(request, 1);
  const owner = (method: 'GET' | 'POST', path: string, data?: unknown) => call(request, world.owner, method, path, data);
  const items = await owner('GET', `/task/subject/list/detail?projectId=${world.projectId}&taskId=${world.taskId}`);
  const taskSubjectId: number = items.list[0].taskSubjectId;
  const opened = await owner('GET', `/task/${world.taskId}/annotate/subject?projectId=${world.projectId}&taskSubjectId=${taskSubjectId}`);
  const ontology = await owner('GET', `/project/${world.projectId}/ontology`);
  const cat = ontology.features.find((f: { tool: string }) => f.tool === 'box');
  const box = (id: string, x: number) => ({ id, featureId: cat.featureId, labelId: cat.labels[0].id, tool: 'box', geometry: { x, y: 40, width: 80, height: 60 }, attributes: {}, zIndex: 0, source: 'ai' });
  await owner('POST', '/annotate/beforehand/update', {
    projectId: world.projectId,
    taskId: world.taskId,
    items: [{ taskSubjectId, frames: [{ frameId: opened.subject.frames[0].frameId, data: { version: 1, objects: [box('ai-1', 20), box('ai-2', 200)], classifications: [] } }] }],
  });

  const page = await loggedInPage(browser, world.annotator);
  const work = new MyWorkPage(page);
  await work.open();
  const workspace = await work.start(world.annotateStep);
  await workspace.expectItemOpen();
  await workspace.expectObjects(2);
  await expect(page.getByTestId('pre-annotations')).toContainText('2 pre-annotations to confirm');
  // Each says what it is: nobody has confirmed it yet (issue 31).
  const row = (id: string) => page.locator(`[data-testid="object-row"][data-object-id="${id}"]`);
  await expect(row('ai-1').getByTestId('ai-tag')).toHaveText('Unconfirmed');
  await shot(page, 'workspace-pre-annotations');
  await row('ai-1').getByRole('button', { name: 'Accept this pre-annotation' }).click();
  await expect(page.getByTestId('pre-annotations')).toContainText('1 pre-annotation to confirm');
  await expect(row('ai-1').getByTestId('ai-tag')).toHaveCount(0);
  await workspace.expectSaved();

  // Submitting with one left asks first; going back keeps the item open, "as they are" hands it on.
  await page.getByTestId('submit').click();
  const ask = page.getByTestId('unconfirmed-dialog');
  await expect(ask).toContainText('1 suggestion nobody has confirmed');
  await ask.getByRole('button', { name: 'Go back' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByTestId('item-name')).not.toHaveText('');
  await page.getByTestId('submit').click();
  await ask.getByTestId('submit-unconfirmed').click();
  await expect(page.getByText('Everything at this step is done')).toBeVisible();
  const saved = await call(request, world.annotator, 'GET', `/annotate?taskSubjectId=${taskSubjectId}`);
  expect(saved.frames[0].data.objects.map((o: { id: string; source: string }) => `${o.id}:${o.source}`).sort()).toEqual(['ai-1:manual', 'ai-2:ai']);

  // The reviewer sees which object nobody confirmed.
  const reviewerPage = await loggedInPage(browser, world.reviewer);
  const review = new MyWorkPage(reviewerPage);
  await review.open();
  const reviewing = await review.start(world.reviewStep);
  await reviewing.expectItemOpen();
  const reviewed = (id: string) => reviewerPage.locator(`[data-testid="object-row"][data-object-id="${id}"]`);
  await expect(reviewed('ai-2').getByTestId('ai-tag')).toHaveText('Unconfirmed');
  await expect(reviewed('ai-1').getByTestId('ai-tag')).toHaveCount(0);
  await shot(reviewerPage, 'review-unconfirmed');
});

test('a classification question must be answered before submit unless the ontology says it need not be, and the answer reaches the server', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const world = await workWorld(request, 1, { classification: true });
  // A second question the ontology's switch leaves optional (issue 31): it never stops a submit.
  await call(request, world.owner, 'POST', '/ontology/feature/manage', {
    projectId: world.projectId,
    features: [{ name: 'Weather', tool: 'classification', scope: 'subject', required: false, labels: [{ name: 'Sunny', color: '#fadb14' }, { name: 'Rainy', color: '#1677ff' }] }],
  });
  const page = await loggedInPage(browser, world.annotator);
  const work = new MyWorkPage(page);
  await work.open();
  const workspace = await work.start(world.annotateStep);
  await workspace.expectItemOpen();
  await page.getByTestId('submit').click();
  await expect(page.getByText('1 classification question still needs an answer')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Classification' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('group', { name: 'Weather' })).toContainText('Optional');
  await page.getByRole('radio', { name: 'Outdoor' }).check();
  await workspace.expectSaved();
  await shot(page, 'workspace-classification');
  const items = await call(request, world.owner, 'GET', `/task/subject/list/detail?projectId=${world.projectId}&taskId=${world.taskId}`);
  const saved = await call(request, world.annotator, 'GET', `/annotate?taskSubjectId=${items.list[0].taskSubjectId}`);
  expect(saved.frames[0].data.classifications).toHaveLength(1);
  await page.getByTestId('submit').click();
  await expect(page.getByText('Everything at this step is done')).toBeVisible();
});

test('in a frame sequence a box is a track: carried ahead, moved between keyframes, out of view and back, undone across frames, keyframe removed, merged, split, copied ahead, deleted', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const world = await workWorld(request, 3, { sequence: true });
  const page = await loggedInPage(browser, world.annotator);
  const work = new MyWorkPage(page);
  await work.open();
  const workspace = await work.start(world.annotateStep);
  await workspace.expectItemOpen();
  await expect(page.getByText('Frame 1 of 3')).toBeVisible();
  await workspace.drawBox('c', [0.3, 0.4], [0.4, 0.5]);
  await workspace.expectObjects(1);
  const trackState = page.getByTestId('track-state');
  await expect(trackState).toHaveText('Keyframe here');
  // The track carries on by itself: on frame 3 the box is there, not yet a keyframe.
  await page.keyboard.press('d');
  await page.keyboard.press('d');
  await expect(page.getByText('Frame 3 of 3')).toBeVisible();
  await workspace.expectObjects(1);
  await page.keyboard.press('v');
  await page.getByTestId('object-list').getByText('Cat').click();
  await expect(trackState).toHaveText('Interpolated here');
  // Moved on frame 3: a keyframe there, and frame 2 halfway between the two keyframes.
  const from = await workspace.at(0.35, 0.45);
  const to = await workspace.at(0.55, 0.45);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
  await expect(trackState).toHaveText('Keyframe here');
  await expect(page.getByTestId('track-panel')).toContainText('2 keyframes');
  await page.keyboard.press('a');
  await expect(page.getByText('Frame 2 of 3')).toBeVisible();
  await expect(trackState).toHaveText('Interpolated here');
  /** Clicks a point of the canvas and says whether it selected the box. */
  const boxAt = async (fx: number) => {
    await page.keyboard.press('Escape');
    const p = await workspace.at(fx, 0.45);
    await page.mouse.click(p.x, p.y);
    return (await page.getByTestId('object-row').first().getAttribute('style'))?.includes('rgb(230, 244, 255)') ?? false;
  };
  // halfway: the box spans 0.4 to 0.5 of the width here, no longer 0.3 to 0.4
  expect(await boxAt(0.45)).toBe(true);
  expect(await boxAt(0.32)).toBe(false);
  await workspace.expectSaved();
  const items = await call(request, world.owner, 'GET', `/task/subject/list/detail?projectId=${world.projectId}&taskId=${world.taskId}`);
  const taskSubjectId = items.list[0].taskSubjectId;
  // Only the two keyframes are stored: frame 2 is the track between them.
  const saved = await call(request, world.annotator, 'GET', `/annotate?taskSubjectId=${taskSubjectId}`);
  const keyframes = saved.frames.flatMap((f: { data: { objects: { id: string; keyframe?: boolean; geometry: { x: number } }[] } }) => f.data.objects.map((o) => [o.id, o.keyframe, Math.round(o.geometry.x)]));
  expect(keyframes).toHaveLength(2);
  expect(new Set(keyframes.map((k: unknown[]) => k[0])).size).toBe(1);
  expect(keyframes.every((k: unknown[]) => k[1] === true)).toBe(true);
  expect(keyframes[1][2]).toBeGreaterThan(keyframes[0][2] + 10);

  // Out of view from frame 2 until its next keyframe (frame 3): gone here, the panel still there to bring it back.
  await page.getByTestId('object-list').getByText('Cat').click();
  await page.getByRole('button', { name: 'Out of view from here' }).click();
  await workspace.expectObjects(0);
  await expect(trackState).toHaveText('Out of view here');
  await page.keyboard.press('a');
  await workspace.expectObjects(1);
  // Undone on another frame than it was done: the whole item's history, not the frame's.
  await page.keyboard.press('Control+z');
  await page.keyboard.press('d');
  await expect(page.getByText('Frame 2 of 3')).toBeVisible();
  await workspace.expectObjects(1);
  await page.keyboard.press('Control+Shift+z');
  await workspace.expectObjects(0);
  await page.getByRole('button', { name: 'Back in view' }).click();
  await workspace.expectObjects(1);
  await expect(trackState).toHaveText('Keyframe here');
  const panel = page.getByTestId('track-panel');
  await page.getByRole('button', { name: 'Remove this keyframe' }).click();
  await expect(trackState).toHaveText('Interpolated here');
  await expect(panel).toContainText('2 keyframes');

  // A second box on frame 2, both selected, merged into one track (the new box's: selected first).
  await workspace.drawBox('c', [0.7, 0.2], [0.8, 0.3]);
  await workspace.expectObjects(2);
  await page.keyboard.press('v');
  const first = await workspace.at(0.45, 0.45);
  await page.keyboard.down('Shift');
  await page.mouse.click(first.x, first.y);
  await page.keyboard.up('Shift');
  await page.getByRole('button', { name: 'Merge the two tracks' }).click();
  await workspace.expectObjects(1);
  await expect(panel).toContainText('3 keyframes');
  // Split at frame 2: the frames before keep the track, from here on it is another.
  await page.getByRole('button', { name: 'Split here' }).click();
  await workspace.expectObjects(1);
  await page.getByTestId('object-list').getByText('Cat').click();
  await expect(panel).toContainText('2 keyframes');
  // Propagated one frame ahead: frame 3's keyframe takes frame 2's shape.
  await page.getByRole('spinbutton', { name: 'Frames to propagate to' }).fill('1');
  await panel.getByRole('button', { name: 'Copy ahead' }).click();
  // The track before the split, deleted whole on frame 1; the one after it stays.
  await page.keyboard.press('a');
  await expect(page.getByText('Frame 1 of 3')).toBeVisible();
  await page.getByTestId('object-list').getByText('Cat').click();
  // its keyframe here and the one where it went out of view at the split
  await expect(panel).toContainText('2 keyframes');
  await page.getByRole('button', { name: 'Delete the whole track' }).click();
  await workspace.expectObjects(0);
  await page.keyboard.press('d');
  await workspace.expectObjects(1);
  await workspace.expectSaved();
  const after = await call(request, world.annotator, 'GET', `/annotate?taskSubjectId=${taskSubjectId}`);
  const left = after.frames.map((f: { data: { objects: { id: string; keyframe?: boolean; geometry: { x: number } }[] } }) => f.data.objects.map((o) => [o.id, Math.round(o.geometry.x)]));
  // frame 1: nothing; frames 2 and 3: one track, the same shape on both
  expect(left[0]).toEqual([]);
  expect(left[1]).toHaveLength(1);
  expect(left[2]).toEqual(left[1]);
});

test('a save from another device while the annotator works is a conflict they decide, never overwritten silently; a key remapped in the shortcut sheet stays remapped', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const world = await workWorld(request, 1);
  const page = await loggedInPage(browser, world.annotator);
  const work = new MyWorkPage(page);
  await work.open();
  const workspace = await work.start(world.annotateStep);
  await workspace.expectItemOpen();

  // The same annotator saves the item from another device, at the version the workspace opened.
  const items = await call(request, world.owner, 'GET', `/task/subject/list/detail?projectId=${world.projectId}&taskId=${world.taskId}`);
  const taskSubjectId: number = items.list[0].taskSubjectId;
  const current = await call(request, world.annotator, 'GET', `/annotate?taskSubjectId=${taskSubjectId}`);
  const opened = await call(request, world.owner, 'GET', `/task/${world.taskId}/annotate/subject?projectId=${world.projectId}&taskSubjectId=${taskSubjectId}`);
  const ontology = await call(request, world.owner, 'GET', `/project/${world.projectId}/ontology`);
  const cat = ontology.features.find((f: { tool: string }) => f.tool === 'box');
  await call(request, world.annotator, 'POST', '/annotate/object/v2', {
    taskSubjectId,
    saveId: `elsewhere-${Date.now()}`,
    baseVersion: current.version,
    frameId: opened.subject.frames[0].frameId,
    upsert: [{ id: 'from-laptop', featureId: cat.featureId, labelId: cat.labels[0].id, tool: 'box', geometry: { x: 5, y: 5, width: 40, height: 40 }, attributes: {}, zIndex: 0, source: 'manual' }],
  });

  // Here the annotator draws; their save meets the newer version and the workspace asks.
  await workspace.drawBox('c', [0.35, 0.35], [0.6, 0.65]);
  const dialog = page.getByRole('dialog', { name: 'Someone else changed this item' });
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('sync-state')).toHaveAttribute('data-state', 'conflict');
  await shot(page, 'workspace-conflict');
  await dialog.getByRole('button', { name: 'Overwrite with mine' }).click();
  await expect(dialog).toBeHidden();
  await workspace.expectSaved();
  // Theirs is kept, and mine is added: the server has both boxes, and so does the screen.
  await workspace.expectObjects(2);
  const after = await call(request, world.annotator, 'GET', `/annotate?taskSubjectId=${taskSubjectId}`);
  expect(after.frames[0].data.objects.map((o: { id: string }) => o.id)).toContain('from-laptop');
  expect(after.frames[0].data.objects).toHaveLength(2);

  // The shortcut sheet remaps "fit" to x; a key already used by a label is refused with its name.
  await page.getByRole('button', { name: 'Shortcuts' }).click();
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  const fitRow = sheet.getByRole('row', { name: /Fit to window/ });
  await fitRow.getByRole('button', { name: 'Change' }).click();
  await page.keyboard.press('c');
  await expect(sheet.getByText('c is already the hotkey of the label “Cat”')).toBeVisible();
  await page.keyboard.press('x');
  await expect(fitRow).toContainText('x');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  // Kept on this workstation: after a reload the sheet still says x.
  await page.reload();
  await workspace.expectItemOpen();
  await page.getByRole('button', { name: 'Shortcuts' }).click();
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' }).getByRole('row', { name: /Fit to window/ })).toContainText('x');
});
