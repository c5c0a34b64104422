import { expect, type Locator, type Page } from '@playwright/test';

/** "Work packages on this computer" on My work: this workstation's packages. */
export class LocalPackagesCard {
  readonly root: Locator;
  constructor(private readonly page: Page) {
    this.root = page.getByTestId('local-packages');
  }

  rows(): Locator {
    return this.root.locator('[data-testid^="local-package-"]');
  }

  row(packageId: number): Locator {
    return this.root.getByTestId(`local-package-${packageId}`);
  }

  /** Takes a package on a step of My work, checking what the confirm says of its size and lease; answers the new package's id. */
  async take(workflowId: number, says: { items: number; leaseHours: number }): Promise<number> {
    const before = await this.rows().count();
    await this.page.getByTestId(`work-step-${workflowId}`).getByTestId('take-package').click();
    const dialog = this.page.getByRole('dialog');
    await expect(dialog).toContainText(`Take a work package of up to ${says.items} item${says.items === 1 ? '' : 's'}?`);
    await expect(dialog).toContainText(`The lease is ${says.leaseHours} hour${says.leaseHours === 1 ? '' : 's'}, until `);
    await dialog.getByRole('button', { name: 'Take work package' }).click();
    await expect(this.rows()).toHaveCount(before + 1);
    const testId = await this.rows().first().getAttribute('data-testid');
    return Number(testId!.replace('local-package-', ''));
  }

  async expectState(packageId: number, state: 'downloading' | 'paused' | 'ready' | 'failed', timeout = 10_000) {
    await expect(this.row(packageId).getByTestId('package-state')).toHaveAttribute('data-state', state, { timeout });
  }

  async workOffline(packageId: number) {
    await this.row(packageId).getByRole('button', { name: 'Work offline' }).click();
  }
}
