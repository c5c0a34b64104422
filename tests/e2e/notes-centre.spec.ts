import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/authPages';
import { ProjectsPage } from './pages/projectsPage';
import { apiAs, demoSubject, NotesCentre } from './pages/notesCentre';
import { watchConsole } from './pages/consoleWatch';
import { keepShot } from './pages/shots';

test('the owner resolves notes in bulk, undoes it, filters by status, and sees a new note arrive live', async ({ page, request }) => {
  const tag = `n${Date.now() % 1_000_000}`;
  const owner = await apiAs(request, '13800000001');
  const { projectId, dataId } = await demoSubject(request, owner, tag);
  // Pinned to two objects of the item: two conversations (a note on the same object as another is its reply).
  for (const [content, objectId] of [[`${tag} bus missing`, 'bus'], [`${tag} box too loose`, 'box']] as const) await owner.call('POST', '/note', { projectId, dataId, objectId, content });

  await new LoginPage(page).open();
  await new LoginPage(page).logIn('13800000001', 'demo12345');
  await new ProjectsPage(page).switchLanguage('English');
  const notes = new NotesCentre(page);
  await notes.open(projectId);
  await expect(page.getByRole('tab', { name: 'Notes' })).toHaveAttribute('aria-selected', 'true');
  await expect(notes.row(`${tag} bus missing`)).toBeVisible();
  await expect(notes.row(`${tag} box too loose`)).toBeVisible();

  await notes.select(`${tag} bus missing`);
  await notes.select(`${tag} box too loose`);
  await expect(page.getByTestId('notes-bulk')).toContainText('2 selected');
  await page.getByRole('button', { name: 'Mark resolved' }).click();
  // Open notes are shown: the resolved ones leave the list at once.
  await expect(notes.row(`${tag} bus missing`)).toHaveCount(0);
  await expect(page.getByText('2 notes marked resolved')).toBeVisible();
  await keepShot(page, { path: 'test-results/screenshots/notes-centre-resolved.png', fullPage: true });
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(notes.row(`${tag} bus missing`)).toBeVisible();
  await expect(notes.row(`${tag} box too loose`)).toBeVisible();

  await notes.showStatus('Resolved');
  await expect(notes.row(`${tag} bus missing`)).toHaveCount(0);
  await notes.showStatus('Open');

  // A note written elsewhere appears without a reload.
  await owner.call('POST', '/note', { projectId, dataId, objectId: 'live', content: `${tag} live from the workspace` });
  await expect(notes.row(`${tag} live from the workspace`)).toBeVisible();
  await keepShot(page, { path: 'test-results/screenshots/notes-centre.png', fullPage: true });
});

test('a note names its item by file name and opens it; answers thread under the note; Resolve is offered on open notes, Reopen on resolved ones', async ({ page, request }) => {
  const tag = `m${Date.now() % 1_000_000}`;
  const owner = await apiAs(request, '13800000001');
  const annotator = await apiAs(request, '13800000002');
  const { projectId, dataId } = await demoSubject(request, owner, tag);
  const question = await owner.call('POST', '/note', { projectId, dataId, objectId: 'car-1', content: `${tag} is this a van?` });
  await annotator.call('POST', '/note', { projectId, dataId, objectId: 'car-1', content: `${tag} no, a bus` });

  const problems = watchConsole(page);
  await new LoginPage(page).open();
  await new LoginPage(page).logIn('13800000001', 'demo12345');
  await new ProjectsPage(page).switchLanguage('English');
  const notes = new NotesCentre(page);
  await notes.open(projectId);

  // The item by its file name, never an internal number.
  const row = notes.row(`${tag} is this a van`);
  await expect(row.getByRole('button', { name: `View ${tag}.png` })).toBeVisible();
  await expect(page.getByText(/Item #\d+/)).toHaveCount(0);
  // The answer sits under the question, not as a note of its own.
  const thread = page.getByTestId(`note-thread-${question.id}`);
  await expect(thread).toContainText(`${tag} no, a bus`);
  await expect(row).toContainText('1 reply');
  await expect(notes.row(`${tag} no, a bus`)).toHaveCount(0);

  // Answering from here joins the same thread.
  await thread.getByRole('textbox').fill(`${tag} thanks, fixed`);
  await thread.getByRole('button', { name: 'Reply' }).click();
  await expect(thread).toContainText(`${tag} thanks, fixed`);

  // An open note offers Resolve only.
  await notes.select(`${tag} is this a van`);
  await expect(page.getByTestId('notes-bulk').getByRole('button', { name: 'Mark resolved' })).toBeVisible();
  await expect(page.getByTestId('notes-bulk').getByRole('button', { name: 'Reopen' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Reopen' })).toHaveCount(0);
  await row.getByRole('button', { name: 'Resolve' }).click();
  await expect(row).toHaveCount(0);
  // A resolved one offers Reopen only.
  await notes.showStatus('Resolved');
  await expect(row.getByRole('button', { name: 'Reopen' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Resolve' })).toHaveCount(0);
  await expect(thread).toContainText('Resolved');

  // The item opens from its note.
  await row.getByRole('button', { name: `View ${tag}.png` }).click();
  const viewer = page.getByRole('dialog', { name: 'View item' });
  await expect(viewer.getByTestId('viewer-name')).toHaveText(`${tag}.png`);
  await expect(viewer.getByTestId('viewer-batch')).toHaveText(`Notes ${tag}`);
  await keepShot(page, { path: 'test-results/screenshots/notes-centre-viewer.png' });
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await keepShot(page, { path: 'test-results/screenshots/notes-centre-threads.png', fullPage: true });
  expect(problems).toEqual([]);
});
