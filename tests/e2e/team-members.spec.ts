import { expect, test } from '@playwright/test';
import { TeamMembersPage } from './pages/teamPages';
import { call, loggedInPage, registerUser, screenshot, teamWith } from './pages/teamSetup';

test('the owner changes a member\'s role, and it stays changed after a reload', async ({ browser, request }) => {
  const owner = await registerUser(request, '角色负责人');
  const member = await registerUser(request, '角色成员');
  await teamWith(request, owner, `角色团队 ${Date.now() % 100000}`, [{ user: member, role: 'annotator' }]);

  const page = await loggedInPage(browser, owner);
  const members = new TeamMembersPage(page);
  await members.open();
  await members.changeRole(member.mobile, '审核员');
  // The new role shows at once, before the server has answered.
  await expect(page.getByTestId(`role-select-${member.mobile}`)).toContainText('审核员');
  await expect(page.getByText('角色成员 的角色已改为审核员')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId(`role-select-${member.mobile}`)).toContainText('审核员');
  // The owner's own row is never editable.
  await expect(members.row(owner.mobile)).toContainText('所有者');
  await expect(page.getByTestId(`role-select-${owner.mobile}`)).toHaveCount(0);
});

test('removing a member can be undone while the window is open, then it is sent', async ({ browser, request }) => {
  const owner = await registerUser(request, '移除负责人');
  const member = await registerUser(request, '将被移除');
  await teamWith(request, owner, `移除团队 ${Date.now() % 100000}`, [{ user: member, role: 'annotator' }]);

  // The undo window passes when the test moves the page's clock, never because the machine was slow.
  const page = await loggedInPage(browser, owner);
  const members = new TeamMembersPage(page);
  await members.open();
  await expect(page.getByText('共 2 名成员')).toBeVisible();
  // Timers started from here on (the undo window's) are on the test's clock.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);

  // Remove, then undo just before the window ends: the row comes back and nothing is ever sent.
  await members.remove(member.mobile);
  await expect(members.row(member.mobile)).toHaveCount(0);
  await expect(page.getByTestId('undo-toast')).toContainText('已将 将被移除 移出团队');
  await page.clock.runFor(4500);
  await members.undo();
  await expect(members.row(member.mobile)).toBeVisible();
  await page.clock.runFor(60_000);
  // A paused clock would hold the reloaded page's own timers too: let time flow for the reload.
  await page.clock.resume();
  await page.reload();
  await expect(members.row(member.mobile)).toBeVisible();
  await expect(page.getByText('共 2 名成员')).toBeVisible();
  // The page's clock is now ahead of the machine's: pause it a second ahead of its own time.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));

  // Remove and let the undo window pass: the offer goes as the call is sent; after a reload the member is gone for good.
  await members.remove(member.mobile);
  await expect(members.row(member.mobile)).toHaveCount(0);
  await expect(page.getByTestId('undo-button')).toBeVisible();
  await page.clock.runFor(5000);
  await expect(page.getByTestId('undo-toast')).toHaveCount(0);
  await page.clock.resume();
  await page.reload();
  await expect(page.getByText('共 1 名成员')).toBeVisible();
  await expect(members.row(member.mobile)).toHaveCount(0);
});

test('the members page is usable by keyboard alone: a role is changed without the mouse', async ({ browser, request }) => {
  const owner = await registerUser(request, '键盘负责人');
  const member = await registerUser(request, '键盘成员');
  await teamWith(request, owner, `键盘团队 ${Date.now() % 100000}`, [{ user: member, role: 'annotator' }]);
  const page = await loggedInPage(browser, owner);
  await new TeamMembersPage(page).open();
  await page.getByTestId(`role-select-${member.mobile}`).locator('input').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page.getByText(/键盘成员 的角色已改为/)).toBeVisible();
});

test('the owner changes the role of two selected members in one go, can undo it, then removes both', async ({ browser, request }) => {
  const owner = await registerUser(request, '批量负责人');
  const first = await registerUser(request, '批量成员甲');
  const second = await registerUser(request, '批量成员乙');
  await teamWith(request, owner, `批量团队 ${Date.now() % 100000}`, [
    { user: first, role: 'annotator' },
    { user: second, role: 'annotator' },
  ]);
  const rolesOnServer = async () => {
    const page = await call(request, owner, 'GET', '/user?page=1&pageSize=50');
    return Object.fromEntries((page.list as { mobile: string; role: string }[]).map((m) => [m.mobile, m.role]));
  };

  const page = await loggedInPage(browser, owner);
  const members = new TeamMembersPage(page);
  await members.open();
  await expect(page.getByText('共 3 名成员')).toBeVisible();
  await page.clock.install();
  // The owner (here also the caller) cannot be selected, and says why on hover.
  await expect(members.selectBox(owner.mobile)).toBeDisabled();
  await page.getByTestId(`select-blocked-${owner.mobile}`).hover();
  await expect(page.getByRole('tooltip')).toContainText('所有者的角色不能在这里修改');
  await expect(members.bulkBar()).toHaveCount(0);

  await members.select(first.mobile, second.mobile);
  await expect(page.getByTestId('members-selected-count')).toHaveText('已选 2 人');

  // Change both roles, then undo: both show the new role at once, and the old one again after undo.
  await members.bulkChangeRole('审核员');
  await expect(page.getByTestId(`role-select-${first.mobile}`)).toContainText('审核员');
  await expect(page.getByTestId(`role-select-${second.mobile}`)).toContainText('审核员');
  await expect(page.getByTestId('undo-toast')).toContainText('已将 2 名成员的角色改为审核员');
  await page.clock.pauseAt(Date.now() + 1000);
  await members.undo();
  await expect(page.getByTestId(`role-select-${first.mobile}`)).toContainText('标注员');
  await expect(page.getByTestId(`role-select-${second.mobile}`)).toContainText('标注员');
  await page.clock.runFor(60_000); // long past the undo window: nothing may have been sent
  expect(await rolesOnServer()).toMatchObject({ [first.mobile]: 'annotator', [second.mobile]: 'annotator' });
  await page.clock.resume();

  // The selection stays for the next action: change both and let it be sent this time.
  await expect(page.getByTestId('members-selected-count')).toHaveText('已选 2 人');
  await members.bulkChangeRole('经理');
  await expect(page.getByTestId('undo-toast')).toHaveCount(0, { timeout: 10_000 });
  await expect.poll(rolesOnServer).toMatchObject({ [first.mobile]: 'manager', [second.mobile]: 'manager' });
  await screenshot(page, 'members-bulk');

  // Remove both: the dialog names the count, the rows go at once and for good after the undo window.
  expect(await members.bulkRemove()).toBe('将所选的 2 名成员移出团队？');
  await expect(members.row(first.mobile)).toHaveCount(0);
  await expect(members.row(second.mobile)).toHaveCount(0);
  await expect(page.getByTestId('undo-toast')).toContainText('已将 2 名成员移出团队');
  await expect(members.bulkBar()).toHaveCount(0);
  await expect(page.getByTestId('undo-toast')).toHaveCount(0, { timeout: 10_000 });
  await expect.poll(async () => Object.keys(await rolesOnServer())).toEqual([owner.mobile]);
  await page.reload();
  await expect(page.getByText('共 1 名成员')).toBeVisible();
  await expect(members.row(first.mobile)).toHaveCount(0);
  await expect(members.row(second.mobile)).toHaveCount(0);
});
