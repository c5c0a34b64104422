import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { LoginPage } from './authPages';
import { smsCodeFor, useSmsOutboxOf } from './smsOutbox';
import { keepShot } from './shots';

/** The team server the e2e run started (playwright.config.ts). */
const E2E_SERVER = `http://127.0.0.1:${process.env.E2E_SERVER_PORT ?? 8691}/core`;
/** The team server the helpers here call: the e2e run's, unless a spec started its own (useTeamServer). */
export let SERVER = E2E_SERVER;

/**
 * Points every helper (accounts, teams, calls, SMS codes) at a team server a spec started
 * itself, for example one in S3 mode; `null` points them back at the e2e run's. A worker runs
 * one spec file at a time, so a spec sets it in beforeAll and puts it back in afterAll.
 */
export function useTeamServer(server: { url: string; dataDir: string } | null): void {
  SERVER = server ? `${server.url}/core` : E2E_SERVER;
  useSmsOutboxOf(server?.dataDir ?? null);
}
export const PASSWORD = 'team e2e password';

let counter = 0;
/** A mobile number no earlier test (or run on this data dir) has used. */
export function freshMobile(): string {
  counter += 1;
  return `135${String((Date.now() * 10 + counter) % 1e8).padStart(8, '0')}`;
}

export interface TestUser {
  mobile: string;
  name: string;
  /** the header the server expects: `{ [tokenName]: tokenValue }` */
  headers: Record<string, string>;
}

/**
 * Registers a fresh account through the API (the register page has its own spec), each from an
 * address of its own, as people sign up: one address may ask for only so many codes an hour.
 */
export async function registerUser(request: APIRequestContext, name: string): Promise<TestUser> {
  const mobile = freshMobile();
  const headers = { 'x-forwarded-for': `10.77.${(counter >> 8) & 255}.${counter & 255}` };
  const sent = await request.post(`${SERVER}/sms/send`, { data: { mobile, codeType: 'register' }, headers });
  expect((await sent.json()).code).toBe(200);
  const res = await request.post(`${SERVER}/user/register`, { data: { mobile, code: await smsCodeFor(mobile), password: PASSWORD, name }, headers });
  const body = await res.json();
  expect(body.code).toBe(200);
  return { mobile, name, headers: { [body.data.tokenName]: body.data.tokenValue } };
}

/** A call as `user`, answering the envelope's data and failing the test on any other code. */
export async function call(request: APIRequestContext, user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown) {
  const res = await request.fetch(`${SERVER}${path}`, { method, headers: user.headers, data });
  const body = await res.json();
  expect(body, `${method} ${path}`).toMatchObject({ code: 200 });
  return body.data;
}

/** A team owned by `owner` (made current) with `members` joined by its code as `role`. */
export async function teamWith(request: APIRequestContext, owner: TestUser, teamName: string, members: { user: TestUser; role: string }[] = []) {
  const team = await call(request, owner, 'POST', '/team', { name: teamName });
  for (const m of members) {
    const code = await call(request, owner, 'PUT', '/invite/open', { role: m.role });
    await call(request, m.user, 'POST', '/invite/accept/code', { code: code.code });
  }
  return team as { teamId: number; name: string };
}

/** A new browser page, logged in as `user` through the login page. */
export async function loggedInPage(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(user.mobile, PASSWORD);
  await expect(page.getByTestId('current-user-name')).toHaveText(user.name);
  return page;
}

/** Saves a full-page screenshot of a main screen for review. */
export async function screenshot(page: Page, name: string) {
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await keepShot(page, { path: `test-results/screenshots/team-${name}.png`, fullPage: true, animations: 'disabled' });
}
