import { expect, type Page } from '@playwright/test';

/** The logged-in shell with the project list. */
export class ProjectsPage {
  constructor(private readonly page: Page) {}
  async expectUser(name: string) {
    await expect(this.page.getByTestId('current-user-name')).toHaveText(name);
  }
  emptyState() {
    return this.page.getByTestId('projects-empty');
  }
  async switchLanguage(optionText: 'English' | '中文') {
    await this.page.getByTestId('lang-switch').getByRole('button', { name: optionText }).click();
  }
  async logOut() {
    await this.page.getByTestId('logout').click();
  }
}
