import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/authPages';
import { ProjectsPage } from './pages/projectsPage';
import { apiAs, demoSubject } from './pages/notesCentre';
import { TasksTab } from './pages/tasksTab';
import { keepShot } from './pages/shots';

const ANNOTATOR = 'Demo Annotator 演示标注员';
const REVIEWER = 'Demo Reviewer 演示审核员';

test('the owner creates a two-step task over a batch, dispatches an item, takes it back, edits the workflow, clones and closes the task', async ({ page, request }) => {
  const tag = `t${Date.now() % 1_000_000}`;
  const owner = await apiAs(request, '13800000001');
  const { projectId } = await demoSubject(request, owner, tag);

  await new LoginPage(page).open();
  await new LoginPage(page).logIn('13800000001', 'demo12345');
  await new ProjectsPage(page).switchLanguage('English');
  const tasks = new TasksTab(page);
  await tasks.open(projectId);
  await tasks.createTask(`Streets ${tag}`, `Notes ${tag}`, ANNOTATOR, REVIEWER);

  // One item waits at the annotate step.
  await expect(page.getByText('0 of 1 done')).toBeVisible();
  const annotateRow = page.getByRole('row', { name: /Annotate/ }).first();
  await expect(annotateRow.getByRole('cell').nth(1)).toHaveText('1');
  await expect(page.getByTestId('workflow-step-0')).toContainText(ANNOTATOR);
  await expect(page.getByTestId('workflow-step-1')).toContainText(REVIEWER);
  await keepShot(page, { path: 'test-results/screenshots/tasks-detail.png', fullPage: true });

  // Hand it to the annotator, then take it back.
  await tasks.choose(page, 'Hand to', `${ANNOTATOR} · holds 0`);
  await page.getByRole('button', { name: 'Dispatch', exact: true }).click();
  await expect(page.getByText(`1 item handed to ${ANNOTATOR}`)).toBeVisible();
  const dispatchRow = page.getByRole('row', { name: new RegExp(`${ANNOTATOR}.*Active`) });
  await expect(dispatchRow).toBeVisible();
  await expect(page.getByTestId('task-holders')).toContainText(ANNOTATOR);
  await dispatchRow.getByRole('button', { name: 'Take back' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Taken back: 1 item returned to the queue')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`${ANNOTATOR}.*Taken back`) })).toBeVisible();

  // A second review step at the end, then removed while empty.
  await page.getByRole('button', { name: 'Add a review step' }).click();
  await expect(page.getByTestId('workflow-step-2')).toContainText('Review');
  await page.getByTestId('workflow-step-2').getByRole('button', { name: 'Remove step' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('workflow-step-2')).toHaveCount(0);

  // Clone, then close the clone.
  await page.getByRole('button', { name: 'Clone task' }).click();
  await page.getByLabel('Name of the new task').fill(`Streets ${tag} copy`);
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('task-title')).toContainText(`Streets ${tag} copy`);
  await page.getByRole('button', { name: 'Close task' }).click();
  await expect(page.getByTestId('task-title')).toContainText('Closed');

  await page.getByRole('button', { name: /Back to the tasks/ }).click();
  await expect(page.getByRole('row', { name: new RegExp(`Streets ${tag} copy.*Closed`) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Streets ${tag}\\s.*Open`) })).toBeVisible();
  await keepShot(page, { path: 'test-results/screenshots/tasks-list.png', fullPage: true });
});
