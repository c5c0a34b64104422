import { expect, type Page } from '@playwright/test';

/** The tasks tab of a project, and one task's page. */
export class TasksTab {
  constructor(private readonly page: Page) {}
  async open(projectId: number) {
    await this.page.goto(`/#/projects/${projectId}/tasks`);
    await expect(this.page.getByRole('tab', { name: 'Tasks' })).toHaveAttribute('aria-selected', 'true');
  }
  /** Picks `option` in the antd select labelled `label` inside `scope`, as a keyboard user does: type, Enter. */
  async choose(scope: ReturnType<Page['getByTestId']> | Page, label: string, option: string) {
    const select = scope.getByLabel(label);
    await select.click();
    await select.pressSequentially(option.split(' · ')[0]!);
    await this.page.locator('.ant-select-dropdown:visible').last().getByTitle(option, { exact: true }).waitFor();
    await this.page.keyboard.press('Enter');
    await this.page.keyboard.press('Escape');
  }
  async createTask(name: string, batch: string, annotator: string, reviewer: string) {
    await this.page.getByRole('button', { name: 'New task' }).click();
    const drawer = this.page.getByRole('dialog');
    await drawer.getByLabel('Task name').fill(name);
    await this.choose(drawer, 'Batches', `${batch} (1)`);
    await this.choose(this.page.getByTestId('step-0'), 'Members', annotator);
    await this.choose(this.page.getByTestId('step-1'), 'Members', reviewer);
    await drawer.getByRole('button', { name: 'Create' }).click();
    await expect(this.page.getByTestId('task-title')).toContainText(name);
  }
  /** As createTask, over a batch of any size: `batchOption` is the batch as the select shows it, e.g. `Photos (3)`. */
  async createTaskOver(name: string, batchOption: string, annotator: string, reviewer: string) {
    await this.page.getByRole('button', { name: 'New task' }).click();
    const drawer = this.page.getByRole('dialog');
    await drawer.getByLabel('Task name').fill(name);
    await this.choose(drawer, 'Batches', batchOption);
    await this.choose(this.page.getByTestId('step-0'), 'Members', annotator);
    await this.choose(this.page.getByTestId('step-1'), 'Members', reviewer);
    await drawer.getByRole('button', { name: 'Create' }).click();
    await expect(this.page.getByTestId('task-title')).toContainText(name);
  }
}
