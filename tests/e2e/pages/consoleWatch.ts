import { expect, type Browser, type Page } from '@playwright/test';
import { LoginPage } from './authPages';
import { ProjectsPage } from './projectsPage';
import { PASSWORD, type TestUser } from './teamSetup';

/**
 * What a page says went wrong on its own: uncaught errors and rejections (`pageerror`) and
 * console errors. A normal journey leaves this empty (issue 17: an empty New-task submit left an
 * "Uncaught (in promise)"). `expected` drops lines the journey causes on purpose (a file the
 * test deleted answers 404).
 */
export function watchConsole(page: Page, expected: RegExp[] = []): string[] {
  const problems: string[] = [];
  const keep = (text: string) => !expected.some((re) => re.test(text)) && problems.push(text);
  page.on('pageerror', (err) => keep(`pageerror: ${err.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') keep(`console: ${m.text()} (${m.location().url})`);
  });
  return problems;
}

/**
 * A user logged in on a page of their own (a browser of their own), in English (the texts the
 * specs read), with the console watched from the first request on.
 */
export async function englishPage(browser: Browser, user: TestUser, expected: RegExp[] = []): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  const problems = watchConsole(page, expected);
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(user.mobile, PASSWORD);
  // The shell shows the name once the session's first calls are back; a loaded machine is slow.
  await expect(page.getByTestId('current-user-name')).toHaveText(user.name, { timeout: 30_000 });
  await new ProjectsPage(page).switchLanguage('English');
  return { page, problems };
}
