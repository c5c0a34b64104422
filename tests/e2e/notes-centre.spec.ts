import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/authPages';
import { ProjectsPage } from './pages/projectsPage';
import { apiAs, demoSubject, NotesCentre } from './pages/notesCentre';

test('the owner resolves notes in bulk, undoes it, filters by status, and sees a new note arrive live', async ({ page, request }) => {
  const tag = `n${Date.now() % 1_000_000}`;
  const owner = await apiAs(request, '13800000001');
  const { projectId, dataId } = await demoSubject(request, owner, tag);
  for (const content of [`${tag} bus missing`, `${tag} box too loose`]) await owner.call('POST', '/note', { projectId, dataId, content });

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
  await page.screenshot({ path: 'test-results/screenshots/notes-centre-resolved.png', fullPage: true });
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(notes.row(`${tag} bus missing`)).toBeVisible();
  await expect(notes.row(`${tag} box too loose`)).toBeVisible();

  await notes.showStatus('Resolved');
  await expect(notes.row(`${tag} bus missing`)).toHaveCount(0);
  await notes.showStatus('Open');

  // A note written elsewhere appears without a reload.
  await owner.call('POST', '/note', { projectId, dataId, content: `${tag} live from the workspace` });
  await expect(notes.row(`${tag} live from the workspace`)).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/notes-centre.png', fullPage: true });
});
