import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { ProjectsPage } from './pages/projectsPage';
import { roomJoined } from './pages/realtimeRooms';
import { call, loggedInPage, type TestUser } from './pages/teamSetup';
import { TasksTab } from './pages/tasksTab';
import { WorkPackageSettingsSection, WorkPackagesList } from './pages/workPackagesPages';
import { workWorld, type WorkWorld } from './pages/workSetup';
import { keepShot } from './pages/shots';

/**
 * The team side of work packages (issue 19, docs/offline-day.md): an admin sets package size and
 * lease in the project settings, sees who holds which package under the tasks, and takes one
 * back. The annotator takes theirs through the team server's API here, as their workstation does
 * (taking one from My work is tests/e2e/offline-package.spec.ts).
 */
const config = (request: APIRequestContext, w: WorkWorld) => call(request, w.owner, 'GET', `/project/${w.projectId}/config`);
/** Logged in, reading English (the texts this spec reads); the choice is kept across reloads. */
async function englishPage(browser: Browser, user: TestUser) {
  const page = await loggedInPage(browser, user);
  await new ProjectsPage(page).switchLanguage('English');
  await expect(page.getByTestId('lang-switch').getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  return page;
}
const packagesOf = (request: APIRequestContext, user: TestUser, projectId: number) => call(request, user, 'GET', `/task/subject/package/list?projectId=${projectId}`);

test('an admin sets package size and lease, sees the annotator\'s package live with its counts, and takes it back', async ({ browser, request }) => {
  const w = await workWorld(request, 3);
  const admin = await englishPage(browser, w.owner);
  const settings = new WorkPackageSettingsSection(admin);
  await settings.open(w.projectId);
  // A project that never set them shows the defaults.
  await expect(settings.packageSize()).toHaveValue('200');
  await expect(settings.leaseHours()).toHaveValue('24');

  // Out of range: the form says so in words, and nothing reaches the server.
  await settings.set('5000', '24');
  await expect(settings.root.getByText('Package size is a whole number from 1 to 1000')).toBeVisible();
  await settings.set('2', '0');
  await expect(settings.root.getByText('The lease is a whole number of hours from 1 to 168')).toBeVisible();
  expect(await config(request, w)).toEqual({});

  // The server refuses the same through the JSON editor, and its refusal is shown translated.
  await admin.getByTestId('config-text').fill('{ "packageSize": 0, "colour": "red" }');
  await admin.getByTestId('config-save').click();
  await expect(admin.locator('.ant-message-error')).toContainText('A work package setting is out of range: package size 1 to 1,000 items, lease 1 to 168 hours.');
  expect(await config(request, w)).toEqual({});

  // Good values are saved, next to what else the configuration holds.
  await admin.getByTestId('config-text').fill('{ "colour": "red" }');
  await admin.getByTestId('config-save').click();
  await expect.poll(() => config(request, w)).toEqual({ colour: 'red' });
  await settings.set('2', '8');
  await expect(admin.locator('.ant-message-success').last()).toContainText('Saved');
  await expect.poll(() => config(request, w)).toEqual({ colour: 'red', packageSize: 2, leaseHours: 8 });
  await admin.reload();
  await expect(settings.packageSize()).toHaveValue('2');
  await expect(settings.leaseHours()).toHaveValue('8');

  // The admin watches who holds what; nobody does yet.
  // (The list hears the project's task rooms: the annotator takes theirs once it listens.)
  const listening = roomJoined(admin, `task:${w.taskId}`);
  await new TasksTab(admin).open(w.projectId);
  const list = new WorkPackagesList(admin);
  await listening;
  await expect(list.root).toContainText('Nobody holds a work package now.');

  // The annotator takes a package (capped at the project's 2) and starts one of its items.
  const taken = await call(request, w.annotator, 'POST', '/task/subject/package', { projectId: w.projectId, taskId: w.taskId, workflowId: w.annotateStep });
  expect(taken.items).toHaveLength(2);
  const row = list.row(w.annotator.name);
  // Live: the row comes in without a reload.
  await expect(row).toHaveCount(1);
  await expect(await list.cell(row, 'Task')).toHaveText(w.taskName);
  await expect(await list.cell(row, 'Step')).toHaveText('Annotate 1');
  await expect(await list.cell(row, 'Items')).toHaveText('2');
  await expect(await list.cell(row, 'Started')).toHaveText('0');
  await expect((await list.cell(row, 'State')).locator('.ant-tag')).toHaveText('Leased');
  await expect(await list.cell(row, 'Taken')).toContainText('just now');
  // An 8-hour lease taken just now ends in 7 h 59 min (or 8 h on the dot).
  await expect(await list.cell(row, 'Expires')).toContainText(/in (7 h 59 min|8 h)/);

  const first = taken.items[0];
  await call(request, w.annotator, 'POST', '/annotate', {
    taskSubjectId: first.card.taskSubjectId,
    saveId: `e2e-package-${first.card.taskSubjectId}`,
    baseVersion: first.card.version,
    frames: [{ frameId: first.card.frameIds[0], data: { version: 1, objects: [], classifications: [] } }],
  });
  await expect(await list.cell(row, 'Started')).toHaveText('1');
  await keepShot(admin, { path: 'test-results/screenshots/work-packages-who-holds-what.png', fullPage: true, animations: 'disabled' });

  // The filter by state: no lapsed package, the leased one under Leased.
  await list.filter('Lapsed');
  await expect(list.rows()).toHaveCount(0);
  await list.filter('Leased');
  await expect(list.rows()).toHaveCount(1);

  // Taking it back says how many are started and that the holder keeps unsent edits locally.
  await row.getByRole('button', { name: 'Take back' }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog).toContainText(`Take back 2 items from ${w.annotator.name}?`);
  await expect(dialog).toContainText(`1 of them is started`);
  await expect(dialog).toContainText('stay on their workstation as a local copy');
  await keepShot(admin, { path: 'test-results/screenshots/work-packages-take-back.png', animations: 'disabled' });
  await dialog.getByRole('button', { name: 'Take back' }).click();
  await expect(admin.locator('.ant-message-success').last()).toContainText('Taken back: 2 items returned to the queue');
  await list.filter('All');
  await expect(list.root).toContainText('Nobody holds a work package now.');

  // The server agrees: no package holds anything, for the admin or the annotator, and both items wait again.
  expect(await packagesOf(request, w.owner, w.projectId)).toEqual([]);
  expect(await packagesOf(request, w.annotator, w.projectId)).toEqual([]);
  const overview = await call(request, w.owner, 'GET', `/task/${w.taskId}/overview?projectId=${w.projectId}`);
  expect(overview.steps[0]).toMatchObject({ workflowId: w.annotateStep, states: { pending: 3, claimed: 0, inProgress: 0 } });
  await admin.context().close();
});

test('an annotator is not offered who holds what, and reads the package settings without changing them', async ({ browser, request }) => {
  const w = await workWorld(request, 1);
  await call(request, w.owner, 'PUT', `/project/${w.projectId}/config`, { packageSize: 50, leaseHours: 12 });
  await call(request, w.annotator, 'POST', '/task/subject/package', { projectId: w.projectId, taskId: w.taskId, workflowId: w.annotateStep });

  const annotator = await englishPage(browser, w.annotator);
  const settings = new WorkPackageSettingsSection(annotator);
  await settings.open(w.projectId);
  await expect(settings.root).toContainText('50 items');
  await expect(settings.root).toContainText('12 hours');
  await expect(settings.root.getByRole('spinbutton')).toHaveCount(0);
  await expect(settings.root.getByRole('button', { name: 'Save' })).toHaveCount(0);

  await new TasksTab(annotator).open(w.projectId);
  await expect(annotator.getByRole('table', { name: 'Tasks of the project' })).toContainText(w.taskName);
  await expect(new WorkPackagesList(annotator).root).toHaveCount(0);
  await annotator.context().close();
});
