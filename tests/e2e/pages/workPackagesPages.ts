import { expect, type Locator, type Page } from '@playwright/test';

/** The "Work packages" section of a project's settings page. */
export class WorkPackageSettingsSection {
  readonly root: Locator;
  constructor(private readonly page: Page) {
    this.root = page.getByTestId('work-package-settings');
  }
  async open(projectId: number) {
    await this.page.goto(`/#/projects/${projectId}/settings`);
    await expect(this.root).toBeVisible();
  }
  packageSize() {
    return this.root.getByLabel('Package size');
  }
  leaseHours() {
    return this.root.getByLabel('Lease (hours)');
  }
  async set(packageSize: string, leaseHours: string) {
    await this.packageSize().fill(packageSize);
    await this.leaseHours().fill(leaseHours);
    await this.root.getByRole('button', { name: 'Save' }).click();
  }
}

/** "Who holds what" under a project's tasks: the work packages list of a dispatcher. */
export class WorkPackagesList {
  readonly root: Locator;
  constructor(private readonly page: Page) {
    this.root = page.getByTestId('work-packages');
  }
  rows() {
    return this.root.locator('tbody tr.ant-table-row');
  }
  row(holderName: string) {
    return this.rows().filter({ hasText: holderName });
  }
  /** The text of one column of a row, by the column's header. */
  async cell(row: Locator, header: string): Promise<Locator> {
    const headers = await this.root.locator('thead th').allInnerTexts();
    const index = headers.findIndex((h) => h.trim() === header);
    expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
    return row.locator('td').nth(index);
  }
  async filter(state: 'All' | 'Leased' | 'Lapsed' | 'Returned') {
    await this.root.getByLabel('Filter by state').getByText(state, { exact: true }).click();
  }
}
