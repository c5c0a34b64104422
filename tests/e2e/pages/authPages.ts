import { expect, type Page } from '@playwright/test';
import { smsCodeFor } from './smsOutbox';

/** The login page, as a user sees it. */
export class LoginPage {
  constructor(private readonly page: Page) {}
  async open() {
    await this.page.goto('/');
    await expect(this.page.getByTestId('login-submit')).toBeVisible();
  }
  async goToRegister() {
    await this.page.getByTestId('go-register').click();
    // The login form has a field with the register form's test id: wait until it is replaced.
    await expect(this.page.getByTestId('register-submit')).toBeVisible();
    return new RegisterPage(this.page);
  }
  async logIn(mobile: string, password: string) {
    await this.page.getByTestId('mobile').fill(mobile);
    await this.page.getByTestId('password').fill(password);
    await this.page.getByTestId('login-submit').click();
  }
  async expectShown() {
    await expect(this.page.getByTestId('login-submit')).toBeVisible();
  }
}

/** The register page: mobile, SMS code (read from the server's outbox), password twice. */
export class RegisterPage {
  constructor(private readonly page: Page) {}
  async register(p: { mobile: string; password: string; name: string }) {
    await this.page.getByTestId('mobile').fill(p.mobile);
    await this.page.getByTestId('send-code').click();
    await this.page.getByTestId('code').fill(await smsCodeFor(p.mobile));
    await this.page.getByTestId('name').fill(p.name);
    await this.page.getByTestId('password').fill(p.password);
    await this.page.getByTestId('password-confirm').fill(p.password);
    await this.page.getByTestId('register-submit').click();
  }
}
