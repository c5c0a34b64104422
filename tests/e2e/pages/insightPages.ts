import { expect, type Download, type Page } from '@playwright/test';
import { LoginPage } from './authPages';
import { keepShot } from './shots';

/** Screenshots of the main screens land where the brief asks, one per screen. */
export const screenshot = (page: Page, name: string) => keepShot(page, { path: `test-results/screenshots/insight-${name}.png`, fullPage: true });

/** Signs in as the demo owner at 1280x720, the smallest screen the app is built for. */
export async function signInAsOwner(page: Page) {
  await page.setViewportSize({ width: 1280, height: 720 });
  const login = new LoginPage(page);
  await login.open();
  await login.logIn('13800000001', 'demo12345');
  await expect(page.getByTestId('current-user-name')).toHaveText('Demo Owner 演示负责人');
}

/** A project's "Exports" tab: plans, runs, download and import. */
export class ExportsTab {
  constructor(readonly page: Page) {}
  async open(projectId: number) {
    await this.page.goto(`/#/projects/${projectId}/exports`);
    await expect(this.page.getByTestId('new-plan')).toBeVisible();
  }
  /** Creates a plan of the format named (its label in the select) and starts it at once. */
  async saveAndRunPlan(name: string, formatLabel: string) {
    await this.page.getByTestId('new-plan').click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByLabel(/Plan name/).fill(name);
    await dialog.getByTestId('plan-format').click();
    // antd keeps a hidden role=option list for screen readers; the visible items carry a title.
    await this.page.locator('.ant-select-dropdown:visible').getByTitle(formatLabel, { exact: true }).click();
    await expect(dialog.getByTestId('plan-format')).toContainText(formatLabel);
    await expect(dialog.getByTestId('export-count')).toContainText(/\d/);
    await dialog.getByTestId('plan-save-run').click();
    await expect(dialog).toBeHidden();
  }
  /** The run's row in the runs table (the plan list has a row of the same name, without a progress bar). */
  runRow(name: string) {
    return this.page.getByRole('row').filter({ hasText: name }).filter({ has: this.page.getByRole('progressbar') }).first();
  }
  async expectRunDone(name: string) {
    await expect(this.runRow(name).getByText('Done', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(this.runRow(name).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  }
  /** Saves the run's zip into the browser's downloads, a browser's default; answers the download. */
  async downloadToBrowser(name: string): Promise<Download> {
    await this.runRow(name).getByRole('button', { name: 'Download' }).click();
    await expect(this.page.getByTestId('download-to-browser')).toBeVisible();
    const arrived = this.page.waitForEvent('download');
    await this.page.getByTestId('download-save').click();
    const download = await arrived;
    await expect(this.page.getByTestId('download-done')).toBeVisible({ timeout: 30_000 });
    return download;
  }
  /** Saves the run's zip into a folder of the workstation's computer (a browser's option there); answers the path it was written to. */
  async download(name: string): Promise<string> {
    await this.runRow(name).getByRole('button', { name: 'Download' }).click();
    await this.page.getByTestId('file-side-machine').click();
    const path = this.page.getByTestId('download-path');
    await expect(path).not.toHaveValue('');
    const file = await path.inputValue();
    await this.page.getByTestId('download-save').click();
    await expect(this.page.getByTestId('download-done')).toBeVisible({ timeout: 30_000 });
    return file;
  }
  /** Records a delivery of a finished run through its "Record delivery" dialog. */
  async recordDelivery(name: string, delivery: { destination: string; message?: string; failed?: boolean; bytes?: number }) {
    await this.runRow(name).getByRole('button', { name: 'Record delivery' }).click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByLabel('Destination').fill(delivery.destination);
    if (delivery.failed) await dialog.getByRole('radio', { name: 'Failed' }).check();
    if (delivery.message !== undefined) await dialog.getByLabel(/^Message/).fill(delivery.message);
    if (delivery.bytes !== undefined) await dialog.getByLabel(/^Bytes transferred/).fill(String(delivery.bytes));
    await dialog.getByTestId('delivery-save').click();
    await expect(dialog).toBeHidden();
  }
  /** The expanded details of a run (report and deliveries), below its row. */
  runDetails(exportId: number) {
    return this.page.getByTestId(`export-report-${exportId}`);
  }
  async closeDialog() {
    await this.page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();
  }
  async previewImport(taskName: string, zip: string) {
    await this.page.getByTestId('import-task').click();
    await this.page.locator('.ant-select-dropdown:visible').getByTitle(taskName, { exact: true }).click();
    await this.page.locator('input[type=file]').setInputFiles(zip);
    await this.page.getByTestId('import-dry-run').click();
    await expect(this.page.getByTestId('import-preview')).toBeVisible({ timeout: 20_000 });
  }
  async confirmLabelsAndApply() {
    const confirm = this.page.getByRole('checkbox', { name: /missing labels? when importing/ });
    await confirm.check();
    await expect(confirm).toBeChecked();
    await expect(this.page.getByTestId('import-preview')).toContainText('objects on 2 frames would be written');
    await expect(this.page.getByTestId('import-apply')).toBeEnabled();
    await this.page.getByTestId('import-apply').click();
    await expect(this.page.getByTestId('import-result')).toBeVisible({ timeout: 20_000 });
  }
}

/** The performance page and its wall screen. */
export class PerformancePage {
  constructor(private readonly page: Page) {}
  async open() {
    await this.page.getByRole('menuitem', { name: 'Performance' }).click();
    await expect(this.page.getByTestId('performance-summary')).toBeVisible();
  }
  summaryFigure(key: string) {
    return this.page.getByTestId(`summary-${key}`);
  }
  async exportCsv() {
    const download = this.page.waitForEvent('download');
    await this.page.getByTestId('performance-export-csv').click();
    return download;
  }
  /** Opens a tab of the reports (Efficiency, Quality, Workload, Personnel). */
  async tab(name: string) {
    await this.page.getByRole('tab', { name }).click();
    await expect(this.page.getByRole('tab', { name, selected: true })).toBeVisible();
  }
  /** The figure of `column` in the row of `rowName`, in the table of the tab shown. */
  async figure(rowName: string, column: string): Promise<string> {
    const table = this.page.getByRole('tabpanel').filter({ visible: true }).getByRole('table');
    const row = table.getByRole('row').filter({ hasText: rowName });
    await expect(row).toHaveCount(1);
    const headers = (await table.getByRole('columnheader').allInnerTexts()).map((h) => h.trim());
    expect(headers, 'the table\'s columns').toContain(column);
    return (await row.locator('td').nth(headers.indexOf(column)).innerText()).trim();
  }
  async openWall() {
    await this.page.getByTestId('open-wall').click();
    await expect(this.page.getByTestId('wall-screen')).toBeVisible();
  }
}

/** The operations page: log viewer and upload. */
export class OperationsPage {
  constructor(private readonly page: Page) {}
  async open() {
    await this.page.getByRole('menuitem', { name: 'Operations' }).click();
    await expect(this.page.getByTestId('log-table')).toBeVisible();
  }
  async search(text: string) {
    const box = this.page.getByPlaceholder('Message contains…');
    await box.fill(text);
    await box.press('Enter');
  }
  rows() {
    return this.page.getByTestId('log-table').locator('tbody tr.ant-table-row');
  }
  async shipNow() {
    await this.page.getByTestId('logs-ship-now').click();
    await expect(this.page.getByTestId('logs-ship-result')).toBeVisible({ timeout: 20_000 });
  }
}
