import { expect, test } from '@playwright/test';
import { featuresOf, importWithTheirLabels, newPlanIn, saveRunAndDownload } from './pages/exchangeFlows';
import { ExportsTab, screenshot, signInAsOwner } from './pages/insightPages';
import { ApiUser, DEMO, importTarget, maskedWork } from './pages/insightSetup';

/**
 * The formats other tools read and write, through the same dialogs a person uses (issue 35):
 * the masked work of two pictures exported in the format, downloaded, and imported into a
 * project of no ontology, which gains the two labels and the four masks.
 */
const FORMATS = [
  { exportTitle: 'LabelMe (a JSON per image)', importTitle: 'LabelMe (JSON)', file: '<image>.json' },
  { exportTitle: 'Datumaro (JSON)', importTitle: 'Datumaro (JSON)', file: 'annotations/default.json' },
  { exportTitle: 'Label Studio (JSON)', importTitle: 'Label Studio (JSON)', file: 'tasks.json' },
];

for (const f of FORMATS) {
  test(`an owner exports masks as ${f.exportTitle} and imports the zip into another project`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const salt = `${Date.now()}`;
    const fileNames = [`x_${salt}_1.jpg`, `x_${salt}_2.jpg`];
    const [work, target] = await Promise.all([maskedWork(request, fileNames), importTarget(request, fileNames), signInAsOwner(page)]);
    await page.getByTestId('lang-switch').getByRole('button', { name: 'English' }).click();

    const tab = new ExportsTab(page);
    const planName = `${f.exportTitle} ${salt}`;
    const dialog = await newPlanIn(tab, work.projectId, planName, f.exportTitle);
    await expect(dialog).toContainText(f.file);
    await expect(dialog.getByTestId('export-count')).toContainText(/Objects\s*4/);
    const file = await saveRunAndDownload(tab, planName);

    await importWithTheirLabels(tab, target, f.importTitle, file);
    const owner = await ApiUser.logIn(request, DEMO.owner);
    expect(await featuresOf(owner, target.projectId)).toEqual([['mask', ['Cat', 'Dog']]]);
  });
}

test('an owner exports a whole project with its pictures and imports it as a new project from the projects page', async ({ page, request }) => {
  test.setTimeout(180_000);
  const salt = `${Date.now()}`;
  const fileNames = [`moved_${salt}_1.jpg`, `moved_${salt}_2.jpg`];
  const [work] = await Promise.all([maskedWork(request, fileNames), signInAsOwner(page)]);
  await page.getByTestId('lang-switch').getByRole('button', { name: 'English' }).click();

  const tab = new ExportsTab(page);
  const planName = `Whole ${salt}`;
  const dialog = await newPlanIn(tab, work.projectId, planName, 'Whole project (archive with pictures)');
  await expect(dialog).toContainText('project.json');
  // The pictures are the archive's: there is no switch to leave them out.
  await expect(dialog.getByTestId('plan-option-includeMedia')).toHaveCount(0);
  const file = await saveRunAndDownload(tab, planName);

  await page.goto('/#/projects');
  await page.getByTestId('import-project').click();
  const importing = page.getByRole('dialog', { name: 'Import a whole project' });
  await importing.locator('input[type=file]').setInputFiles(file);
  const name = `Moved ${salt} 搬来的`;
  await importing.getByTestId('import-project-name').fill(name);
  await importing.getByTestId('import-project-submit').click();
  await expect(page.getByText(`Project "${name}" imported: 2 subjects, 4 objects`)).toBeVisible({ timeout: 60_000 });
  await screenshot(page, 'project-archive-imported');

  // The new project opens; it has the ontology, the two pictures, the task and the four masks.
  await expect(page).toHaveURL(/\/projects\/\d+/);
  const movedId = Number(/\/projects\/(\d+)/.exec(page.url())![1]);
  expect(movedId).not.toBe(work.projectId);
  const owner = await ApiUser.logIn(request, DEMO.owner);
  expect((await owner.call('GET', `/project/${movedId}`)).projectName).toBe(name);
  expect(await featuresOf(owner, movedId)).toEqual([['mask', ['Cat', 'Dog']]]);
  const counts = await owner.call('POST', '/export/plan/count', { projectId: movedId, filters: {}, format: 'lossless' });
  expect(counts).toMatchObject({ subjects: 2, frames: 2, objects: 4 });
});
