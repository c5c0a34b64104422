import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/authPages';
import { ProjectsPage } from './pages/projectsPage';
import { apiAs } from './pages/notesCentre';

test('the owner builds an ontology with labels, hotkeys and nested attributes, previews it, and reuses it in another project', async ({ page, request }) => {
  const tag = `o${Date.now() % 1_000_000}`;
  const owner = await apiAs(request, '13800000001');
  const first = await owner.call('POST', '/project', { projectName: `Streets ${tag}`, type: 'image' });
  const second = await owner.call('POST', '/project', { projectName: `Streets ${tag} B`, type: 'image' });

  await new LoginPage(page).open();
  await new LoginPage(page).logIn('13800000001', 'demo12345');
  await new ProjectsPage(page).switchLanguage('English');
  await page.goto(`/#/projects/${first.projectId}/ontology`);
  await expect(page.getByText('No ontology yet')).toBeVisible();

  // A box feature with two labels and hotkeys.
  await page.getByLabel('Feature name').fill('Vehicles');
  await page.getByRole('button', { name: 'New feature' }).click();
  const labels = page.getByRole('table', { name: 'Labels' });
  await labels.getByLabel('Name').first().fill('car');
  await labels.getByLabel('Hotkey').first().fill('c');
  await page.getByRole('button', { name: 'Add label' }).click();
  await labels.getByLabel('Name').nth(1).fill('truck');
  await labels.getByLabel('Hotkey').nth(1).fill('t');

  // An attribute with a default and a follow-up question under one option.
  await page.getByRole('button', { name: 'Add attribute' }).click();
  const colour = page.getByTestId('attribute-New attribute 1');
  await colour.getByLabel('Attribute name').first().fill('Colour');
  const attr = page.getByTestId('attribute-Colour');
  await attr.getByLabel('Options').first().fill('Red');
  await attr.getByRole('checkbox', { name: 'Default' }).first().check();
  await attr.getByRole('button', { name: 'Add option' }).click();
  await attr.getByLabel('Options').nth(1).fill('Other');
  await attr.getByRole('button', { name: 'Follow-up attributes when chosen' }).nth(1).click();
  await page.getByTestId('attribute-New attribute 1').getByLabel('Attribute name').fill('Which colour');
  await page.getByTestId('attribute-Which colour').getByLabel('Type').click();
  await page.locator('.ant-select-dropdown:visible').last().getByTitle('Text', { exact: true }).click();

  // The preview follows the draft: hotkeys pick labels, the default is chosen, follow-ups appear.
  const preview = page.getByTestId('feature-preview');
  await preview.click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('t');
  await expect(preview.locator('.ant-tag-checkable-checked')).toHaveText('truck [T]');
  await expect(preview.getByRole('radio', { name: 'Red' })).toBeChecked();
  await expect(preview.getByText('Which colour')).toHaveCount(0);
  await preview.getByRole('radio', { name: 'Other' }).check();
  await expect(preview.getByText('Which colour')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/ontology-editor.png', fullPage: true });

  // A clash is named before saving; fixed, it saves and survives a reload.
  await labels.getByLabel('Hotkey').nth(1).fill('c');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This hotkey is already used by another label of the ontology.')).toBeVisible();
  await labels.getByLabel('Hotkey').nth(1).fill('t');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('table', { name: 'Labels' }).getByLabel('Name').nth(1)).toHaveValue('truck');
  await expect(page.getByTestId('attribute-Which colour')).toBeVisible();

  // The second project takes this ontology whole.
  await page.goto(`/#/projects/${second.projectId}/ontology`);
  await page.getByRole('button', { name: 'Reuse another project\'s ontology' }).click();
  await page.getByRole('row', { name: new RegExp(`Streets ${tag}\\s`) }).getByRole('button', { name: 'Use' }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(/^Now using/)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Features of the ontology' })).toContainText('Vehicles');
  await expect(page.getByRole('table', { name: 'Labels' }).getByLabel('Name').first()).toHaveValue('car');
});
