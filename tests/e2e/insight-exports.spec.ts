import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { ExportsTab, screenshot, signInAsOwner } from './pages/insightPages';
import { featuresOf, importWithTheirLabels, newPlanIn, saveRunAndDownload } from './pages/exchangeFlows';
import { ApiUser, DEMO, annotatedWork, importTarget, maskedWork, uploadBatch } from './pages/insightSetup';

test('an owner exports annotated work as COCO, downloads the zip and imports it into another project', async ({ page, request }) => {
  test.setTimeout(120_000);
  const work = await annotatedWork(request);
  const target = await importTarget(request, work.fileNames);
  await signInAsOwner(page);
  // The app starts in the language of the stored choice; the steps below read English texts.
  await page.getByTestId('lang-switch').getByRole('button', { name: 'English' }).click();

  const tab = new ExportsTab(page);
  await tab.open(work.projectId);
  // The count is what the chosen format writes (issue 31): COCO keeps the two confirmed boxes,
  // lossless JSON everything; the model's box nobody confirmed is left out of COCO, and said so.
  await page.getByTestId('new-plan').click();
  const dialog = page.getByRole('dialog');
  const count = dialog.getByTestId('export-count');
  await expect(count).toContainText(/Objects\s*2/);
  await expect(dialog.getByTestId('export-unconfirmed')).toContainText('1 more suggestion nobody confirmed is left out');
  // MOT 1.1 (issue 33): boxes with their track ids, a sequence folder per item; the two boxes count
  await dialog.getByTestId('plan-format').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('MOT 1.1', { exact: true }).click();
  await expect(dialog).toContainText('<item>/gt/gt.txt');
  await expect(dialog).toContainText('<item>/img1/');
  await expect(count).toContainText(/Objects\s*2/);
  await dialog.getByTestId('plan-format').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('Lossless JSON', { exact: true }).click();
  await expect(count).toContainText(/Objects\s*4/);
  await expect(dialog.getByTestId('export-unconfirmed')).toHaveCount(0);
  await dialog.getByTestId('plan-option-includeUnconfirmed').click();
  await expect(count).toContainText(/Objects\s*3/);
  await expect(dialog.getByTestId('export-unconfirmed')).toBeVisible();
  await screenshot(page, 'export-count');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  const planName = `COCO ${Date.now()}`;
  await tab.saveAndRunPlan(planName, 'COCO');
  await tab.expectRunDone(planName);
  await tab.runRow(planName).getByRole('button', { name: /expand/i }).click();
  await expect(page.getByText('Objects written')).toBeVisible();
  await screenshot(page, 'exports');

  // A browser on the workstation's own computer gets the zip in its downloads, as any web page
  // gives a file (issue 31), not in the workstation's downloads folder.
  const download = await tab.downloadToBrowser(planName);
  const owner = await ApiUser.logIn(request, DEMO.owner);
  const runs = await owner.call('POST', '/export/progress', { projectId: work.projectId });
  const run = runs.list.find((j: { name: string }) => j.name === planName);
  expect(download.suggestedFilename()).toBe(run.objectKey.split('/').pop());
  const file = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(file);
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

/** A finished COCO export of one freshly uploaded image on the demo project, started through the API. */
async function finishedExport(owner: ApiUser) {
  const projects = await owner.call('GET', '/project');
  const projectId: number = projects.list.find((p: { projectName: string }) => p.projectName.startsWith('Demo photos')).projectId;
  const salt = `${Date.now()}`;
  const batchId = await uploadBatch(owner, projectId, [`delivery_${salt}.jpg`], salt);
  const name = `Delivery ${salt}`;
  const job = await owner.call('POST', '/export', { projectId, name, format: 'coco', filters: { batchIds: [batchId] } });
  const detail = async () => (await owner.call('POST', '/export/progress', { projectId, ids: [job.id] })).list[0];
  await expect.poll(async () => (await detail()).status, { timeout: 30_000 }).toBe('done');
  return { projectId, exportId: job.id as number, name, detail };
}

test('an owner records the delivery of a finished export and sees it in the export\'s deliveries', async ({ page, request }) => {
  const owner = await ApiUser.logIn(request, DEMO.owner);
  const run = await finishedExport(owner);
  await signInAsOwner(page);
  await page.getByTestId('lang-switch').getByRole('button', { name: 'English' }).click();

  const tab = new ExportsTab(page);
  await tab.open(run.projectId);
  await tab.expectRunDone(run.name);
  await expect(page.getByTestId(`deliveries-${run.exportId}`)).toHaveCount(0);

  // The form checks what the server would refuse, in words.
  await tab.runRow(run.name).getByRole('button', { name: 'Record delivery' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('delivery-save').click();
  await expect(dialog.getByText('Enter the destination')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await tab.recordDelivery(run.name, { destination: 'sftp://customer.example.com/incoming/', message: 'Handed over to the customer' });
  await expect(page.getByText(`Delivery of ${run.name} recorded`)).toBeVisible();
  // The run opens to show its deliveries, and its row counts them.
  const details = tab.runDetails(run.exportId);
  await expect(details).toContainText('sftp://customer.example.com/incoming/');
  await expect(details).toContainText('Handed over to the customer');
  await expect(details).toContainText('Delivered');
  await expect(page.getByTestId(`deliveries-${run.exportId}`)).toHaveText('1');
  await screenshot(page, 'export-delivery');

  const stored = await run.detail();
  expect(stored.transfers).toEqual([
    expect.objectContaining({ exportId: run.exportId, destination: 'sftp://customer.example.com/incoming/', status: 'delivered', message: 'Handed over to the customer', bytes: stored.sizeBytes, reportedBy: owner.id }),
  ]);

  // The count closes and opens the list again, from the keyboard too.
  await page.getByTestId(`deliveries-${run.exportId}`).focus();
  await page.keyboard.press('Enter');
  await expect(details).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(details).toBeVisible();
});

test('an owner exports masks as PNG masks, with COCO\'s mask choice on offer, and imports the zip into another project', async ({ page, request }) => {
  test.setTimeout(120_000);
  const fileNames = [`pets_${Date.now()}_1.jpg`, `pets_${Date.now()}_2.jpg`];
  const [work, target] = await Promise.all([maskedWork(request, fileNames), importTarget(request, fileNames), signInAsOwner(page)]);
  await page.getByTestId('lang-switch').getByRole('button', { name: 'English' }).click();

  const tab = new ExportsTab(page);
  await tab.open(work.projectId);
  // COCO offers run-length or polygons for masks; the PNG format says what it paints, and has no such choice.
  await page.getByTestId('new-plan').click();
  const dialog = page.getByRole('dialog');
  const choice = dialog.getByTestId('plan-option-cocoMasks');
  await expect(choice.getByRole('radio', { name: 'Run-length (RLE, exact to the pixel)' })).toBeChecked();
  await expect(choice.getByText('Polygons (holes kept)')).toBeVisible();
  await expect(dialog.getByTestId('export-count')).toContainText(/Objects\s*4/);
  const planName = `PNG masks ${Date.now()}`;
  await dialog.getByLabel(/Plan name/).fill(planName);
  await dialog.getByTestId('plan-format').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('PNG masks (Pascal VOC / CVAT segmentation mask)', { exact: true }).click();
  await expect(dialog).toContainText('Mask, Polygon, Box');
  await expect(dialog).toContainText('SegmentationClass/<image>.png');
  await expect(choice).toHaveCount(0);
  await expect(dialog.getByTestId('export-count')).toContainText(/Objects\s*4/);
  const file = await saveRunAndDownload(tab, planName);

  await importWithTheirLabels(tab, target, 'PNG masks', file);
  await screenshot(page, 'import-masks-result');

  // The masks came back as masks, in a mask feature of their labels (their pixels: server-export-masks.test.ts).
  const owner = await ApiUser.logIn(request, DEMO.owner);
  expect(await featuresOf(owner, target.projectId)).toEqual([['mask', ['Cat', 'Dog']]]);
  const counts = await owner.call('POST', '/export/plan/count', { projectId: target.projectId, filters: {}, format: 'segmentationMask' });
  expect(counts).toMatchObject({ frames: 2, objects: 4 });
});

test('an owner exports a project as CVAT for images 1.1 and imports the XML into another project: the masks come back as masks', async ({ page, request }) => {
  test.setTimeout(120_000);
  const fileNames = [`cvat_${Date.now()}_1.jpg`, `cvat_${Date.now()}_2.jpg`];
  const [work, target] = await Promise.all([maskedWork(request, fileNames), importTarget(request, fileNames), signInAsOwner(page)]);
  await page.getByTestId('lang-switch').getByRole('button', { name: 'English' }).click();

  const tab = new ExportsTab(page);
  const planName = `CVAT ${Date.now()}`;
  const dialog = await newPlanIn(tab, work.projectId, planName, 'CVAT for images 1.1 (XML)');
  // What the format holds, as the dialog says it.
  await expect(dialog).toContainText('annotations.xml');
  await expect(dialog).toContainText('Box, Polygon, Polyline, Point, Keypoints, Mask');
  await expect(dialog.getByTestId('export-count')).toContainText(/Objects\s*4/);
  const file = await saveRunAndDownload(tab, planName);

  await importWithTheirLabels(tab, target, 'CVAT for images 1.1 (XML)', file);

  const owner = await ApiUser.logIn(request, DEMO.owner);
  expect(await featuresOf(owner, target.projectId)).toEqual([['mask', ['Cat', 'Dog']]]);
});
