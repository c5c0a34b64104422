import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { PerformancePage, screenshot, signInAsOwner } from './pages/insightPages';
import { annotatedWork } from './pages/insightSetup';

test('the performance page shows the work done and exports it as CSV', async ({ page, request }) => {
  await annotatedWork(request);
  await signInAsOwner(page);
  await page.getByTestId('lang-switch').getByRole('button', { name: 'English' }).click();

  const perf = new PerformancePage(page);
  await perf.open();
  // Two images were submitted and passed in the setup (other specs may have added more).
  await expect(perf.summaryFigure('submitted')).not.toContainText(/^Submitted\s*[01]$/);
  await expect(page.getByRole('img', { name: 'Chart of speed per hour' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Demo Annotator 演示标注员' })).toBeVisible();
  await screenshot(page, 'performance');

  const download = await perf.exportCsv();
  expect(download.suggestedFilename()).toMatch(/^performance-efficiency-.*\.csv$/);
  const csv = fs.readFileSync(await download.path(), 'utf8');
  expect(csv).toContain('Demo Annotator');

  await perf.openWall();
  await expect(page.getByTestId('wall-submitted')).not.toHaveText('–');
  await screenshot(page, 'wall');
});
