import { expect, test } from '@playwright/test';
import type { ExportsTab } from './insightPages';
import type { ApiUser } from './insightSetup';

/** Opens a new plan on the project's exports tab, named, in the format of that title; answers the dialog. */
export async function newPlanIn(tab: ExportsTab, projectId: number, planName: string, formatTitle: string) {
  const { page } = tab;
  await tab.open(projectId);
  await page.getByTestId('new-plan').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/Plan name/).fill(planName);
  await dialog.getByTestId('plan-format').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(formatTitle, { exact: true }).click();
  return dialog;
}

/** Saves the plan in the open dialog and runs it, waits for the run, and downloads its zip through the browser. */
export async function saveRunAndDownload(tab: ExportsTab, planName: string): Promise<string> {
  const dialog = tab.page.getByRole('dialog');
  await dialog.getByTestId('plan-save-run').click();
  await expect(dialog).toBeHidden();
  await tab.expectRunDone(planName);
  const download = await tab.downloadToBrowser(planName);
  const file = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(file);
  await tab.closeDialog();
  return file;
}

/** Imports the masked work's zip into the project of no ontology: every file matched, its two labels (on four objects) created on confirmation. */
export async function importWithTheirLabels(tab: ExportsTab, target: { projectId: number; taskName: string }, formatTitle: string, file: string): Promise<void> {
  const { page } = tab;
  await tab.open(target.projectId);
  await page.getByTestId('import-format').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(formatTitle, { exact: true }).click();
  await tab.previewImport(target.taskName, file);
  await expect(page.getByTestId('import-unmatched')).toHaveText('0');
  // The new project has no ontology: Cat and Dog are missing until creating them is confirmed.
  await expect(page.getByTestId('import-preview')).toContainText('Label missing: 4');
  await tab.confirmLabelsAndApply();
  await expect(page.getByTestId('import-result')).toContainText('Imported 4 objects on 2 frames');
}

/** A project's features as [tool, label names]. */
export async function featuresOf(owner: ApiUser, projectId: number): Promise<[string, string[]][]> {
  const features = (await owner.call('POST', '/ontology/feature/list', { projectId })).list;
  return features.map((f: { tool: string; labels: { name: string }[] }) => [f.tool, f.labels.map((l) => l.name)]);
}

