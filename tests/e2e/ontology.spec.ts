import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/authPages';
import { ProjectsPage } from './pages/projectsPage';
import { apiAs } from './pages/notesCentre';
import type { APIRequestContext, Page } from '@playwright/test';
import { keepShot } from './pages/shots';

/** Whether an element shows its whole text: nothing scrolled away or cut by an ellipsis. */
const fitsWhole = (el: unknown) => {
  const box = el as { scrollWidth: number; clientWidth: number };
  return box.scrollWidth <= box.clientWidth;
};

test('the owner builds an ontology with labels, hotkeys and nested attributes, previews it, and reuses it in another project', async ({ page, request }) => {
  // The longest journey of the file, with a full reload: more than the default budget on a loaded machine.
  test.slow();
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
  await expect(preview.locator('.ant-tag-checkable-checked')).toHaveText('truck [t]'); // as the shortcut sheet writes it (chordText)
  await expect(preview.getByRole('radio', { name: 'Red' })).toBeChecked();
  await expect(preview.getByText('Which colour')).toHaveCount(0);
  await preview.getByRole('radio', { name: 'Other' }).check();
  await expect(preview.getByText('Which colour')).toBeVisible();
  await keepShot(page, { path: 'test-results/screenshots/ontology-editor.png', fullPage: true });

  // A clash is named before saving; fixed, it saves and survives a reload.
  await labels.getByLabel('Hotkey').nth(1).fill('c');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This hotkey is already used by another label of the ontology.')).toBeVisible();
  await labels.getByLabel('Hotkey').nth(1).fill('t');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.reload();
  // A reload boots the whole app again, which takes tens of seconds on the loaded test machine.
  await expect(page.getByRole('table', { name: 'Labels' }).getByLabel('Name').nth(1)).toHaveValue('truck', { timeout: 60_000 });
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

/** Logs the owner in, in English, on the ontology tab of a new empty project. */
async function freshOntology(page: Page, request: APIRequestContext, name: string) {
  const tag = `${name} ${Date.now() % 1_000_000}`;
  const owner = await apiAs(request, '13800000001');
  const project = await owner.call('POST', '/project', { projectName: tag, type: 'image' });
  await new LoginPage(page).open();
  await new LoginPage(page).logIn('13800000001', 'demo12345');
  await new ProjectsPage(page).switchLanguage('English');
  await page.goto(`/#/projects/${project.projectId}/ontology`);
  await expect(page.getByText('No ontology yet')).toBeVisible();
}

async function addFeature(page: Page, name: string, tool: string) {
  await page.getByLabel('Feature name').first().fill(name);
  if (tool !== 'Box') {
    await page.getByLabel('Tool').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(tool, { exact: true }).click();
  }
  await page.getByRole('button', { name: 'New feature' }).click();
}

test('a saved feature stays chosen, its first label gets a colour of its own, and a long name stays inside the list', async ({ page, request }) => {
  await freshOntology(page, request, 'Colours');
  const features = page.getByRole('navigation', { name: 'Features of the ontology' });
  const preview = page.getByTestId('feature-preview');
  // The label's colour is its tag's border in the preview.
  const firstLabelColour = async () => /border:[^;]*/.exec((await preview.locator('.ant-tag').first().getAttribute('style')) ?? '')?.[0];

  await addFeature(page, 'Vehicles', 'Box');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  const vehiclesColour = await firstLabelColour();

  const longName = `Pedestrians crossing against the light at a busy junction ${'x'.repeat(4)}`.slice(0, 64);
  await addFeature(page, longName, 'Polygon');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved', { exact: true }).first()).toBeVisible();
  // Still on the feature just saved, not thrown back to the first one.
  await expect(features.locator('.ant-menu-item-selected')).toContainText(longName.slice(0, 12));
  await expect(page.getByLabel('Feature name').nth(1)).toHaveValue(longName);
  await expect(features.getByRole('menuitem')).toHaveCount(2);
  expect(await firstLabelColour()).not.toBe(vehiclesColour);

  // The long name ends inside the list's card, with the whole name on hover.
  const card = await features.boundingBox();
  const item = await features.locator('.ant-menu-item-selected .ant-typography').boundingBox();
  expect(item!.x + item!.width).toBeLessThanOrEqual(card!.x + card!.width + 1);
  await features.locator('.ant-menu-item-selected .ant-typography').hover();
  await expect(page.getByRole('tooltip')).toHaveText(longName);
});

test('a name at its limit says so with a counter instead of being cut silently', async ({ page, request }) => {
  await freshOntology(page, request, 'Limits');
  await addFeature(page, 'Signs', 'Box');
  const name = page.getByRole('table', { name: 'Labels' }).getByLabel('Name').first();
  await name.fill('s'.repeat(70));
  await expect(name).toHaveValue('s'.repeat(64));
  await expect(page.getByRole('table', { name: 'Labels' }).getByText('64 / 64')).toBeVisible();
  await name.fill('stop');
  await expect(page.getByRole('table', { name: 'Labels' }).getByText(/\/ 64/)).toHaveCount(0);
});

test('the tool list shows every tool name whole', async ({ page, request }) => {
  await freshOntology(page, request, 'Tools');
  await page.getByLabel('Tool').click();
  const menu = page.locator('.ant-select-dropdown:visible');
  for (const tool of ['Keypoints', 'Classification', 'Polyline']) {
    const option = menu.getByTitle(tool, { exact: true });
    await expect(option).toBeVisible();
    expect(await option.evaluate(fitsWhole)).toBe(true);
  }
  await menu.getByTitle('Classification', { exact: true }).click();
  const chosen = page.locator('.ant-select', { has: page.getByRole('combobox', { name: 'Tool' }) });
  await expect(chosen).toContainText('Classification');
  expect(await chosen.locator('.ant-select-content').evaluate(fitsWhole)).toBe(true);

  // A classification is required unless its switch says otherwise (issue 31: there was no switch).
  await page.getByLabel('Feature name').first().fill('Weather');
  await page.getByRole('button', { name: 'New feature' }).click();
  const required = page.getByRole('checkbox', { name: 'Must be answered before submit' });
  await expect(required).toBeChecked();
  await required.uncheck();
  await page.getByRole('table', { name: 'Labels' }).getByLabel('Name').first().fill('sunny');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  const projectId = /projects\/(\d+)\//.exec(page.url())![1];
  const owner = await apiAs(request, '13800000001');
  const ontology = await owner.call('GET', `/project/${projectId}/ontology`);
  expect(ontology.features.map((f: { name: string; required?: boolean }) => [f.name, f.required])).toEqual([['Weather', false]]);
  await expect(required).not.toBeChecked();
});

test('skeleton points start empty, can be removed with their lines, and are saved as edited', async ({ page, request }) => {
  await freshOntology(page, request, 'Skeleton');
  await addFeature(page, 'Person', 'Keypoints');
  const points = page.getByLabel('Points', { exact: true });
  await expect(points).toHaveCount(1);
  await expect(points.first()).toHaveValue('');
  await expect(points.first()).toHaveAttribute('placeholder', 'e.g. head');

  await points.first().fill('head');
  await page.getByRole('button', { name: 'Add point' }).click();
  await points.nth(1).fill('neck');
  await page.getByRole('button', { name: 'Add point' }).click();
  await points.nth(2).fill('hip');
  await page.getByRole('button', { name: 'Add line' }).click();
  await expect(page.getByLabel('From', { exact: true })).toHaveCount(1);

  // The line runs head to neck: removing neck takes the line with it.
  await page.getByRole('button', { name: 'Remove the point "neck"' }).click();
  await expect(points).toHaveCount(2);
  await expect(points.nth(1)).toHaveValue('hip');
  await expect(page.getByLabel('From', { exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.reload();
  // A reload boots the whole app again, which takes tens of seconds on the loaded test machine.
  await expect(page.getByLabel('Points', { exact: true })).toHaveCount(2, { timeout: 60_000 });
  await expect(page.getByLabel('Points', { exact: true }).nth(1)).toHaveValue('hip');

  // The COCO person as a template, asked first since it replaces named points: the pose model's 17 points and COCO's 19 lines.
  await page.getByTestId('skeleton-coco').click();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(points).toHaveCount(17);
  await expect(points.nth(5)).toHaveValue('Left shoulder 左肩');
  await expect(page.getByLabel('From', { exact: true })).toHaveCount(19);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
});
