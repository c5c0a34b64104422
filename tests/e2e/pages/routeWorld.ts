import { expect, type APIRequestContext, type Browser, type BrowserContext } from '@playwright/test';
import { E2E_WORKSTATION_SECRET, E2E_WORKSTATION_URL } from '../../../playwright.config';
import { LoginPage } from './authPages';
import { call, PASSWORD, registerUser, type TestUser } from './teamSetup';
import { workWorld } from './workSetup';
import type { Role, RouteIds } from './routeCatalogue';

/** A new team's first hour (issue 17): one project with a task, and a member of each role. */
export interface RouteWorld {
  ids: RouteIds;
  users: Record<Role, TestUser>;
}

/** The work world (owner, annotator, reviewer, a project with one photo and a task) and a team manager. */
export async function routeWorld(request: APIRequestContext): Promise<RouteWorld> {
  const w = await workWorld(request, 1);
  const manager = await registerUser(request, `Manager ${Date.now() % 1e7}`);
  const code = await call(request, w.owner, 'PUT', '/invite/open', { role: 'manager' });
  await call(request, manager, 'POST', '/invite/accept/code', { code: code.code });
  // The instruction is what the white page broke on (TipTap): every role's overview and settings show it.
  await call(request, w.owner, 'PUT', `/project/${w.projectId}/instruction`, { instruction: '<p>Draw a <strong>box</strong> around every cat.</p>' });
  return {
    ids: { projectId: w.projectId, taskId: w.taskId, annotateStep: w.annotateStep },
    users: { owner: w.owner, manager, annotator: w.annotator, reviewer: w.reviewer },
  };
}

/**
 * A browser profile of its own (the host's key kept, English chosen), nobody signed in yet: a
 * page opened in it starts the workstation from nothing, as a fresh window does.
 */
export function freshProfile(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 1280, height: 720 },
    storageState: {
      cookies: [],
      origins: [{ origin: E2E_WORKSTATION_URL, localStorage: [{ name: 'workstation.hostSecret', value: E2E_WORKSTATION_SECRET }, { name: 'workstation.language', value: 'en-US' }] }],
    },
  });
}

/** A profile in which `user` has logged in through the login page; that page is closed again. */
export async function signedInProfile(browser: Browser, user: TestUser): Promise<BrowserContext> {
  const context = await freshProfile(browser);
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(user.mobile, PASSWORD);
  await expect(page.getByTestId('current-user-name')).toHaveText(user.name);
  await page.close();
  return context;
}
