import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './pages/authPages';
import { ProjectListPage, ProjectPages, screenshot } from './pages/projectPages';
import { ProjectsPage } from './pages/projectsPage';
import { apiAs } from './pages/notesCentre';

const DEMO_IMAGES = path.resolve('resources/demo-images');
/** Every image of the demo folder becomes one subject (its other files are left out). */
const DEMO_IMAGE_COUNT = fs.readdirSync(DEMO_IMAGES).filter((f) => /\.(png|jpe?g)$/i.test(f)).length;

async function logInAsOwner(page: Page) {
  await page.setViewportSize({ width: 1280, height: 720 });
  const login = new LoginPage(page);
  await login.open();
  await login.logIn('13800000001', 'demo12345');
  await expect(page.getByTestId('create-project')).toBeVisible();
  // The texts the steps look for are the English ones.
  await new ProjectsPage(page).switchLanguage('English');
}

test('the owner creates a project, sets it up, adds a member and imports a folder', async ({ page }) => {
  test.setTimeout(120_000);
  await logInAsOwner(page);
  const list = new ProjectListPage(page);
  const name = `E2E project ${Date.now()}`;
  await list.createProject({ name, description: 'made by the e2e test' });
  await screenshot(page, 'home');

  const project = new ProjectPages(page);
  await project.openTab(/Settings|设置/);
  const renamed = `${name} renamed`;
  await project.saveGeneral({ name: renamed, description: 'updated description' });
  await project.writeInstruction('Draw a box around every cat.');
  await project.addRejectReason('Box too loose');
  await project.addNoteLabel('Unclear');
  await screenshot(page, 'settings');

  await project.openTab(/Members|成员/);
  await project.addMember('Demo Annotator');
  await screenshot(page, 'members');

  await project.openTab(/Overview|概览/);
  await expect(page.getByTestId('instruction-view')).toContainText('Draw a box around every cat.');
  await expect(page.getByTestId('instruction-view').locator('strong')).toHaveText('Draw a box around every cat.');

  await project.openTab(/Data|数据/);
  await expect(page.getByTestId('subjects-empty')).toBeVisible();
  // What reaches a team's door besides photos: a text named .png and a JPEG cut short. They are
  // refused by name with their reason; the photos go in.
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'import-door-'));
  for (const f of fs.readdirSync(DEMO_IMAGES)) fs.copyFileSync(path.join(DEMO_IMAGES, f), path.join(folder, f));
  fs.writeFileSync(path.join(folder, 'notes.png'), 'hello');
  const rocket = fs.readFileSync(path.join(DEMO_IMAGES, 'rocket.jpg'));
  fs.writeFileSync(path.join(folder, 'half-rocket.jpg'), rocket.subarray(0, Math.floor(rocket.length / 2)));
  // A folder of the workstation's computer, the browser host's option for a large dataset
  // already there: a folder used for the first time is a plain question, not a red failure
  // (issue 31).
  await page.getByTestId('import-open').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('import-drop')).toBeVisible();
  await dialog.getByTestId('file-side-machine').click();
  await expect(dialog.getByTestId('file-side-hint')).toContainText('A folder is allowed the first time it is used.');
  await dialog.getByTestId('import-path').fill(folder);
  await dialog.getByTestId('import-scan').click();
  await expect(dialog.getByTestId('folder-ask')).toContainText(`The workstation reads and writes only in folders you allow. ${fs.realpathSync(folder)} is not one of them yet`);
  // (antd's red alert box: the colour is what the user reads as a failure)
  await expect(dialog.locator('.ant-alert-error')).toHaveCount(0);
  await dialog.getByTestId('allow-folder').click();
  await expect(page.getByTestId('scan-subjects')).toHaveText(String(DEMO_IMAGE_COUNT + 2));
  await screenshot(page, 'import-preview');
  await project.startImport('demo images');
  const job = page.getByTestId('import-job');
  await expect(job.getByTestId('import-progress')).toContainText('100%', { timeout: 60_000 });
  await expect(job.getByTestId('import-state')).toHaveText(/Done|已完成/);
  const refused = job.getByTestId('import-refused');
  await expect(refused).toContainText('Not imported, files that are not whole pictures: 2');
  await expect(refused.getByRole('listitem').filter({ hasText: 'notes.png' })).toContainText('Not a picture (its content does not match its name).');
  await expect(refused.getByRole('listitem').filter({ hasText: 'half-rocket.jpg' })).toContainText('The file is incomplete (the JPEG ends early)');
  await expect(project.subjectTiles()).toHaveCount(DEMO_IMAGE_COUNT);
  await expect(page.getByTestId('subject-thumbnail')).toHaveCount(DEMO_IMAGE_COUNT);
  // Every thumbnail really loaded through its signed URL.
  await expect.poll(() => page.getByTestId('subject-thumbnail').evaluateAll((imgs) => imgs.filter((i) => (i as unknown as { naturalWidth: number }).naturalWidth > 0).length)).toBe(DEMO_IMAGE_COUNT);
  await expect(page.getByTestId('batch-count')).toHaveText(new RegExp(`\\b${DEMO_IMAGE_COUNT}\\b`));
  await screenshot(page, 'data');

  // Filters: a name no subject has empties the grid; clearing it brings all of them back.
  const search = page.getByTestId('subject-search').getByRole('searchbox');
  await search.fill('no-such-subject');
  await search.press('Enter');
  await expect(page.getByTestId('subjects-empty')).toBeVisible();
  await search.fill('');
  await search.press('Enter');
  await expect(project.subjectTiles()).toHaveCount(DEMO_IMAGE_COUNT);

  // Sampling draws the asked number from the same data.
  await page.getByTestId('sample-open').click();
  await page.getByRole('spinbutton', { name: /By number|按数量/ }).fill('2');
  await page.getByTestId('sample-draw').click();
  await expect(page.getByTestId('sample-summary')).toContainText('2');
});

