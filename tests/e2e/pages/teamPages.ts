import { expect, type Locator, type Page } from '@playwright/test';

/** The team menu in the header: switch, create, join with a code. */
export class TeamSwitcher {
  constructor(private readonly page: Page) {}
  button() {
    return this.page.getByTestId('team-switcher');
  }
  async createTeam(name: string) {
    await this.button().click();
    await this.page.getByRole('menuitem', { name: '创建团队' }).click();
    await this.fillCreate(name);
  }
  async fillCreate(name: string) {
    await this.page.getByTestId('create-team-name').fill(name);
    await this.page.getByTestId('create-team-submit').click();
  }
  async joinWithCode(code: string, expectTeam: string) {
    await this.button().click();
    await this.page.getByRole('menuitem', { name: '用邀请码加入' }).click();
    await this.fillJoin(code, expectTeam);
  }
  async fillJoin(code: string, expectTeam: string) {
    await this.page.getByTestId('join-code').fill(code);
    await this.page.getByTestId('join-check').click();
    await expect(this.page.getByTestId('join-preview')).toContainText(expectTeam);
    await this.page.getByTestId('join-submit').click();
  }
  /** As createTeam, with the menu in either language (English or Chinese). */
  async createTeamAnyLanguage(name: string) {
    await this.button().click();
    await this.page.getByRole('menuitem', { name: /^(创建团队|Create a team)$/ }).click();
    await this.fillCreate(name);
  }
  /** As joinWithCode, with the menu in either language (English or Chinese). */
  async joinWithCodeAnyLanguage(code: string, expectTeam: string) {
    await this.button().click();
    await this.page.getByRole('menuitem', { name: /^(用邀请码加入|Join with a code)$/ }).click();
    await this.fillJoin(code, expectTeam);
  }
  async switchTo(teamName: string) {
    await this.button().click();
    await this.page.getByRole('menuitem', { name: new RegExp(`^✓?\\s*${teamName} ·`) }).click();
    await expect(this.button()).toContainText(teamName);
  }
}

/** The members tab. */
export class TeamMembersPage {
  constructor(private readonly page: Page) {}
  async open() {
    await this.page.goto('/#/team/members');
    await expect(this.table()).toBeVisible();
  }
  table() {
    return this.page.getByTestId('members-table');
  }
  row(mobile: string): Locator {
    return this.table().getByRole('row').filter({ hasText: mobile });
  }
  async changeRole(mobile: string, roleLabel: string) {
    await this.page.getByTestId(`role-select-${mobile}`).click();
    await this.page.locator('.ant-select-dropdown:visible').getByTitle(roleLabel, { exact: true }).click();
  }
  async remove(mobile: string) {
    await this.page.getByTestId(`remove-member-${mobile}`).click();
    await this.page.locator('.ant-popover:visible').getByRole('button', { name: '移出' }).click();
  }
  async undo() {
    await this.page.getByTestId('undo-button').click();
  }
  /** The row's selection checkbox (disabled for the owner and the caller). */
  selectBox(mobile: string): Locator {
    return this.row(mobile).getByRole('checkbox');
  }
  async select(...mobiles: string[]) {
    for (const mobile of mobiles) await this.selectBox(mobile).check();
  }
  bulkBar(): Locator {
    return this.page.getByTestId('members-bulk-bar');
  }
  /** Gives every selected member the role of that label. */
  async bulkChangeRole(roleLabel: string) {
    await this.page.getByTestId('bulk-role-select').click();
    await this.page.locator('.ant-select-dropdown:visible').getByTitle(roleLabel, { exact: true }).click();
  }
  /** Removes every selected member, confirming the dialog; answers the dialog's title as shown. */
  async bulkRemove(): Promise<string> {
    await this.page.getByTestId('bulk-remove').click();
    const dialog = this.page.getByRole('dialog');
    const title = (await dialog.locator('.ant-modal-confirm-title').innerText()).trim();
    await dialog.getByTestId('bulk-remove-confirm').click();
    await expect(dialog).toBeHidden();
    return title;
  }
}

/** The invitations tab: the two codes and invitations by mobile number. */
export class TeamInvitationsPage {
  constructor(private readonly page: Page) {}
  async open() {
    await this.page.goto('/#/team/invitations');
    await expect(this.memberCode()).toBeVisible();
  }
  memberCode() {
    return this.page.getByTestId('code-value-member');
  }
  async readMemberCode(): Promise<string> {
    return (await this.memberCode().innerText()).trim();
  }
  async setCodeRole(roleLabel: string) {
    await this.page.getByTestId('code-role').click();
    await this.page.locator('.ant-select-dropdown:visible').getByTitle(roleLabel, { exact: true }).click();
    await expect(this.page.getByTestId('code-role')).toContainText(roleLabel);
  }
  async inviteMobiles(mobiles: string[], roleLabel: string) {
    await this.page.getByTestId('invite-mobiles').fill(mobiles.join('\n'));
    await this.page.getByTestId('invite-role').click();
    await this.page.locator('.ant-select-dropdown:visible').getByTitle(roleLabel, { exact: true }).click();
    await this.page.getByTestId('invite-submit').click();
  }
  sentTable() {
    return this.page.getByTestId('sent-invitations');
  }
}
