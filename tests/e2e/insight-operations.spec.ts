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

  await ops.shipNow();
  await expect(page.getByTestId('logs-ship-result')).toContainText(/Uploaded \d+ records/);
  await page.getByTestId('connection-indicator').click();
  await expect(page.getByTestId('connection-details')).toContainText('Server: reachable');
  await screenshot(page, 'connection');
});