test('the project list filters by name and opens a project on row click', async ({ page }) => {
  await logInAsOwner(page);
  const list = new ProjectListPage(page);
  const name = `Filter target ${Date.now()}`;
  await list.createProject({ name, description: '' });
  await page.getByRole('link', { name: /Projects|项目/ }).first().click();
  await expect(page.getByTestId('recent-projects')).toContainText(name);
  await list.searchName(name);
  await expect(list.row(name)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: /^Demo photos/ })).toHaveCount(0);
  await screenshot(page, 'list');
  await list.searchName('zz-nothing-has-this-name');
  await expect(page.getByTestId('projects-no-match')).toBeVisible();
  await list.searchName(name);
  await list.row(name).getByRole('cell').nth(2).click();
  await expect(page.getByTestId('project-title')).toHaveText(name);
});

test('deleting a reject reason can be undone only while the window is open, and the project can be deleted after typing its name', async ({ page, request }) => {
  // The page's clock is ours (Playwright's clock): the undo window passes when the test says,
  // never because a loaded machine was slow to click (issue 17).
  await page.clock.install();
  await logInAsOwner(page);
  const list = new ProjectListPage(page);
  const name = `Undo target ${Date.now()}`;
  await list.createProject({ name, description: '' });
  const project = new ProjectPages(page);
  await project.openTab(/Settings|设置/);
  await project.addRejectReason('Wrong label');
  await project.addRejectReason('Blurry');
  // Notices stack: wait for "project created" to leave, so the undo notice is not moving when clicked.
  await expect(page.getByText(`Project "${name}" created`)).toHaveCount(0);
  const colleague = await apiAs(request, '13800000001');
  const projectId = Number(/projects\/(\d+)/.exec(page.url())![1]);
  const serverReasons = async () =>
    ((await colleague.call('GET', `/project/${projectId}/user/rejectReason/list`)) as { reason: string }[]).map((r) => r.reason).sort();
  const reasons = page.getByTestId('reject-reasons');
  await page.clock.pauseAt(Date.now() + 1000);
  await reasons.getByRole('button', { name: 'Delete Wrong label' }).click();
  await expect(reasons.getByText('Wrong label', { exact: true })).toHaveCount(0);
  // A colleague edits the project inside the undo window: the live event refetches the settings,
  // and the reason still pending removal must not come back with them.
  const refetched = page.waitForResponse((r) => r.url().includes(`/project/${projectId}/user/rejectReason/list`));
  await colleague.call('PUT', `/project/${projectId}`, { description: 'edited elsewhere' });
  await refetched;
  await expect(reasons.getByText('Blurry', { exact: true })).toBeVisible();
  await expect(reasons.getByText('Wrong label', { exact: true })).toHaveCount(0);
  await page.clock.runFor(4000);
  await page.getByTestId('undo-button').click();
  await expect(page.getByTestId('undo-toast')).toHaveCount(0);
  await expect(reasons.getByText('Wrong label', { exact: true })).toBeVisible();
  // Long past the window: nothing was sent, on screen and on the server alike.
  await page.clock.runFor(60_000);
  expect(await serverReasons()).toEqual(['Blurry', 'Wrong label']);

  // Let the window pass: the offer goes at the moment the call is sent, and the server agrees with the screen.
  await reasons.getByRole('button', { name: 'Delete Blurry' }).click();
  await expect(page.getByTestId('undo-button')).toBeVisible();
  const sent = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes('rejectReason'));
  await page.clock.runFor(5000);
  await expect(page.getByTestId('undo-button')).toHaveCount(0);
  expect((await sent).ok()).toBe(true);
  await expect(reasons.getByText('Blurry', { exact: true })).toHaveCount(0);
  expect(await serverReasons()).toEqual(['Wrong label']);
  await page.clock.resume();
  await page.reload();
  await expect(page.getByTestId('reject-reasons').getByText('Wrong label', { exact: true })).toBeVisible();
  await expect(page.getByTestId('reject-reasons').getByText('Blurry', { exact: true })).toHaveCount(0);

  await page.getByTestId('delete-project').click();
  await page.getByTestId('delete-project-name').fill(name);
  await page.getByRole('button', { name: /Delete for ever|永久删除/ }).click();
  await expect(page.getByTestId('create-project')).toBeVisible();
  await list.searchName(name);
  await expect(page.getByTestId('projects-no-match')).toBeVisible();
});
