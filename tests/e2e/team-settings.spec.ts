import { expect, test } from '@playwright/test';
import { TeamSwitcher } from './pages/teamPages';
import { PASSWORD, call, loggedInPage, registerUser, screenshot, teamWith } from './pages/teamSetup';
import { LoginPage } from './pages/authPages';

test('the owner renames the team, groups members, and the switcher follows', async ({ browser, request }) => {
  const owner = await registerUser(request, '设置负责人');
  const member = await registerUser(request, '小组成员');
  await teamWith(request, owner, `设置团队 ${Date.now() % 100000}`, [{ user: member, role: 'annotator' }]);
  const page = await loggedInPage(browser, owner);

  await page.goto('/#/team/settings');
  const newName = `改名团队 ${Date.now() % 100000}`;
  await page.getByTestId('settings-name').fill(newName);
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('team-title')).toHaveText(newName);
  await expect(new TeamSwitcher(page).button()).toContainText(newName);
  await screenshot(page, 'settings');

  // Groups: the empty state says what to do; a group is created with a member.
  await page.getByRole('tab', { name: '小组' }).click();
  await expect(page.getByText('还没有小组')).toBeVisible();
  await page.getByTestId('create-group').click();
  await page.getByTestId('group-name').fill('夜班');
  await page.getByTestId('group-members').click();
  await page.locator('.ant-select-dropdown:visible').getByText(`小组成员 (${member.mobile})`).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('group-submit').click();
  const row = page.getByTestId('groups-table').getByRole('row').filter({ hasText: '夜班' });
  await expect(row).toContainText('小组成员');
  await screenshot(page, 'groups');
  await row.getByRole('button', { name: '查看成员' }).click();
  await expect(page.getByRole('dialog').getByText('小组成员')).toBeVisible();
  await page.keyboard.press('Escape');

  // The member rows show the group too.
  await page.getByRole('tab', { name: '成员' }).click();
  await expect(page.getByTestId('members-table').getByRole('row').filter({ hasText: member.mobile })).toContainText('夜班');

  // Vendors: empty, and it says how a partner becomes one.
  await page.getByRole('tab', { name: '供应商' }).click();
  await expect(page.getByText('还没有供应商')).toBeVisible();
  await screenshot(page, 'vendors');
});

test('the owner transfers the team, becomes an admin, and can no longer delete it; the new owner deletes it after typing its name', async ({ browser, request }) => {
  const owner = await registerUser(request, '原所有者');
  const heir = await registerUser(request, '新所有者');
  const teamName = `转让团队 ${Date.now() % 100000}`;
  await teamWith(request, owner, teamName, [{ user: heir, role: 'admin' }]);

  const page = await loggedInPage(browser, owner);
  await page.goto('/#/team/settings');
  await page.getByTestId('transfer-member').click();
  await page.locator('.ant-select-dropdown:visible').getByText(`新所有者 (${heir.mobile})`).click();
  await page.getByTestId('transfer-submit').click();
  await expect(page.getByRole('dialog')).toContainText('确定把团队转让给 新所有者？');
  await page.getByTestId('transfer-confirm').click();
  await expect(page.getByText('团队已转让给 新所有者')).toBeVisible();
  // As an admin now: still edits the details, but neither transfers nor deletes.
  await expect(page.getByTestId('transfer-submit')).toHaveCount(0);
  await expect(page.getByTestId('delete-team')).toHaveCount(0);
  await expect(page.getByTestId('settings-save')).toBeVisible();

  const heirPage = await loggedInPage(browser, heir);
  await heirPage.goto('/#/team/settings');
  await heirPage.getByTestId('delete-team').click();
  await expect(heirPage.getByTestId('delete-team-confirm')).toBeDisabled();
  await heirPage.getByTestId('delete-team-name').fill(teamName);
  await heirPage.getByTestId('delete-team-confirm').click();
  await expect(heirPage.getByText(`团队「${teamName}」已删除`)).toBeVisible();
  await heirPage.goto('/#/team');
  await expect(heirPage.getByTestId('no-team')).toBeVisible();
  const teams = await call(request, heir, 'GET', '/team');
  expect(teams).toEqual([]);
});

test('a user edits their name on the account page and changes their password', async ({ browser, request }) => {
  const user = await registerUser(request, '账号用户');
  const page = await loggedInPage(browser, user);
  await page.getByRole('menuitem', { name: '我的账号' }).click();
  await expect(page.getByTestId('account-mobile')).toHaveText(user.mobile);
  await page.getByTestId('account-name').fill('改过名的用户');
  await page.getByTestId('account-save').click();
  await expect(page.getByTestId('current-user-name')).toHaveText('改过名的用户');

  // A wrong current password is refused with the server's translated reason.
  await page.getByTestId('old-password').fill('not my password');
  await page.getByTestId('new-password').fill('a brand new password');
  await page.getByTestId('confirm-password').fill('a brand new password');
  await page.getByTestId('password-save').click();
  await expect(page.locator('.ant-message-error')).toBeVisible();
  await page.getByTestId('old-password').fill(PASSWORD);
  await page.getByTestId('password-save').click();
  await expect(page.getByText('密码已修改，其他设备已退出登录')).toBeVisible();
  await screenshot(page, 'account');

  await page.getByTestId('logout').click();
  const login = new LoginPage(page);
  await login.logIn(user.mobile, 'a brand new password');
  await expect(page.getByTestId('current-user-name')).toHaveText('改过名的用户');
});
