import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E_WORKSTATION_SECRET, E2E_WORKSTATION_URL } from '../../playwright.config';
import { LoginPage } from './pages/authPages';
import { ROUTES } from './pages/routeCatalogue';
import { expectOutcome, FAILURES } from './pages/routeVisits';
import { routeWorld, type RouteWorld } from './pages/routeWorld';
import { PASSWORD, type TestUser } from './pages/teamSetup';

/**
 * The screenshot tour of issues 17 and 31: every page of the renderer at 1280 x 720 and
 * 1920 x 1080, in both languages, saved under test-results/tour/<language>-<width>/ for people
 * to look at. Each page must also have
 * settled (nothing loading, no failure panel) and, in English, show what the route catalogue says.
 * Pages are reached by moving the address inside the open app (one start per language and size), so the
 * tour costs seconds, not a start per page (tests/e2e/route-by-url.spec.ts covers fresh starts).
 */
const LANGUAGES = ['en-US', 'zh-CN'] as const;
type Language = (typeof LANGUAGES)[number];
const SIZES = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
] as const;
type Size = (typeof SIZES)[number];
let world: RouteWorld;

test.beforeAll(async ({ request }) => {
  world = await routeWorld(request);
});

async function profile(browser: Browser, language: Language, size: Size) {
  const context = await browser.newContext({
    viewport: { width: size.width, height: size.height },
    storageState: {
      cookies: [],
      origins: [{ origin: E2E_WORKSTATION_URL, localStorage: [{ name: 'workstation.hostSecret', value: E2E_WORKSTATION_SECRET }, { name: 'workstation.language', value: language }] }],
    },
  });
  return context.newPage();
}

async function shoot(page: Page, where: string, name: string) {
  // A page settles when its data and pictures are in; a loaded machine takes a while for a 2 Mpx frame.
  await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator(FAILURES), `${where} ${name}: a failure panel`).toHaveCount(0);
  const dir = `test-results/tour/${where}`;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name.replace(/[^a-z0-9]+/gi, '-')}.png`, animations: 'disabled' });
}

async function logIn(page: Page, user: TestUser) {
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(user.mobile, PASSWORD);
  await expect(page.getByTestId('current-user-name')).toHaveText(user.name);
}

for (const size of SIZES) for (const language of LANGUAGES) {
  test(`every page in ${language} at ${size.width} x ${size.height}`, async ({ browser }) => {
    test.setTimeout(300_000);
    const where = `${language}-${size.width}`;
    const page = await profile(browser, language, size);
    const uncaught: string[] = [];
    page.on('pageerror', (e) => uncaught.push(e.message));
    await page.goto('/');
    await expect(page.getByTestId('login-submit')).toBeVisible();
    await shoot(page, where, '00 login');
    await new LoginPage(page).goToRegister();
    await shoot(page, where, '01 register');

    await logIn(page, world.users.owner);
    for (const [i, route] of ROUTES.entries()) {
      if (route.name === 'workspace') continue;
      // Only the fragment changes: the browser moves inside the open app, no new start.
      await page.goto(`/#${route.path(world.ids)}`);
      if (language === 'en-US') await expectOutcome(page, route.outcome('owner'), `tour: ${route.name}`);
      await shoot(page, where, `${String(i + 2).padStart(2, '0')} ${route.name}`);
    }
    await page.context().close();

    // The workspace, as the annotator who works there.
    const worker = await profile(browser, language, size);
    worker.on('pageerror', (e) => uncaught.push(e.message));
    await logIn(worker, world.users.annotator);
    await worker.goto(`/#/work/${world.ids.projectId}/${world.ids.taskId}/${world.ids.annotateStep}`);
    await expect(worker.getByTestId('workspace-stage')).toBeVisible();
    await shoot(worker, where, '99 workspace');
    await worker.context().close();
    expect(uncaught).toEqual([]);
  });
}
