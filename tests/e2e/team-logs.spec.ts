import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_TASK, say } from '../../src-server/seed/demoContent';
import { LoginPage } from './pages/authPages';
import { ApiUser, DEMO } from './pages/insightSetup';
import { OperationsPage, signInAsOwner } from './pages/insightPages';
import { allLocalRecords, holds, readLogZip, tokenOf, workstationStatus, type ShippedRecord } from './pages/logEvidence';
import { latestSmsCode } from './pages/smsOutbox';
import { TeamLogsPage } from './pages/teamLogsPage';
import { MyWorkPage, WorkspacePage } from './pages/workPages';
import { keepShot } from './pages/shots';

const ANNOTATOR_NAME = 'Demo Annotator 演示标注员';
const DEMO_TASK_NAME = say(DEMO_TASK.name, 'both');
const newestCode = () => latestSmsCode(DEMO.annotator);

/** A fresh window of the demo annotator on this workstation, signed in with the password. */
async function annotatorSignsIn(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(DEMO.annotator, DEMO.password);
  await expect(page.getByTestId('current-user-name')).toHaveText(ANNOTATOR_NAME);
  return page;
}

/** Signs out and back in with an SMS code from the login page, as someone who does not have the password at hand. */
async function signInAgainByCode(page: Page): Promise<string> {
  await page.getByTestId('logout').click();
  await new LoginPage(page).expectShown();
  await page.getByTestId('login-mode').getByText(/^(SMS code|验证码登录)$/).click();
  await page.getByTestId('mobile').fill(DEMO.annotator);
  const before = newestCode();
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('send-code')).toContainText(/\d+/);
  await expect.poll(newestCode).not.toBe(before);
  const code = newestCode()!;
  await page.getByTestId('code').fill(code);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('current-user-name')).toHaveText(ANNOTATOR_NAME);
  return code;
}

/** In the log viewer, a search for `text` finds nothing. */
async function viewerFindsNothing(page: Page, ops: OperationsPage, text: string, what: string) {
  await ops.search(text);
  await expect(page.getByTestId('log-table').getByText('No records match; loosen the filters.'), `log viewer: ${what}`).toBeVisible();
  await expect(ops.rows()).toHaveCount(0);
}

