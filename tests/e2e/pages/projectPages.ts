import { expect, type Page } from '@playwright/test';
import { keepShot } from './shots';

/** Where each main screen's screenshot goes. */
export const screenshot = (page: Page, name: string) => keepShot(page, { path: `test-results/screenshots/project-${name}.png`, fullPage: true });

/** The project list with its filters and the create dialog. */
export class ProjectListPage {
  constructor(private readonly page: Page) {}
  async createProject(p: { name: string; description: string }) {
    await this.page.getByTestId('create-project').click();
    await this.page.getByTestId('create-project-name').fill(p.name);
    await this.page.getByTestId('create-project-description').fill(p.description);
    await this.page.getByTestId('create-project-submit').click();
    await expect(this.page.getByTestId('project-title')).toHaveText(p.name);
  }
  async searchName(text: string) {
    await this.page.getByTestId('project-search').getByRole('searchbox').fill(text);
    await this.page.getByTestId('project-search').getByRole('searchbox').press('Enter');
  }
  row(name: string) {
    return this.page.getByRole('row').filter({ hasText: name });
  }
}

/** One project's pages, reached through its tabs. */
export class ProjectPages {
  constructor(private readonly page: Page) {}
  async openTab(name: RegExp) {
    await this.page.getByRole('tab', { name }).click();
  }
  async saveGeneral(p: { name: string; description: string }) {
    await this.page.getByTestId('settings-name').fill(p.name);
    await this.page.getByTestId('settings-description').fill(p.description);
    await this.page.getByTestId('settings-save').click();
    await expect(this.page.getByTestId('project-title')).toHaveText(p.name);
  }
  async writeInstruction(text: string) {
    const editor = this.page.getByTestId('instruction-editor');
    await editor.click();
    await this.page.getByRole('button', { name: 'Bold' }).click();
    await editor.pressSequentially(text);
    await this.page.getByTestId('instruction-save').click();
    await expect(this.page.getByText('Instruction saved')).toBeVisible();
  }
  async addRejectReason(reason: string) {
    await this.page.getByTestId('reject-reason-input').fill(reason);
    await this.page.getByTestId('reject-reason-add').click();
    await expect(this.page.getByTestId('reject-reasons').getByText(reason, { exact: true })).toBeVisible();
  }
  async addNoteLabel(name: string) {
    await this.page.getByTestId('note-label-input').fill(name);
    await this.page.getByTestId('note-label-add').click();
    await expect(this.page.getByTestId('note-labels').getByRole('textbox', { name: `Name of ${name}` })).toBeVisible();
  }
  async addMember(nameOrMobile: string) {
    await this.page.getByTestId('add-members').click();
    await this.page.getByTestId('add-members-select').click();
    // antd renders the visible options apart from the (hidden) accessible listbox.
    await this.page.locator('.ant-select-item-option').filter({ hasText: nameOrMobile }).click();
    await this.page.keyboard.press('Escape');
    await this.page.getByTestId('add-members-submit').click();
    await expect(this.page.getByTestId('project-members').getByRole('cell', { name: nameOrMobile })).toBeVisible();
  }
  /** Adds one team member with the project role of that label (e.g. 'Reviewer'). */
  async addMemberAs(nameOrMobile: string, roleLabel: string) {
    await this.page.getByTestId('add-members').click();
    const dialog = this.page.getByRole('dialog');
    await this.page.getByTestId('add-members-select').click();
    await this.page.locator('.ant-select-item-option').filter({ hasText: nameOrMobile }).click();
    await this.page.keyboard.press('Escape');
    await dialog.getByLabel(/^(Project role|项目角色)$/).click();
    await this.page.locator('.ant-select-dropdown:visible').getByTitle(roleLabel, { exact: true }).click();
    await this.page.getByTestId('add-members-submit').click();
    await expect(this.page.getByTestId('project-members').getByRole('row').filter({ hasText: nameOrMobile })).toContainText(roleLabel);
  }
  /** The id of the project shown, from the address. */
  projectId(): number {
    const m = /#\/projects\/(\d+)/.exec(this.page.url());
    if (!m) throw new Error(`not on a project page: ${this.page.url()}`);
    return Number(m[1]);
  }
  /**
   * Imports a folder of the workstation's computer (the browser host's option; files come from
   * the browser by default), as images or (`as: 'Frame sequences'`) as frame sequences: types the
   * folder and previews it; a folder not chosen before is allowed first, as the user does in the browser host.
   */
  async importFolder(folder: string, as?: 'Frame sequences') {
    await this.page.getByTestId('import-open').click();
    await this.page.getByTestId('file-side-machine').click();
    if (as) {
      await this.page.getByRole('dialog').getByText(as, { exact: true }).click();
      await expect(this.page.getByRole('radio', { name: as })).toBeChecked();
    }
    await this.page.getByTestId('import-path').fill(folder);
    await this.page.getByTestId('import-scan').click();
    const preview = this.page.getByTestId('scan-preview');
    const allow = this.page.getByTestId('allow-folder');
    await expect(preview.or(allow)).toBeVisible();
    if (await allow.isVisible()) await allow.click();
    await expect(preview).toBeVisible();
  }
  async startImport(batchName: string) {
    await this.page.getByTestId('import-batch-name').fill(batchName);
    await this.page.getByTestId('import-start').click();
  }
  subjectTiles() {
    return this.page.getByTestId('subject-tile');
  }
}
