import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/authPages';
import { ProjectsPage } from './pages/projectsPage';
import { smsCodeFor } from './pages/smsOutbox';
import { PASSWORD, registerUser, SERVER } from './pages/teamSetup';
import { keepShot } from './pages/shots';

test('a new user registers, sees an empty project list in Chinese, switches to English, stays logged in across a reload, logs out and back in', async ({ page }) => {
  const mobile = `1370000${String(Date.now() % 10000).padStart(4, '0')}`;
  const login = new LoginPage(page);
  await login.open();
  // Chinese is the default language.
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

  const register = await login.goToRegister();
  await register.register({ mobile, password: 'e2e password 1', name: '测试用户' });

  const projects = new ProjectsPage(page);
  await projects.expectUser('测试用户');
  await expect(projects.emptyState()).toBeVisible();
  await expect(projects.emptyState()).toContainText(/[\u4e00-\u9fff]/);
  await keepShot(page, { path: 'test-results/e2e/projects-zh.png', animations: 'disabled' });

  await projects.switchLanguage('English');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(projects.emptyState()).not.toContainText(/[\u4e00-\u9fff]/);
  const englishText = await projects.emptyState().innerText();
  expect(englishText).toMatch(/[A-Za-z]{3,}/);

  await page.reload();
  await projects.expectUser('测试用户');
  await expect(projects.emptyState()).toHaveText(englishText, { useInnerText: true });
  await keepShot(page, { path: 'test-results/e2e/projects-en.png', animations: 'disabled' });

  await projects.logOut();
  await login.expectShown();
  await page.reload();
  await login.expectShown();

  await login.logIn(mobile, 'e2e password 1');
  await projects.expectUser('测试用户');
});

test('a wrong password shows a translated error and keeps the user on the login page', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.logIn('13812345678', 'not the password');
  await expect(page.getByTestId('form-error')).toHaveText(/手机号或密码不正确/);
  await login.expectShown();
});

test('the demo annotator seeded by npm start logs in and sees the demo project', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.logIn('13800000002', 'demo12345');
  const projects = new ProjectsPage(page);
  await projects.expectUser('Demo Annotator 演示标注员');
  await expect(page.getByRole('cell', { name: 'Demo photos 示例图片' })).toBeVisible();
  // Loaded, not still spinning over the row.
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await keepShot(page, { path: 'test-results/e2e/demo-annotator-projects.png', animations: 'disabled' });
});

test('a user who forgot the password resets it with an SMS code and logs in with the new one', async ({ page }) => {
  const mobile = `1371000${String(Date.now() % 10000).padStart(4, '0')}`;
  const login = new LoginPage(page);
  await login.open();
  await (await login.goToRegister()).register({ mobile, password: 'old password 1', name: 'Forgetful' });
  const projects = new ProjectsPage(page);
  await projects.expectUser('Forgetful');
  await projects.switchLanguage('English');
  await projects.logOut();
  await login.expectShown();

  const registerCode = await smsCodeFor(mobile);
  await page.getByTestId('go-forgot').click();
  await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
  await page.getByTestId('mobile').fill(mobile);
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('send-code')).toContainText(/\d+/);
  let code = registerCode;
  for (let i = 0; i < 50 && code === registerCode; i++) {
    code = await smsCodeFor(mobile);
    if (code === registerCode) await page.waitForTimeout(100);
  }
  await page.getByTestId('code').fill(code);
  await page.getByTestId('password').fill('new password 2');
  await page.getByTestId('password-confirm').fill('new password 2');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByText('Password reset: log in with the new one')).toBeVisible();
  // The reset form has fields with the login form's test ids: wait until the login page replaced it.
  await expect(page.getByTestId('reset-submit')).toHaveCount(0);
  await login.expectShown();

  await login.logIn(mobile, 'old password 1');
  await expect(page.getByTestId('form-error')).toBeVisible();
  await login.logIn(mobile, 'new password 2');
  await projects.expectUser('Forgetful');
});

test('after ten wrong passwords from a stranger, the login page says when to retry and the owner logs in with an SMS code', async ({ page, request }) => {
  const owner = await registerUser(request, 'Locked Owner');
  for (let i = 0; i < 10; i++) {
    const r = await request.post(`${SERVER}/user/login/mobile`, { data: { mobile: owner.mobile, password: `stranger guess ${i}` }, headers: { 'x-forwarded-for': '10.78.0.1' } });
    expect((await r.json()).msg).toBe('error.user.invalidCredentials');
  }
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(owner.mobile, PASSWORD);
  await expect(page.getByTestId('form-error')).toContainText('密码错误次数过多');
  await expect(page.getByTestId('form-error-wait')).toHaveText(/^\d+ 分钟后可以再试。$/);
  await keepShot(page, { path: 'test-results/e2e/login-password-locked.png', animations: 'disabled' });

  await page.getByTestId('use-code-login').click();
  await expect(page.getByTestId('mobile')).toHaveValue(owner.mobile);
  await page.getByTestId('send-code').click();
  // The countdown starts once the server has written the code.
  await expect(page.getByTestId('send-code')).toContainText(/\d+/);
  await page.getByTestId('code').fill(await smsCodeFor(owner.mobile));
  await page.getByTestId('login-submit').click();
  await new ProjectsPage(page).expectUser('Locked Owner');
});
