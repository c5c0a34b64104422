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

  // The reviewer's objects are one figure on both tabs: those they handed on (reviewed, here).
  const reviewer = 'Demo Reviewer 演示审核员';
  const onEfficiency = await perf.figure(reviewer, 'Objects');
  expect(Number(onEfficiency)).toBeGreaterThanOrEqual(2);
  await perf.tab('Personnel');
  expect(await perf.figure(reviewer, 'Objects')).toBe(onEfficiency);
  await perf.tab('Efficiency');

  const download = await perf.exportCsv();
  expect(download.suggestedFilename()).toMatch(/^performance-efficiency-.*\.csv$/);
  const csv = fs.readFileSync(await download.path(), 'utf8');
  expect(csv).toContain('Demo Annotator');

  await perf.openWall();
  await expect(page.getByTestId('wall-submitted')).not.toHaveText('–');
  // The last 14 days are 14 points, ending today (UTC days), whichever days had work.
  const today = new Date().toISOString().slice(0, 10);
  await expect(page.getByTestId('wall-trend')).toHaveAttribute('data-days', new RegExp(`^(\\d{4}-\\d\\d-\\d\\d ){13}${today}$`));
  await screenshot(page, 'wall');
});
