import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { englishPage } from './pages/consoleWatch';
import { ProjectPages } from './pages/projectPages';
import { TasksTab } from './pages/tasksTab';
import { call } from './pages/teamSetup';
import { workWorld } from './pages/workSetup';

/**
 * Lists stay fresh after the user's own changes and colleagues' (issue 17: a batch imported a
 * moment ago was missing from the New-task drawer until a reload).
 */
test('a batch the user just imported is offered by the New-task drawer without a reload; an empty New-task form says what is missing and the console stays clean', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const world = await workWorld(request, 1);
  const { page, problems } = await englishPage(browser, world.owner);
  const tasks = new TasksTab(page);
  await tasks.open(world.projectId);

  // The drawer reads the batches once here: the list the import must refresh.
  await page.getByRole('button', { name: 'New task' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('button', { name: 'Create' }).click();
  await expect(drawer.getByText('Enter a task name')).toBeVisible();
  await drawer.getByRole('button', { name: 'Cancel' }).click();
  await expect(drawer).toBeHidden();

  const tag = `f${Date.now() % 1_000_000}`;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'fresh-lists-'));
  for (const f of ['coffee.png', 'horse.png']) fs.copyFileSync(path.join('resources/demo-images', f), path.join(folder, f));
  const project = new ProjectPages(page);
  await project.openTab(/^Data$/);
  await project.importFolder(folder);
  await project.startImport(`Fresh ${tag}`);
  await expect(page.getByTestId('import-job').getByTestId('import-state')).toHaveText('Done', { timeout: 90_000 });

  await project.openTab(/^Tasks$/);
  await page.getByRole('button', { name: 'New task' }).click();
  await tasks.choose(drawer, 'Batches', `Fresh ${tag} (2)`);
  // Chosen (`choose` found it among the options): it shows as the value; the closing list may still show it too.
  // antd also puts the chosen option into a hidden live region for screen readers: the visible one counts.
  await expect(drawer.getByText(`Fresh ${tag} (2)`).filter({ visible: true }).first()).toBeVisible();
  expect(problems).toEqual([]);
});

test('a colleague\'s new batch appears in the open New-task drawer, and the new task in another member\'s task list, without a reload', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const world = await workWorld(request, 1);
  const { page: owner, problems: ownerProblems } = await englishPage(browser, world.owner);
  const { page: annotator, problems: annotatorProblems } = await englishPage(browser, world.annotator);

  await new TasksTab(annotator).open(world.projectId);
  await expect(annotator.getByRole('row', { name: new RegExp(world.taskName) })).toBeVisible({ timeout: 30_000 });

  const tasks = new TasksTab(owner);
  await tasks.open(world.projectId);
  await owner.getByRole('button', { name: 'New task' }).click();
  const drawer = owner.getByRole('dialog');
  await expect(drawer.getByLabel('Task name')).toBeVisible();

  // Elsewhere (another manager, a script), a batch is added while the drawer is open.
  const tag = `c${Date.now() % 1_000_000}`;
  await call(request, world.owner, 'POST', '/batch', { projectId: world.projectId, name: `Late ${tag}` });
  await tasks.choose(drawer, 'Batches', `Late ${tag} (0)`);
  await drawer.getByLabel('Task name').fill(`Second pass ${tag}`);
  await tasks.choose(owner.getByTestId('step-0'), 'Members', world.annotator.name);
  await tasks.choose(owner.getByTestId('step-1'), 'Members', world.reviewer.name);
  await drawer.getByRole('button', { name: 'Create' }).click();
  await expect(owner.getByTestId('task-title')).toContainText(`Second pass ${tag}`);

  // The annotator's open list shows the new task by itself.
  await expect(annotator.getByRole('row', { name: new RegExp(`Second pass ${tag}`) })).toBeVisible();
  expect([...ownerProblems, ...annotatorProblems]).toEqual([]);
});
