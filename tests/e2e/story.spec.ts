import fs from 'node:fs';
import path from 'node:path';
import AdmZip from 'adm-zip';
import { expect, test, type Page } from '@playwright/test';
import { ExportsTab } from './pages/insightPages';
import { ProjectListPage, ProjectPages } from './pages/projectPages';
import { TasksTab } from './pages/tasksTab';
import { TeamInvitationsPage, TeamMembersPage, TeamSwitcher } from './pages/teamPages';
import { loggedInPage, registerUser } from './pages/teamSetup';
import { MyWorkPage } from './pages/workPages';
import { keepShot } from './pages/shots';

/** Three real photographs, imported as a folder the way a workstation user picks one. */
const PHOTOS = ['chelsea.png', 'coffee.png', 'astronaut.png'];

/** Every main screen of the story, for review. */
async function shot(page: Page, name: string) {
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await keepShot(page, { path: `test-results/screenshots/story-${name}.png`, fullPage: true, animations: 'disabled' });
}

/** The texts the steps read are the English ones. */
async function inEnglish(page: Page) {
  await page.getByRole('group', { name: /Language|界面语言/ }).getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('group', { name: 'Language' })).toBeVisible();
}

interface CocoJson {
  images: { id: number; file_name: string; width: number | null; height: number | null }[];
  annotations: { image_id: number; category_id: number; bbox: number[] }[];
  categories: { id: number; name: string }[];
}

