import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config';
import { makeFrameNumberVideo } from '../support/frameNumberVideo';
import { englishPage } from './pages/consoleWatch';
import { call, SERVER, type TestUser } from './pages/teamSetup';
import { workWorld } from './pages/workSetup';
import { keepShot } from './pages/shots';

/** A frame project of the owner's team with one video item of 30 frames (1 s at 30 fps), registered through the API. */
async function videoProject(request: APIRequestContext, owner: TestUser): Promise<number> {
  const { projectId } = await call(request, owner, 'POST', '/project', { projectName: `Cameras ${Date.now() % 1e7}`, type: 'frame' });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'annot-e2e-video-')), 'gate.mp4');
  await makeFrameNumberVideo(file, { frames: 30 });
  const bytes = fs.readFileSync(file);
  const key = `dataset/${projectId}/cameras/gate.mp4`;
  const res = await request.post(`${SERVER}/obs/upload?key=${encodeURIComponent(key)}`, { headers: owner.headers, multipart: { file: { name: 'gate.mp4', mimeType: 'video/mp4', buffer: bytes } } });
  expect((await res.json()).code).toBe(200);
  const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
  await call(request, owner, 'POST', '/batch', { projectId, name: 'Gate camera', subjects: [{ name: 'gate.mp4', recordType: 'video', frames: [{ key, sizeBytes: bytes.length, sha256 }] }] });
  return projectId;
}

/**
 * Issue 17: clicking a thumbnail in the Data tab did nothing. A thumbnail opens the item large,
 * with what a user asks of it (name, size, batch, its annotations), moves through the list and
 * closes by keyboard; a picture gone from the store says so instead of showing a blank.
 */
test('a thumbnail opens the item with its name, size, batch and annotations; arrows move through the list, Esc closes; a missing file says so', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const world = await workWorld(request, 3);
  const owner = (method: 'GET' | 'POST', p: string, data?: unknown) => call(request, world.owner, method, p, data);
  // One box on one photo, as a pre-annotation: the viewer draws it read-only.
  const items = await owner('GET', `/task/subject/list/detail?projectId=${world.projectId}&taskId=${world.taskId}`);
  const taskSubjectId: number = items.list[0].taskSubjectId;
  const opened = await owner('GET', `/task/${world.taskId}/annotate/subject?projectId=${world.projectId}&taskSubjectId=${taskSubjectId}`);
  const boxed: string = opened.subject.name;
  const ontology = await owner('GET', `/project/${world.projectId}/ontology`);
  const cat = ontology.features.find((f: { tool: string }) => f.tool === 'box');
  await owner('POST', '/annotate/beforehand/update', {
    projectId: world.projectId,
    taskId: world.taskId,
    items: [{ taskSubjectId, frames: [{ frameId: opened.subject.frames[0].frameId, data: { version: 1, objects: [{ id: 'cat-1', featureId: cat.featureId, labelId: cat.labels[0].id, tool: 'box', geometry: { x: 30, y: 40, width: 80, height: 60 }, attributes: {}, zIndex: 0, source: 'ai' }], classifications: [] } }] }],
  });
  // A photo whose file is then lost from the store.
  const lost = world.photos.find((p) => p !== boxed)!;
  const lostSubject = (await owner('GET', `/project/${world.projectId}/subject/list?name=${encodeURIComponent(lost)}`)).list[0];
  // Lost before the page loads, so no browser cache still holds the picture.
  await fs.promises.rm(path.join(E2E_DATA_DIR, 'objects', lostSubject.firstFrame.key));

  // The lost file's own requests fail by design; nothing else may.
  const { page, problems } = await englishPage(browser, world.owner, [/404|Not Found/]);
  await page.goto(`/#/projects/${world.projectId}/data`);
  await expect(page.getByTestId('subject-tile')).toHaveCount(3, { timeout: 30_000 });

  await page.getByRole('button', { name: `View ${boxed}` }).click();
  const viewer = page.getByRole('dialog', { name: 'View item' });
  await expect(viewer.getByTestId('viewer-name')).toHaveText(boxed);
  await expect(viewer.getByTestId('viewer-size')).toHaveText(/^\d+ × \d+ px$/);
  await expect(viewer.getByTestId('viewer-batch')).toHaveText(/^Photos /);
  await expect(viewer.getByTestId('viewer-object-count')).toContainText('1 object');
  await expect(viewer.getByTestId('viewer-annotations').locator('[data-tool="box"] rect')).toHaveCount(1);
  await expect.poll(() => viewer.getByTestId('viewer-image').evaluate((i) => (i as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
  await keepShot(page, { path: 'test-results/screenshots/item-viewer.png' });

  // Through the list by the arrow keys, and back.
  const position = viewer.getByTestId('viewer-position');
  const start = Number(/Item (\d+) of 3/.exec((await position.textContent()) ?? '')![1]);
  const step = start < 3 ? 1 : -1;
  await page.keyboard.press(step === 1 ? 'ArrowRight' : 'ArrowLeft');
  await expect(position).toHaveText(`Item ${start + step} of 3`);
  await expect(viewer.getByTestId('viewer-name')).not.toHaveText(boxed);
  await page.keyboard.press(step === 1 ? 'ArrowLeft' : 'ArrowRight');
  await expect(viewer.getByTestId('viewer-name')).toHaveText(boxed);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // By keyboard alone: the thumbnail takes the focus and Enter opens it.
  const lostTile = page.getByRole('button', { name: `View ${lost}` });
  await lostTile.focus();
  await page.keyboard.press('Enter');
  await expect(viewer.getByTestId('viewer-name')).toHaveText(lost);
  await expect(viewer.getByTestId('viewer-broken')).toContainText('This picture cannot be shown');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // Issue 33: a video item's tile is its frames and length, never the video file as a picture.
  const videoProjectId = await videoProject(request, world.owner);
  const readAsPicture: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/obs/url') && r.url().includes('gate.mp4')) readAsPicture.push(r.url());
  });
  await page.goto(`/#/projects/${videoProjectId}/data`);
  const videoTile = page.getByRole('button', { name: 'View gate.mp4' });
  await expect(videoTile.getByTestId('video-face')).toHaveAccessibleName('Video: 30 frames, 0:01.0');
  await expect(videoTile.getByTestId('subject-thumbnail')).toHaveCount(0);
  await keepShot(page, { path: 'test-results/screenshots/data-video-tile.png' });
  await videoTile.click();
  await expect(viewer.getByTestId('viewer-name')).toHaveText('gate.mp4');
  await expect(viewer.getByTestId('video-face')).toBeVisible();
  await expect(viewer).toContainText('Frames 0–29 (of 30)');
  await expect(viewer).toContainText('30 per second');
  await expect(viewer.getByTestId('viewer-broken')).toHaveCount(0);
  await keepShot(page, { path: 'test-results/screenshots/item-viewer-video.png' });
  expect(readAsPicture).toEqual([]);
  expect(problems).toEqual([]);
});
