import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AdmZip from 'adm-zip';
import { expect, test } from '@playwright/test';
import { E2E_WORKSTATION_SECRET, E2E_WORKSTATION_URL } from '../../playwright.config';
import { LoginPage } from './pages/authPages';
import { ProjectListPage, ProjectPages } from './pages/projectPages';
import { ProjectsPage } from './pages/projectsPage';
import { ApiUser, DEMO } from './pages/insightSetup';
import { keepShot } from './pages/shots';

const DEMO_IMAGES = path.resolve('resources/demo-images');
const DEMO_PHOTOS = fs.readdirSync(DEMO_IMAGES).filter((f) => /\.(png|jpe?g)$/i.test(f));

/**
 * A browser on another computer than the workstation (issue 17): the host is told so the way a
 * TLS proxy on its machine tells it, by X-Forwarded-For (WEB_TRUST_PROXY in playwright.config.ts);
 * only this context's requests carry it, so every other spec stays a local page. (The team
 * server, which trusts one proxy hop in the tests, counts this browser at that address too.)
 */
const AS_REMOTE_BROWSER = { 'x-forwarded-for': '198.51.100.23' };

test('a browser on another computer imports a picked folder and downloads an export into its own downloads', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({
    viewport: { width: 1280, height: 720 },
    acceptDownloads: true,
    extraHTTPHeaders: AS_REMOTE_BROWSER,
    reducedMotion: 'reduce',
    // The secret the printed address hands the page, as every context of the run holds it.
    storageState: { cookies: [], origins: [{ origin: E2E_WORKSTATION_URL, localStorage: [{ name: 'workstation.hostSecret', value: E2E_WORKSTATION_SECRET }] }] },
  });
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(DEMO.owner, DEMO.password);
  await expect(page.getByTestId('create-project')).toBeVisible({ timeout: 30_000 });
  await new ProjectsPage(page).switchLanguage('English');
  const name = `Remote import ${Date.now()}`;
  await new ProjectListPage(page).createProject({ name, description: '' });
  const project = new ProjectPages(page);
  await project.openTab(/Data|数据/);

  // A folder on the user's own computer: the demo photographs, a text named .png and a JPEG cut short.
  const folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'remote-pick-')), 'holiday');
  fs.mkdirSync(folder);
  for (const f of DEMO_PHOTOS) fs.copyFileSync(path.join(DEMO_IMAGES, f), path.join(folder, f));
  fs.writeFileSync(path.join(folder, 'notes.png'), 'hello');
  const rocket = fs.readFileSync(path.join(DEMO_IMAGES, 'rocket.jpg'));
  fs.writeFileSync(path.join(folder, 'half-rocket.jpg'), rocket.subarray(0, Math.floor(rocket.length / 2)));

  await page.getByTestId('import-open').click();
  // No path of the workstation's machine is asked for: the browser picks.
  await expect(page.getByTestId('import-remote-note')).toBeVisible();
  await expect(page.getByTestId('import-path')).toHaveCount(0);
  await page.getByTestId('import-folder-input').setInputFiles(folder);
  await expect(page.getByTestId('import-picked')).toHaveText(`${DEMO_PHOTOS.length + 2} files chosen`);
  await expect(page.getByTestId('scan-subjects')).toHaveText(String(DEMO_PHOTOS.length + 2));
  await expect(page.getByTestId('scan-preview')).toContainText('holiday/coffee.png');
  await page.getByTestId('import-batch-name').fill('picked in the browser');
  await page.getByTestId('import-start').click();

  const job = page.getByTestId('import-job').filter({ hasText: 'picked in the browser' });
  await expect(job.getByTestId('import-progress')).toContainText('100%', { timeout: 60_000 });
  await expect(job.getByTestId('import-state')).toHaveText('Done');
  await expect(job.getByTestId('import-counts')).toContainText(`${DEMO_PHOTOS.length}`);
  const refused = job.getByTestId('import-refused');
  await expect(refused).toContainText('Not imported, files that are not whole pictures: 2');
  await expect(refused.getByRole('listitem').filter({ hasText: 'holiday/notes.png' })).toContainText('Not a picture (its content does not match its name).');
  await expect(refused.getByRole('listitem').filter({ hasText: 'holiday/half-rocket.jpg' })).toContainText('The file is incomplete (the JPEG ends early)');
  await expect(project.subjectTiles()).toHaveCount(DEMO_PHOTOS.length);
  await expect.poll(() => page.getByTestId('subject-thumbnail').evaluateAll((imgs) => imgs.filter((i) => (i as unknown as { naturalWidth: number }).naturalWidth > 0).length)).toBe(DEMO_PHOTOS.length);

  // An export of what was imported, downloaded into this browser's downloads.
  const owner = await ApiUser.logIn(context.request, DEMO.owner);
  const projectId = Number(/projects\/(\d+)/.exec(page.url())![1]);
  const exportName = `Remote COCO ${Date.now()}`;
  const run = await owner.call('POST', '/export', { projectId, name: exportName, format: 'coco', filters: {} });
  await expect.poll(async () => (await owner.call('POST', '/export/progress', { projectId, ids: [run.id] })).list[0].status, { timeout: 30_000 }).toBe('done');
  const finished = (await owner.call('POST', '/export/progress', { projectId, ids: [run.id] })).list[0];
  await page.goto(`/#/projects/${projectId}/exports`);
  await page.getByRole('row').filter({ hasText: exportName }).filter({ has: page.getByRole('progressbar') }).first().getByRole('button', { name: 'Download' }).click();
  await expect(page.getByTestId('download-to-browser')).toBeVisible();
  await expect(page.getByTestId('download-path')).toHaveCount(0);
  const arrived = page.waitForEvent('download');
  await page.getByTestId('download-save').click();
  const download = await arrived;
  expect(download.suggestedFilename()).toBe(finished.objectKey.split('/').pop());
  const saved = await download.path();
  expect(fs.statSync(saved).size).toBe(finished.sizeBytes);
  const coco = JSON.parse(new AdmZip(saved).readAsText('annotations/instances_default.json')) as { images: { file_name: string }[] };
  expect(coco.images.map((i) => path.posix.basename(i.file_name)).sort()).toEqual([...DEMO_PHOTOS].sort());
  await expect(page.getByTestId('download-done')).toContainText('Handed to the browser');
  await keepShot(page, { path: 'test-results/screenshots/remote-browser-export.png' });
  await context.close();
});