test('a new team sets itself up, labels three photos through a two-step workflow and exports them as COCO, all through the UI', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const salt = `${Date.now() % 1e7}`;
  const owner = await registerUser(request, `Story owner ${salt}`);
  const annotator = await registerUser(request, `Story annotator ${salt}`);
  const reviewer = await registerUser(request, `Story reviewer ${salt}`);
  const teamName = `Story team ${salt}`;

  // 1. The owner creates the team; the annotator and then the reviewer join with its code.
  const ownerPage = await loggedInPage(browser, owner);
  await inEnglish(ownerPage);
  await new TeamSwitcher(ownerPage).createTeamAnyLanguage(teamName);
  await expect(new TeamSwitcher(ownerPage).button()).toContainText(teamName);
  const invitations = new TeamInvitationsPage(ownerPage);
  await invitations.open();
  await invitations.setCodeRole('Annotator');
  const code = await invitations.readMemberCode();
  await shot(ownerPage, 'invitations');

  const annotatorPage = await loggedInPage(browser, annotator);
  await inEnglish(annotatorPage);
  await new TeamSwitcher(annotatorPage).joinWithCodeAnyLanguage(code, teamName);
  await expect(new TeamMembersPage(annotatorPage).row(annotator.mobile)).toContainText('Annotator');

  await invitations.setCodeRole('Reviewer');
  const reviewerPage = await loggedInPage(browser, reviewer);
  await inEnglish(reviewerPage);
  await new TeamSwitcher(reviewerPage).joinWithCodeAnyLanguage(await invitations.readMemberCode(), teamName);
  await expect(new TeamMembersPage(reviewerPage).row(reviewer.mobile)).toContainText('Reviewer');

  const members = new TeamMembersPage(ownerPage);
  await members.open();
  await expect(members.row(annotator.mobile)).toContainText('Annotator');
  await expect(members.row(reviewer.mobile)).toContainText('Reviewer');
  await shot(ownerPage, 'team-members');

  // 2. The owner creates the project: ontology, members, a reject reason, a folder of photos.
  await ownerPage.getByRole('menuitem', { name: 'Projects' }).click();
  await expect(ownerPage.getByTestId('create-project')).toBeVisible();
  const projectName = `Street cats ${salt}`;
  await new ProjectListPage(ownerPage).createProject({ name: projectName, description: 'Every cat gets a box.' });
  const project = new ProjectPages(ownerPage);
  const projectId = project.projectId();

  await project.openTab(/^Ontology$/);
  await expect(ownerPage.getByText('No ontology yet')).toBeVisible();
  await ownerPage.getByLabel('Feature name').fill('Animals');
  await expect(ownerPage.locator('.ant-select', { has: ownerPage.getByLabel('Tool') })).toContainText('Box');
  await ownerPage.getByRole('button', { name: 'New feature' }).click();
  const labels = ownerPage.getByRole('table', { name: 'Labels' });
  await labels.getByLabel('Name').first().fill('Cat');
  await labels.getByLabel('Hotkey').first().fill('c');
  await ownerPage.getByRole('button', { name: 'Save' }).click();
  await expect(ownerPage.getByText('Saved', { exact: true })).toBeVisible();
  await expect(ownerPage.getByRole('navigation', { name: 'Features of the ontology' })).toContainText('Animals');
  await shot(ownerPage, 'ontology');

  await project.openTab(/^Members$/);
  await project.addMemberAs(annotator.name, 'Annotator');
  await project.addMemberAs(reviewer.name, 'Reviewer');
  await shot(ownerPage, 'project-members');

  await project.openTab(/^Settings$/);
  const rejectReason = `Box too loose ${salt}`;
  await project.addRejectReason(rejectReason);

  const folder = test.info().outputPath('photos');
  fs.mkdirSync(folder, { recursive: true });
  for (const photo of PHOTOS) fs.copyFileSync(path.resolve('resources/demo-images', photo), path.join(folder, photo));
  await project.openTab(/^Data$/);
  await expect(ownerPage.getByTestId('subjects-empty')).toBeVisible();
  await project.importFolder(folder);
  await expect(ownerPage.getByTestId('scan-subjects')).toHaveText(String(PHOTOS.length));
  const batchName = `Cats ${salt}`;
  await project.startImport(batchName);
  const job = ownerPage.getByTestId('import-job');
  await expect(job.getByTestId('import-progress')).toContainText('100%', { timeout: 60_000 });
  await expect(job.getByTestId('import-state')).toHaveText('Done');
  await expect(project.subjectTiles()).toHaveCount(PHOTOS.length);
  await shot(ownerPage, 'data');

  // 3. A task over the batch: the annotator annotates, the reviewer reviews.
  const tasks = new TasksTab(ownerPage);
  await project.openTab(/^Tasks$/);
  const taskName = `Box the cats ${salt}`;
  await tasks.createTaskOver(taskName, `${batchName} (${PHOTOS.length})`, annotator.name, reviewer.name);
  await expect(ownerPage.getByText(`0 of ${PHOTOS.length} done`)).toBeVisible();
  await expect(ownerPage.getByTestId('workflow-step-0')).toContainText(annotator.name);
  await expect(ownerPage.getByTestId('workflow-step-1')).toContainText(reviewer.name);
  await shot(ownerPage, 'task');

  // 4. Both open My work: three photos wait for the annotator, none yet for the reviewer.
  const annotatorWork = new MyWorkPage(annotatorPage);
  const reviewerWork = new MyWorkPage(reviewerPage);
  await annotatorWork.open();
  await reviewerWork.open();
  const annotateStep = await annotatorWork.stepIdOf(taskName);
  const reviewStep = await reviewerWork.stepIdOf(taskName);
  await annotatorWork.expectCounts(annotateStep, { pending: PHOTOS.length, held: 0 });
  await reviewerWork.expectCounts(reviewStep, { pending: 0 });
  await shot(annotatorPage, 'my-work-annotator');

  const workspace = await annotatorWork.start(annotateStep);
  const annotated: string[] = [];
  /** The open photo gets one cat box (hotkey, two clicks), is saved, and is submitted. */
  const boxAndSubmit = async () => {
    await workspace.expectItemOpen();
    const name = await workspace.itemName();
    expect(annotated).not.toContain(name);
    await workspace.expectObjects(0);
    await workspace.drawBox('c', [0.35, 0.35], [0.6, 0.65]);
    await workspace.expectObjects(1);
    await workspace.expectSaved();
    await expect(annotatorPage.getByTestId('sync-state')).toHaveText('Saved');
    if (annotated.length === 0) await shot(annotatorPage, 'workspace-annotate');
    await annotatorPage.getByTestId('submit').click();
    annotated.push(name);
  };

  await boxAndSubmit();
  await expect(annotatorPage.getByTestId('item-name')).not.toHaveText(annotated[0]!);
  // The reviewer's queue grows without a reload; they open the photo, see the box and pass it.
  await reviewerWork.expectCounts(reviewStep, { pending: 1 });
  await shot(reviewerPage, 'my-work-reviewer');
  const review = await reviewerWork.start(reviewStep);
  await review.expectItemOpen();
  await expect(reviewerPage.getByTestId('item-name')).toHaveText(annotated[0]!);
  await review.expectObjects(1);
  await shot(reviewerPage, 'workspace-review');
  await reviewerPage.getByTestId('pass').click();
  await expect(reviewerPage.getByText('Everything at this step is done')).toBeVisible();
  await reviewerPage.getByRole('button', { name: 'Back to My work' }).click();
  await reviewerWork.expectCounts(reviewStep, { pending: 0 });

  // The other two, each followed live in the reviewer's queue.
  for (let i = 1; i < PHOTOS.length; i++) {
    await boxAndSubmit();
    await reviewerWork.expectCounts(reviewStep, { pending: i });
  }
  await expect(annotatorPage.getByText('Everything at this step is done')).toBeVisible();
  expect(new Set(annotated).size).toBe(PHOTOS.length);
  await annotatorPage.getByRole('button', { name: 'Back to My work' }).click();
  await annotatorWork.expectCounts(annotateStep, { pending: 0, held: 0 });
  await shot(reviewerPage, 'my-work-reviewer-after');

  // 5. The owner exports the project as COCO with the default filters and downloads the zip.
  const exportsTab = new ExportsTab(ownerPage);
  await exportsTab.open(projectId);
  const planName = `COCO ${salt}`;
  await exportsTab.saveAndRunPlan(planName, 'COCO');
  await exportsTab.expectRunDone(planName);
  await shot(ownerPage, 'exports');
  const file = await exportsTab.download(planName);
  await shot(ownerPage, 'export-download');
  await exportsTab.closeDialog();

  const zip = new AdmZip(file);
  const entry = zip.getEntries().find((e) => e.entryName.endsWith('.json'));
  expect(entry, `a COCO JSON in ${zip.getEntries().map((e) => e.entryName).join(', ')}`).toBeDefined();
  const coco = JSON.parse(entry!.getData().toString('utf8')) as CocoJson;
  expect(coco.categories.map((c) => c.name)).toContain('Cat');
  expect(coco.images.map((i) => i.file_name).sort()).toEqual([...PHOTOS].sort());
  // Sizes come from the imported files' headers (`file` says chelsea.png is 451 x 300).
  expect(coco.images.find((i) => i.file_name === 'chelsea.png')).toMatchObject({ width: 451, height: 300 });
  // Items are named by their path in the imported folder (photos/chelsea.png); COCO keeps the file name.
  const boxesOf = (itemName: string) => {
    const image = coco.images.find((i) => i.file_name === path.basename(itemName));
    expect(image, `${itemName} among the exported images`).toBeDefined();
    return coco.annotations.filter((a) => a.image_id === image!.id);
  };
  // The passed photo's box is in the export, with a real extent.
  const passed = annotated[0]!;
  const passedBoxes = boxesOf(passed);
  expect(passedBoxes).toHaveLength(1);
  expect(passedBoxes[0]!.bbox[2]).toBeGreaterThan(0);
  expect(passedBoxes[0]!.bbox[3]).toBeGreaterThan(0);
  // With the default filters every photo is exported with its latest box, reviewed or not.
  for (const name of annotated.slice(1)) expect(boxesOf(name)).toHaveLength(1);
  expect(coco.annotations).toHaveLength(PHOTOS.length);
});
