import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { ExportsTab, screenshot, signInAsOwner } from './pages/insightPages';
import { ApiUser, DEMO, annotatedWork, importTarget } from './pages/insightSetup';

test('an owner exports annotated work as COCO, downloads the zip and imports it into another project', async ({ page, request }) => {
  test.setTimeout(120_000);
  const work = await annotatedWork(request);
  const target = await importTarget(request, work.fileNames);
  await signInAsOwner(page);
  // The app starts in the language of the stored choice; the steps below read English texts.
  await page.getByTestId('lang-switch').getByRole('button', { name: 'English' }).click();

  const tab = new ExportsTab(page);
  await tab.open(work.projectId);
  const planName = `COCO ${Date.now()}`;
  await tab.saveAndRunPlan(planName, 'COCO');
  await tab.expectRunDone(planName);
  await tab.runRow(planName).getByRole('button', { name: /expand/i }).click();
  await expect(page.getByText('Objects written')).toBeVisible();
  await screenshot(page, 'exports');

  const file = await tab.download(planName);
  const owner = await ApiUser.logIn(request, DEMO.owner);
  const runs = await owner.call('POST', '/export/progress', { projectId: work.projectId });
  const run = runs.list.find((j: { name: string }) => j.name === planName);
  expect(fs.statSync(file).size).toBe(run.sizeBytes);
  await screenshot(page, 'export-download');
  await tab.closeDialog();

  await tab.open(target.projectId);
  await tab.previewImport(target.taskName, file);
  await expect(page.getByTestId('import-unmatched')).toHaveText('0');
  // The new project has no ontology: the preview says the label is missing until creating it is confirmed.
  await expect(page.getByTestId('import-preview')).toContainText('Label missing: 2');
  await screenshot(page, 'import-preview');
  await tab.confirmLabelsAndApply();
  await expect(page.getByTestId('import-result')).toContainText('Imported 2 objects on 2 frames');
  await screenshot(page, 'import-result');
});
