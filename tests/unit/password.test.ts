import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src-server/auth/password';

describe('password hashing', () => {
  it('accepts the right password and refuses a wrong one', async () => {
    const phc = await hashPassword('päss wörd 密码');
    expect(await verifyPassword('päss wörd 密码', phc)).toBe(true);
    expect(await verifyPassword('päss wörd 密码 ', phc)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('answers false, never throws, for a malformed stored hash', async () => {
    for (const bad of ['', 'plain', '$argon2id$v=19$m=1,t=1,p=1$$', '$2b$10$abcdefghijklmnopqrstuv']) {
      expect(await verifyPassword('x', bad)).toBe(false);
    }
  });
});
