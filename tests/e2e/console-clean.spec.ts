import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/authPages';
import { watchConsole, type IntendedFailure } from './pages/journeyWatch';
import { ProjectListPage, ProjectPages } from './pages/projectPages';
import { ProjectsPage } from './pages/projectsPage';
import { TasksTab } from './pages/tasksTab';
import { TeamSwitcher } from './pages/teamPages';
import { freshMobile, PASSWORD } from './pages/teamSetup';
import { MyWorkPage, WorkspacePage } from './pages/workPages';

/**
 * The failed answers a clean journey still gets, each on purpose. Nothing else may fail: a
 * request the app should have known not to make (a team's list for a user in no team) is a
 * defect even when the screen hides it.
 */
const INTENDED: IntendedFailure[] = [
  // A window opened with no session asks who is signed in; "nobody" is the answer that shows the login page.
  { method: 'GET', url: /^\/core\/user\/info$/, status: 401, why: 'the start of a window with no session' },
];

test("a new user's first hour leaves the console clean: no error, no warning, no unintended failed request", async ({ page }) => {
  test.setTimeout(240_000);
  const salt = `${Date.now() % 1e7}`;
  const console = watchConsole(page, INTENDED);
  const name = `Clean console ${salt}`;
  const mobile = freshMobile();

  // Register: the new user has no team yet and lands on the projects page.
  const login = new LoginPage(page);
  await login.open();
  await (await login.goToRegister()).register({ mobile, password: PASSWORD, name });
  const shell = new ProjectsPage(page);
  await shell.expectUser(name);
  await shell.switchLanguage('English');
  await expect(shell.emptyState()).toBeVisible();
  await page.goto('/#/team');
  await expect(page.getByTestId('no-team')).toBeVisible();

  // A team, a project, a folder of photos.
  await new TeamSwitcher(page).createTeamAnyLanguage(`Clean team ${salt}`);
  await expect(new TeamSwitcher(page).button()).toContainText(`Clean team ${salt}`);
  await page.getByRole('menuitem', { name: 'Projects' }).click();
  await new ProjectListPage(page).createProject({ name: `Clean project ${salt}`, description: 'A first project.' });
  const project = new ProjectPages(page);
  await project.openTab(/^Ontology$/);
  await page.getByLabel('Feature name').fill('Animals');
  await page.getByRole('button', { name: 'New feature' }).click();
  const labels = page.getByRole('table', { name: 'Labels' });
  await labels.getByLabel('Name').first().fill('Cat');
  await labels.getByLabel('Hotkey').first().fill('c');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();

  const folder = test.info().outputPath('photos');
  fs.mkdirSync(folder, { recursive: true });
  for (const photo of ['chelsea.png', 'coffee.png']) fs.copyFileSync(path.resolve('resources/demo-images', photo), path.join(folder, photo));
  await project.openTab(/^Data$/);
  await project.importFolder(folder);
  const batchName = `Photos ${salt}`;
  await project.startImport(batchName);
  await expect(page.getByTestId('import-state').first()).toHaveText('Done', { timeout: 60_000 });
  await expect(project.subjectTiles()).toHaveCount(2);

  // The owner annotates in their own project: a member of it, then of a one-step task.
  await project.openTab(/^Members$/);
  await project.addMemberAs(name, 'Annotator');
  await project.openTab(/^Tasks$/);
  const taskName = `First task ${salt}`;
  const tasks = new TasksTab(page);
  await page.getByRole('button', { name: 'New task' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('Task name').fill(taskName);
  await tasks.choose(drawer, 'Batches', `${batchName} (2)`);
  await tasks.choose(page.getByTestId('step-0'), 'Members', name);
  await page.getByTestId('step-1').getByRole('button', { name: 'Remove step' }).click();
  await drawer.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('task-title')).toContainText(taskName);
  const work = new MyWorkPage(page);
  await work.open();
  const workspace = await work.start(await work.stepIdOf(taskName));
  await workspace.expectItemOpen();
  await expect(new WorkspacePage(page).canvas).toBeVisible();

  // Out and back in.
  await page.goto('/#/projects');
  await shell.logOut();
  await login.expectShown();
  await login.logIn(mobile, PASSWORD);
  await shell.expectUser(name);
  await expect(page.getByRole('cell', { name: `Clean project ${salt}` })).toBeVisible();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);

  expect(await console.heard(), 'what the console heard on the way').toEqual([]);
});
