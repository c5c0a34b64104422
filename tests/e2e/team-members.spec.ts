import { expect, test } from '@playwright/test';
import { TeamMembersPage } from './pages/teamPages';
import { loggedInPage, registerUser, teamWith } from './pages/teamSetup';

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

test('removing a member can be undone for a few seconds, then it is sent', async ({ browser, request }) => {
  const owner = await registerUser(request, '移除负责人');
  const member = await registerUser(request, '将被移除');
  await teamWith(request, owner, `移除团队 ${Date.now() % 100000}`, [{ user: member, role: 'annotator' }]);

  const page = await loggedInPage(browser, owner);
  const members = new TeamMembersPage(page);
  await members.open();
  await expect(page.getByText('共 2 名成员')).toBeVisible();

  // Remove, then undo: the row comes back and nothing was sent.
  await members.remove(member.mobile);
  await expect(members.row(member.mobile)).toHaveCount(0);
  await expect(page.getByTestId('undo-toast')).toContainText('已将 将被移除 移出团队');
  await members.undo();
  await expect(members.row(member.mobile)).toBeVisible();
  await page.reload();
  await expect(members.row(member.mobile)).toBeVisible();

  // Remove and let the undo window pass: after a reload the member is gone for good.
  await members.remove(member.mobile);
  await expect(members.row(member.mobile)).toHaveCount(0);
  await expect(page.getByTestId('undo-toast')).toHaveCount(0, { timeout: 10_000 });
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
