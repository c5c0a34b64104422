import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ProjectPages } from './pages/projectPages';
import { makeFrameNumberVideo } from '../support/frameNumberVideo';
import { call, loggedInPage, registerUser, teamWith } from './pages/teamSetup';

/**
 * Import progress on the data page (issue 17, docs/layout.md): the counts add up with the
 * refused items, a finished import closes into the history instead of piling up as cards, and
 * an import whose batch was deleted is gone.
 */
test('a finished import folds into the history with counts that add up, and goes away when its batch is deleted', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const salt = `${Date.now() % 1e7}`;
  const owner = await registerUser(request, `Importer ${salt}`);
  await teamWith(request, owner, `Import team ${salt}`);
  const { projectId } = await call(request, owner, 'POST', '/project', { projectName: `Import cards ${salt}`, type: 'image' });

  // Two photographs and a "picture" that is five bytes of text: two registered, one refused.
  const folder = test.info().outputPath('photos');
  fs.mkdirSync(folder, { recursive: true });
  for (const photo of ['chelsea.png', 'coffee.png']) fs.copyFileSync(path.resolve('resources/demo-images', photo), path.join(folder, photo));
  fs.writeFileSync(path.join(folder, 'broken.png'), 'hello');

  const page = await loggedInPage(browser, owner);
  await page.getByRole('group', { name: /Language|界面语言/ }).getByRole('button', { name: 'English' }).click();
  await page.goto(`/#/projects/${projectId}/data`);
  const project = new ProjectPages(page);
  // A browser on the workstation's own computer takes files from the browser by default (issue
  // 31): the three are dropped on the import area, as from a file manager, and go through the
  // same checks as picked ones.
  await page.getByTestId('import-open').click();
  const dropped = await page.evaluateHandle((files) => {
    const data = new DataTransfer();
    for (const f of files) data.items.add(new File([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], f.name, { type: 'image/png' }));
    return data;
  }, fs.readdirSync(folder).map((name) => ({ name, base64: fs.readFileSync(path.join(folder, name)).toString('base64') })));
  await expect(page.getByTestId('import-drop')).toBeVisible();
  await page.getByTestId('import-drop').dispatchEvent('drop', { dataTransfer: dropped });
  await expect(page.getByTestId('import-picked')).toHaveText('3 files chosen');
  await expect(page.getByTestId('scan-preview')).toContainText('broken.png');
  const batchName = `Photos ${salt}`;
  await project.startImport(batchName);

  // Watched to the end, it stays a card; its counts add up: 2 of the 2 that could be registered, 1 not imported.
  const card = page.getByTestId('import-job');
  await expect(card.getByTestId('import-state')).toHaveText('Done', { timeout: 60_000 });
  await expect(card.getByTestId('import-counts')).toContainText('not imported: 1 · registered: 2/2');
  await expect(card.getByTestId('import-refused')).toContainText('broken.png');

  // Closed, it folds into the history; opened again later, it is there and not a card.
  await card.getByRole('button', { name: 'Hide this import' }).click();
  await expect(card).toHaveCount(0);
  const history = page.getByTestId('import-history');
  await expect(history.getByTestId('import-history-title')).toHaveText('Finished imports: 1');
  await page.reload();
  await expect(history.getByTestId('import-history-title')).toHaveText('Finished imports: 1');
  await expect(card).toHaveCount(0);
  await history.getByTestId('import-history-title').click();
  await expect(history.getByTestId('import-finished')).toContainText(batchName);
  await expect(history.getByTestId('import-counts')).toContainText('registered: 2/2');

  // Its batch deleted, nothing of the import is left to show.
  const batches = await call(request, owner, 'POST', '/batch/list', { projectId, page: 1, pageSize: 10 });
  const batchId = batches.list.find((b: { name: string }) => b.name === batchName).id;
  await call(request, owner, 'DELETE', `/batch?projectId=${projectId}&ids=${batchId}`);
  await page.reload();
  await expect(page.getByTestId('project-data')).toBeVisible();
  await expect(page.getByText(batchName)).toHaveCount(0);
  await expect(history).toHaveCount(0);

  // A folder of frames (f001.png, f002.png) scanned as frame sequences is one sequence named
  // after its folder, not after the frames' cut-off prefix ("clip1/f").
  const clips = test.info().outputPath('clips');
  fs.mkdirSync(path.join(clips, 'clip1'), { recursive: true });
  for (const [i, photo] of ['chelsea.png', 'coffee.png'].entries()) fs.copyFileSync(path.resolve('resources/demo-images', photo), path.join(clips, 'clip1', `f00${i + 1}.png`));
  await project.importFolder(clips, 'Frame sequences');
  await expect(page.getByTestId('scan-subject-name')).toHaveText(['clips/clip1']);

  // Issue 33: a frame project's folder with a video and a text named .mp4. The scan counts both
  // as videos; the workstation's check refuses the text with its reason before upload, and the
  // video becomes a video item (its tile: a film with its frames and length).
  const { projectId: cameras } = await call(request, owner, 'POST', '/project', { projectName: `Cameras ${salt}`, type: 'frame' });
  const footage = test.info().outputPath('footage');
  fs.mkdirSync(footage, { recursive: true });
  await makeFrameNumberVideo(path.join(footage, 'gate.mp4'), { frames: 30 });
  fs.writeFileSync(path.join(footage, 'notes.mp4'), 'this is a text, not a video');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('scan-preview')).toBeHidden();
  await page.goto(`/#/projects/${cameras}/data`);
  await project.importFolder(footage);
  await expect(page.getByTestId('scan-videos')).toHaveText('2');
  await expect(page.getByTestId('import-video-split').getByRole('radio', { name: 'Do not split' })).toBeChecked();
  await project.startImport(`Footage ${salt}`);
  const videoCard = page.getByTestId('import-job');
  await expect(videoCard.getByTestId('import-state')).toHaveText('Done', { timeout: 60_000 });
  await expect(videoCard.getByTestId('import-refused')).toContainText('footage/notes.mp4: Not a video the import takes');
  await expect(videoCard.getByTestId('import-counts')).toContainText('not imported: 1 · registered: 1/1');
  await expect(page.getByRole('button', { name: 'View footage/gate.mp4' }).getByTestId('video-face')).toHaveAccessibleName('Video: 30 frames, 0:01.0');
  await page.context().close();
});