test('an annotator\'s day reaches the team\'s ops as a log zip with its records and none of its secrets; annotators are not offered the page', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const annotatorId = (await ApiUser.logIn(request, DEMO.annotator)).id;

  // 1. The demo annotator signs in, opens the next demo photo, draws a box and submits it.
  const annotator = await annotatorSignsIn(browser);
  const passwordToken = await tokenOf(annotator.context());
  const work = new MyWorkPage(annotator);
  await work.open();
  await work.stepOf(DEMO_TASK_NAME).getByRole('button', { name: /Start/ }).click();
  const workspace = new WorkspacePage(annotator);
  // The first photo of a fresh server: claim, ontology, signed address and decode take seconds.
  await expect(workspace.canvas).toBeVisible({ timeout: 30_000 });
  await expect(annotator.getByText(/Claiming|Loading/)).toHaveCount(0, { timeout: 30_000 });
  await expect(annotator.getByTestId('item-name')).not.toHaveText('');
  const [, projectId, taskId] = /#\/work\/(\d+)\/(\d+)\/\d+/.exec(annotator.url())!.map(Number);
  const item = await workspace.itemName();
  await workspace.drawBox('1', [0.3, 0.3], [0.6, 0.7]);
  await workspace.expectObjects(1);
  await workspace.expectSaved();
  await annotator.getByTestId('submit').click();
  await expect(annotator.getByTestId('item-name')).not.toHaveText(item, { timeout: 30_000 });

  // 2. Back from lunch, they sign in again, this time with an SMS code.
  await annotator.goto('/#/projects');
  const code = await signInAgainByCode(annotator);
  const codeToken = await tokenOf(annotator.context());

  // 3. The workstation's own log viewer has the day's records (newest first)...
  const ops = new OperationsPage(annotator);
  await ops.open();
  let subjectId = 0;
  await expect(async () => {
    await ops.search('work: submitted task subject');
    const message = await ops.rows().first().innerText();
    subjectId = Number(/work: submitted task subject (\d+)/.exec(message)?.[1]);
    expect(subjectId).toBeGreaterThan(0);
  }).toPass();
  await ops.rows().first().locator('.ant-table-row-expand-icon').click();
  const extra = JSON.parse(await annotator.getByTestId('log-table').locator('tr.ant-table-expanded-row').first().innerText()) as Record<string, unknown>;
  expect(extra).toMatchObject({ userId: annotatorId, projectId, taskId, subjectId, workflowType: 'annotate' });
  // (other specs of the run may have opened this demo photo before: one workstation, one log)
  await ops.search(`work: opened task subject ${subjectId} at step`);
  await expect(ops.rows().first()).toBeVisible();
  await ops.search('session: signed in');
  await expect(ops.rows().first()).toBeVisible();
  // ...and none of the secrets the day went through.
  const secrets = { password: DEMO.password, 'first session token': passwordToken, 'second session token': codeToken, 'SMS code': code };
  for (const [what, secret] of Object.entries(secrets)) await viewerFindsNothing(annotator, ops, secret, what);
  const local = JSON.stringify(await allLocalRecords(request));
  for (const [what, secret] of Object.entries(secrets)) expect(holds(local, secret), `the workstation's log store holds the ${what}`).toBe(false);

  // 4. The annotator is not offered the team's log page, and its address sends them to the members.
  await annotator.goto('/#/team/members');
  await expect(annotator.getByRole('tab', { name: 'Members', exact: true })).toBeVisible();
  await expect(annotator.getByRole('tab', { name: 'Workstation logs' })).toHaveCount(0);
  await annotator.goto('/#/team/logs');
  await expect(annotator).toHaveURL(/#\/team\/members$/);

  // 5. The owner (another window: one browser host is one workstation in these tests) asks the
  //    annotator's workstation to upload now; the zip arrives without a reload.
  const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const owner = await ownerContext.newPage();
  await signInAsOwner(owner);
  await owner.getByTestId('lang-switch').getByRole('button', { name: 'English' }).click();
  const ownerToken = await tokenOf(ownerContext);
  const logs = new TeamLogsPage(owner);
  await logs.open();
  await logs.askUploadNow(ANNOTATOR_NAME);
  // (the page says it asked, then that the zip arrived; on a quick machine the first lasts too
  // short a time to be read, so only where it ends is checked)
  await expect(logs.status).toHaveAttribute('data-state', 'arrived', { timeout: 60_000 });
  await expect(logs.status).toContainText(`A new zip from ${ANNOTATOR_NAME} has arrived`);
  await logs.filterByPerson(ANNOTATOR_NAME);
  const { deviceId } = await workstationStatus(request);
  await expect(logs.rows()).toHaveCount(1);
  await expect(logs.rows().first()).toContainText(ANNOTATOR_NAME);
  await expect(logs.rows().first()).toContainText(deviceId!.slice(0, 8));

  // 6. Asked again for that one workstation (the annotator switched the language meanwhile, a new record).
  await annotator.getByTestId('lang-switch').getByRole('button', { name: '中文' }).click();
  // Stored in the workstation's log before the request, so that this ship has something to take.
  await expect.poll(async () => JSON.stringify(await allLocalRecords(request))).toContain('language: switched from en-US to zh-CN');
  await logs.rows().first().getByRole('button', { name: 'Upload now' }).click();
  await expect(logs.status).toContainText(deviceId!.slice(0, 8));
  await expect(logs.status).toHaveAttribute('data-state', 'arrived', { timeout: 60_000 });
  await expect(logs.rows()).toHaveCount(2);
  await keepShot(owner, { path: 'test-results/screenshots/team-logs.png', fullPage: true, animations: 'disabled' });

  // 7. Both zips downloaded through the browser: the day's records are there with their extra
  //    info, and no secret anywhere in them.
  const shipped: ShippedRecord[] = [];
  for (const row of [logs.rows().nth(0), logs.rows().nth(1)]) {
    const download = await logs.download(row);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^logs-Demo_Annotator_演示标注员-${deviceId!.slice(0, 8)}-\\d+-[0-9a-f]+\\.zip$`));
    const zip = readLogZip(await download.path());
    expect(zip.names.every((n) => /^logs-\d{4}-\d{2}-\d{2}\.jsonl$/.test(n))).toBe(true);
    for (const [what, secret] of Object.entries({ ...secrets, 'owner\'s session token': ownerToken })) expect(holds(zip.text, secret), `a zip holds the ${what}`).toBe(false);
    shipped.push(...zip.records);
  }
  const mine = (prefix: string) => shipped.filter((r) => r.message.startsWith(prefix));
  const day = { userId: annotatorId, projectId, taskId, subjectId };
  expect(mine(`work: opened task subject ${subjectId} `)[0]?.extra).toMatchObject({ ...day, workflowType: 'annotate' });
  expect(mine(`work: submitted task subject ${subjectId},`)[0]?.extra).toMatchObject({ ...day, workflowType: 'annotate' });
  const signIns = mine('session: signed in').filter((r) => r.extra.phone === DEMO.annotator).map((r) => r.extra.remark);
  expect(signIns).toEqual(expect.arrayContaining(['by password', 'by code']));
  expect(mine('language: switched from en-US to zh-CN').some((r) => r.extra.userId === annotatorId)).toBe(true);

  await ownerContext.close();
  await annotator.context().close();
});

test('the retention is the owner\'s to change, 1 to 365 days, and a wrong number is explained', async ({ page }) => {
  await signInAsOwner(page);
  await page.getByTestId('lang-switch').getByRole('button', { name: 'English' }).click();
  const logs = new TeamLogsPage(page);
  await logs.open();
  const days = page.getByTestId('log-retention-days');
  await expect(days).toHaveValue(/^\d+$/);
  const before = await days.inputValue();
  await days.fill('400');
  await page.getByTestId('log-retention-save').click();
  await expect(page.getByText('Days to keep must be a whole number from 1 to 365')).toBeVisible();
  await days.fill('90');
  await page.getByTestId('log-retention-save').click();
  await expect(page.getByText('Log zips are now kept for 90 days')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('log-retention-days')).toHaveValue('90');
  // As it was, for the specs that follow.
  await page.getByTestId('log-retention-days').fill(before);
  await page.getByTestId('log-retention-save').click();
  await expect(page.getByText(`Log zips are now kept for ${before} days`)).toBeVisible();
});
