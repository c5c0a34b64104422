import { expect, type Locator, type Page } from '@playwright/test';

/** The team's "Workstation logs" tab (owner, admin): zips, filters, "upload now", retention. */
export class TeamLogsPage {
  readonly table: Locator;
  readonly status: Locator;
  constructor(private readonly page: Page) {
    this.table = page.getByTestId('log-uploads-table');
    this.status = page.getByTestId('upload-now-status');
  }

  /** Through the menu and the team's tabs, as an owner finds it. */
  async open() {
    await this.page.getByRole('menuitem', { name: 'Team' }).click();
    await this.page.getByRole('tab', { name: 'Workstation logs', exact: true }).click();
    await expect(this.table).toBeVisible();
  }

  rows() {
    return this.table.locator('tbody tr.ant-table-row');
  }

  /** Picks an option of an antd select by its visible title. */
  private async choose(select: Locator, option: string) {
    await select.click();
    await this.page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
    await expect(select).toContainText(option);
  }

  async filterByPerson(name: string) {
    await this.choose(this.page.getByTestId('logs-filter-person'), name);
  }

  /** "Upload now" for a person (and one of their devices, or every one). */
  async askUploadNow(person: string, device?: string) {
    await this.page.getByTestId('upload-now').click();
    const dialog = this.page.getByRole('dialog');
    await this.choose(dialog.getByTestId('upload-now-person'), person);
    if (device) await this.choose(dialog.getByTestId('upload-now-device'), device);
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(dialog).toBeHidden();
  }

  /** Downloads the zip of a row through the browser; answers Playwright's download. */
  async download(row: Locator) {
    const download = this.page.waitForEvent('download');
    await row.getByRole('button', { name: 'Download' }).click();
    return download;
  }
}
