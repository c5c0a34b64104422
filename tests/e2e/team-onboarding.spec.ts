import { expect, test } from '@playwright/test';
import { TeamInvitationsPage, TeamMembersPage, TeamSwitcher } from './pages/teamPages';
import { loggedInPage, registerUser, screenshot } from './pages/teamSetup';

test('an owner creates a team, two people join by its code with the role it grants, and a third joins by accepting a mobile invitation', async ({ browser, request }) => {
  const owner = await registerUser(request, '团队负责人');
  const annotator = await registerUser(request, '新标注员');
  const reviewer = await registerUser(request, '新审核员');
  const invitee = await registerUser(request, '被邀请人');
  const teamName = `E2E 团队 ${Date.now() % 100000}`;

  // A user in no team sees how to get one.
  const ownerPage = await loggedInPage(browser, owner);
  await ownerPage.goto('/#/team');
  await expect(ownerPage.getByTestId('no-team')).toContainText('你还没有加入任何团队');
  await screenshot(ownerPage, 'no-team');
  await ownerPage.getByTestId('no-team-create').click();
  await new TeamSwitcher(ownerPage).fillCreate(teamName);

  // The new team is current and its codes are ready to share.
  const invitations = new TeamInvitationsPage(ownerPage);
  await expect(ownerPage.getByTestId('team-title')).toHaveText(teamName);
  await expect(new TeamSwitcher(ownerPage).button()).toContainText(teamName);
  await expect(invitations.memberCode()).toBeVisible();
  await expect(ownerPage.getByTestId('code-role')).toContainText('标注员');
  const annotatorCode = await invitations.readMemberCode();
  await screenshot(ownerPage, 'invitations');

  // The annotator joins with the code and lands on the team's members.
  const annotatorPage = await loggedInPage(browser, annotator);
  await new TeamSwitcher(annotatorPage).joinWithCode(annotatorCode, teamName);
  await expect(annotatorPage.getByTestId('team-title')).toHaveText(teamName);
  await expect(new TeamMembersPage(annotatorPage).row(annotator.mobile)).toContainText('标注员');
  // An annotator manages nothing: no role pickers, no remove buttons, no invitations tab.
  await expect(annotatorPage.getByTestId(`role-select-${annotator.mobile}`)).toHaveCount(0);
  await expect(annotatorPage.getByRole('tab', { name: '邀请' })).toHaveCount(0);

  // The owner makes the same code grant the reviewer role; the reviewer joins with it.
  await invitations.setCodeRole('审核员');
  const reviewerPage = await loggedInPage(browser, reviewer);
  await new TeamSwitcher(reviewerPage).joinWithCode(await invitations.readMemberCode(), teamName);
  await expect(new TeamMembersPage(reviewerPage).row(reviewer.mobile)).toContainText('审核员');

  // By mobile: the owner invites, the invitee sees the invitation in the header and accepts.
  await invitations.inviteMobiles([invitee.mobile], '经理');
  await expect(ownerPage.getByTestId('invite-result')).toContainText('已邀请 1 个号码');
  await expect(invitations.sentTable().getByRole('row').filter({ hasText: invitee.mobile })).toContainText('待处理');

  const inviteePage = await loggedInPage(browser, invitee);
  await inviteePage.getByTestId('invitations-received').click();
  await expect(inviteePage.getByTestId('received-invitation')).toContainText(`「${teamName}」邀请你以经理身份加入`);
  await screenshot(inviteePage, 'received-invitation');
  await inviteePage.getByTestId('accept-invitation').click();
  await expect(inviteePage.getByTestId('team-title')).toHaveText(teamName);
  await expect(inviteePage.getByTestId('invitations-received')).toHaveCount(0);

  // The owner's members list shows everyone with their roles.
  const members = new TeamMembersPage(ownerPage);
  await members.open();
  await expect(ownerPage.locator('.ant-pagination-total-text')).toHaveText('共 4 名成员');
  await expect(members.row(annotator.mobile)).toContainText('标注员');
  await expect(members.row(reviewer.mobile)).toContainText('审核员');
  await expect(members.row(invitee.mobile)).toContainText('经理');
  await expect(members.row(owner.mobile)).toContainText('所有者');
  await screenshot(ownerPage, 'members');
});

test('an invitee who declines keeps no team, and the inviter sees the invitation declined', async ({ browser, request }) => {
  const owner = await registerUser(request, '邀请方');
  const invitee = await registerUser(request, '拒绝者');
  const ownerPage = await loggedInPage(browser, owner);
  await new TeamSwitcher(ownerPage).createTeam(`拒绝测试 ${Date.now() % 100000}`);
  const invitations = new TeamInvitationsPage(ownerPage);
  await invitations.open();
  await invitations.inviteMobiles([invitee.mobile], '标注员');
  await expect(ownerPage.getByTestId('invite-result')).toBeVisible();

  const inviteePage = await loggedInPage(browser, invitee);
  await inviteePage.getByTestId('invitations-received').click();
  await inviteePage.getByTestId('decline-invitation').click();
  await expect(inviteePage.getByText(/已拒绝「拒绝测试 \d+」的邀请/)).toBeVisible();
  await inviteePage.keyboard.press('Escape');
  await expect(inviteePage.getByTestId('invitations-received')).toHaveCount(0);
  await expect(new TeamSwitcher(inviteePage).button()).toContainText('未加入团队');

  await ownerPage.reload();
  await ownerPage.getByLabel('按状态筛选').click();
  await ownerPage.locator('.ant-select-dropdown:visible').getByTitle('已拒绝', { exact: true }).click();
  await expect(invitations.sentTable().getByRole('row').filter({ hasText: invitee.mobile })).toContainText('已拒绝');
});
