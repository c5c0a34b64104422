import { expect, type Locator, type Page } from '@playwright/test';

/** The project's AI tab. */
export class AiTabPage {
  constructor(readonly page: Page) {}

  /** Opens the tab from the project's tab bar, in `language` (the texts the spec reads). */
  async open(projectId: number, language: 'English' | '中文' = 'English') {
    await this.page.goto(`/#/projects/${projectId}`);
    await expect(this.page.getByTestId('project-title')).toBeVisible();
    await this.language(language);
    await this.page.getByRole('tab', { name: 'AI', exact: true }).click();
    await expect(this.page.getByTestId('ai-service-status')).toBeVisible();
  }

  async language(name: 'English' | '中文') {
    await this.page.getByRole('group', { name: /Language|界面语言/ }).getByRole('button', { name }).click();
  }

  /** One of the tab's own views: Models, Pre-annotate & train, Model statistics. */
  async view(name: string | RegExp) {
    await this.page.getByRole('tab', { name, exact: true }).click();
    await expect(this.page.getByRole('tab', { name, exact: true, selected: true })).toBeVisible();
  }

  toolCard(tool: 'box' | 'polygon' | 'keypoints' | 'tracking'): Locator {
    return this.page.getByTestId(`ai-tool-${tool}`);
  }

  /** Picks an option of an antd select the page marked with a test id. */
  async choose(testId: string, option: string | RegExp) {
    await this.page.getByTestId(testId).click();
    await this.page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
  }

  async preAnnotate(taskName: string) {
    const card = this.page.getByTestId('ai-pre-annotate');
    await this.choose('ai-pre-annotate-task', taskName);
    await card.getByRole('button', { name: 'Pre-annotate' }).click();
    await expect(this.page.getByText(/Pre-annotation job #\d+ started/).last()).toBeVisible();
  }

  async train() {
    await this.page.getByTestId('ai-train').getByRole('button', { name: 'Train a new version' }).click();
    await expect(this.page.getByText(/Training job #\d+ started/).last()).toBeVisible();
  }

  jobState(jobId: number): Locator {
    return this.page.getByTestId(`ai-job-state-${jobId}`);
  }
  jobProgress(jobId: number): Locator {
    return this.page.getByTestId(`ai-job-progress-${jobId}`);
  }
  jobApplied(jobId: number): Locator {
    return this.page.getByTestId(`ai-job-applied-${jobId}`);
  }
  cancel(jobId: number): Locator {
    return this.page.getByTestId(`ai-job-cancel-${jobId}`);
  }
  trainVerdict(jobId: number): Locator {
    return this.page.getByTestId(`ai-train-verdict-${jobId}`);
  }
  trainOutcome(jobId: number): Locator {
    return this.page.getByTestId(`ai-train-outcome-${jobId}`);
  }

  /** The statistics view of one model (chosen by the text of its option). */
  async statisticsOf(model: string | RegExp) {
    await this.choose('ai-stats-model', model);
  }
  stat(metric: 'precision' | 'recall' | 'f1' | 'ap50' | 'ap5095'): Locator {
    return this.page.getByTestId(`ai-stat-${metric}`);
  }
}
