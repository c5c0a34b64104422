import { expect, test, type BrowserContext } from '@playwright/test';
import { MENU, PROJECT_TABS, ROLES, ROUTES, TEAM_TABS, type Role } from './pages/routeCatalogue';
import { expectUsable, moveTo, offered, openByAddress } from './pages/routeVisits';
import { freshProfile, routeWorld, signedInProfile, type RouteWorld } from './pages/routeWorld';
import { PASSWORD } from './pages/teamSetup';
import { LoginPage } from './pages/authPages';

/**
 * Dead ends of a new team's first hour (issue 17, docs/renderer-resilience.md): every address
 * opens as the first page of a window and again after a reload, for every role, into its page
 * or a proper "no permission" / "not found" state, never a blank window or an uncaught error;
 * and each role is offered exactly the menu entries and tabs it can use.
 */
let world: RouteWorld;
const profiles = new Map<Role, BrowserContext>();

test.beforeAll(async ({ browser, request }) => {
  world = await routeWorld(request);
  for (const role of ROLES) profiles.set(role, await signedInProfile(browser, world.users[role]));
});

test.afterAll(async () => {
  for (const context of profiles.values()) await context.close();
});

test('every address opens for every role: started from its address, or moved to inside the open app', async () => {
  test.setTimeout(600_000);
  // The roles run side by side (a profile and a tab each), their addresses one after another.
  // Every address is started fresh by one role, taken in turn; the other roles move their open
  // app to it, which shows each role's outcome (page, "no permission", "not found") at a
  // fraction of a start's cost. Start-up faults (the instruction editor's white page) are the
  // same for every role and for a reload, which is a start from the same address, so one fresh
  // start per address finds them (docs/renderer-resilience.md, docs/testing.md).
  await Promise.all(
    ROLES.map(async (role, r) => {
      const page = await profiles.get(role)!.newPage();
      for (const [i, route] of ROUTES.entries()) {
        if (!(route.roles?.includes(role) ?? true)) continue;
        const label = `${role} at ${route.name}`;
        if (route.roles || i % ROLES.length === r) await openByAddress(page, route.path(world.ids), route.outcome(role), label);
        else await moveTo(page, route.path(world.ids), route.outcome(role), label);
      }
      await page.close();
    }),
  );
});

test('each role is offered only the menu entries and tabs it can use, and every one opens', async () => {
  await Promise.all(
    ROLES.map(async (role) => {
      const page = await profiles.get(role)!.newPage();
      await page.goto('/#/projects');
      const menu = page.getByRole('navigation').getByRole('menuitem');
      // Entries that need a role appear once the role is known: wait for the full set. Four
      // windows start at once here, so on a loaded machine that takes longer than one page's 10 s.
      await expect.soft(menu, `${role}: menu`).toHaveCount(MENU[role].length, { timeout: 30_000 });
      expect.soft(await offered(page, 'menuitem'), `${role}: menu`).toEqual(MENU[role]);
      for (const entry of MENU[role]) {
        await menu.filter({ hasText: new RegExp(`^${entry}$`) }).click();
        await expect.soft(page.getByRole('heading', { level: 1 }).or(page.getByRole('heading', { name: entry })).first(), `${role}: menu ${entry}`).toBeVisible();
        await expectUsable(page, `${role}: menu ${entry}`);
      }

      await page.goto(`/#/projects/${world.ids.projectId}`);
      await expect.soft(page.getByRole('tab'), `${role}: project tabs`).toHaveCount(PROJECT_TABS[role].length);
      expect.soft(await offered(page, 'tab'), `${role}: project tabs`).toEqual(PROJECT_TABS[role]);
      for (const tab of PROJECT_TABS[role]) {
        await page.getByRole('tab', { name: tab, exact: true }).click();
        await expect.soft(page.getByRole('tab', { name: tab, exact: true, selected: true }), `${role}: project tab ${tab}`).toBeVisible();
        await expectUsable(page, `${role}: project tab ${tab}`);
      }

      await page.goto('/#/team/members');
      await expect.soft(page.getByTestId('team-title'), `${role}: team`).toBeVisible();
      expect.soft(await offered(page, 'tab'), `${role}: team tabs`).toEqual(TEAM_TABS[role]);
      for (const tab of TEAM_TABS[role]) {
        await page.getByRole('tab', { name: tab, exact: true }).click();
        await expect.soft(page.getByRole('tab', { name: tab, exact: true, selected: true }), `${role}: team tab ${tab}`).toBeVisible();
        await expectUsable(page, `${role}: team tab ${tab}`);
      }
      await page.close();
    }),
  );
});

test('an address opened before logging in is where the login leads', async ({ browser }) => {
  const context = await freshProfile(browser);
  const page = await context.newPage();
  await page.goto(`/#/projects/${world.ids.projectId}/settings`);
  const login = new LoginPage(page);
  await login.expectShown();
  await login.logIn(world.users.reviewer.mobile, PASSWORD);
  await expect(page.getByTestId('project-settings')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`#/projects/${world.ids.projectId}/settings$`));
  await context.close();
});

test('a panel that fails says so in its place, the rest of the page works, and Retry brings it back', async () => {
  const page = await profiles.get('owner')!.newPage();
  const uncaught: string[] = [];
  page.on('pageerror', (error) => uncaught.push(error.message));
  // A server answering what the renderer does not expect (an object where the note labels' list belongs).
  const noteLabels = /\/core\/note-label\?/;
  await page.route(noteLabels, (route) => route.fulfill({ json: { code: 200, msg: 'success', data: { unexpected: true } } }));
  await page.goto(`/#/projects/${world.ids.projectId}/settings`);

  const failed = page.getByTestId('panel-failed');
  await expect(failed).toContainText('This part of the page could not be shown');
  await expect(failed).toContainText('Something unexpected went wrong');
  // The other panels and the shell keep working.
  await expect(page.getByTestId('settings-name')).toBeEditable();
  await expect(page.getByTestId('instruction-editor')).toContainText('Draw a box around every cat.');
  await page.getByRole('tab', { name: 'Members', exact: true }).click();
  await expect(page.getByTestId('project-members')).toBeVisible();
  await page.getByRole('tab', { name: 'Settings', exact: true }).click();
  await expect(failed).toBeVisible();

  // Once the server answers properly, Retry asks again and the panel is back.
  await page.unroute(noteLabels);
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('note-labels')).toBeVisible();
  await expect(failed).toHaveCount(0);
  expect(uncaught).toEqual([]);
  await page.close();
});
