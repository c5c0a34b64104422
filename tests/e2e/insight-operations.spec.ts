import { expect, test } from '@playwright/test';
import { NODE_HOST_INVOKE_PATH, NODE_HOST_SECRET_HEADER } from '../../src-shared/ipc/nodeHost';
import { E2E_WORKSTATION_SECRET } from '../../playwright.config';
import { OperationsPage, screenshot, signInAsOwner } from './pages/insightPages';

test('the log viewer shows the workstation\'s records and "upload now" reports success', async ({ page, request, baseURL }) => {
  await signInAsOwner(page);
  await page.getByTestId('lang-switch').getByRole('button', { name: 'English' }).click();
  // Records as the workstation's own code writes them, through the browser host's contract.
  const marker = `e2e marker ${Date.now()}`;
  const write = await request.post(`${baseURL}${NODE_HOST_INVOKE_PATH}`, {
    headers: { [NODE_HOST_SECRET_HEADER]: E2E_WORKSTATION_SECRET },
    data: { method: 'logs.write', args: { records: [{ level: 2, message: `${marker} warning` }, { level: 1, message: `${marker} info` }, { level: 3, message: `${marker} error` }] } },
  });
  expect((await write.json()).ok).toBe(true);

  const ops = new OperationsPage(page);
  await ops.open();
  await ops.search(marker);
  await expect(ops.rows()).toHaveCount(3);
  await expect(page.getByRole('cell', { name: `${marker} error` })).toBeVisible();
  await screenshot(page, 'operations');

  // The record level, changed while the workstation runs: from then on an info and a warning
  // are not kept, an error is; the change itself is in the log. Put back for the specs after.
  const level = page.getByTestId('log-record-level');
  await expect(level).toContainText('Debug and above');
  const choose = async (name: string) => {
    await level.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).click();
  };
  await choose('Errors only');
  await expect(level).toContainText('Errors only');
  try {
    const quiet = `${marker} under errors only`;
    const written = await request.post(`${baseURL}${NODE_HOST_INVOKE_PATH}`, {
      headers: { [NODE_HOST_SECRET_HEADER]: E2E_WORKSTATION_SECRET },
      data: { method: 'logs.write', args: { records: [{ level: 1, message: `${quiet}: info` }, { level: 2, message: `${quiet}: warning` }, { level: 3, message: `${quiet}: error` }] } },
    });
    expect((await written.json()).result).toEqual({ written: 1 });
    await ops.search(quiet);
    await expect(ops.rows()).toHaveCount(1);
    await expect(page.getByRole('cell', { name: `${quiet}: error` })).toBeVisible();
    await ops.search('log level: debug -> error');
    await expect(ops.rows().first()).toBeVisible();
  } finally {
    await choose('Debug and above (everything)');
    await expect(level).toContainText('Debug and above');
  }

  await ops.shipNow();
  await expect(page.getByTestId('logs-ship-result')).toContainText(/Uploaded \d+ records/);
  await page.getByTestId('connection-indicator').click();
  await expect(page.getByTestId('connection-details')).toContainText('Server: reachable');
  await screenshot(page, 'connection');
});
