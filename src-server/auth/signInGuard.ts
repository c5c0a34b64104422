import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';
import { AppError } from '../errors';
import { AuthThrottleRepository, type ThrottleCheck } from '../repositories/authThrottle';
import { TrustedDevicesRepository } from '../repositories/trustedDevices';
import type { SmsCodesRepository } from '../repositories/smsCodes';
import type { UserRow, UsersRepository } from '../repositories/users';
import { dummyPasswordHash, verifyPassword } from './password';
import { hashToken } from './tokens';
import { addressKey } from './clientAddress';
import {
  CODE_FAILURES_PER_ADDRESS,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ADDRESS,
  LOGIN_FAILURES_PER_DEVICE,
  retryAfterSeconds,
} from './limits';

/** Who is signing in or asking for a code: the client address and the device token it sent, if any. */
export interface Requester {
  ip: string;
  deviceToken?: string | undefined;
}

/**
 * The sign-in checks every way in shares (password login, SMS-code login, registration,
 * password reset, SMS sends), each under the limits of auth/limits.ts.
 */
export class SignInGuard {
  readonly throttle: AuthThrottleRepository;
  readonly devices: TrustedDevicesRepository;

  constructor(
    db: Kysely<Database>,
    private readonly users: UsersRepository,
    private readonly smsCodes: SmsCodesRepository,
    private readonly now: () => number,
  ) {
    this.throttle = new AuthThrottleRepository(db);
    this.devices = new TrustedDevicesRepository(db);
  }

  /**
   * The account when the password is right. Every attempt is counted before the password is
   * checked (a burst cannot outrun the count) and stays counted if it failed. A device that signed
   * in to this account before is counted on its own; anyone else on the account's and the
   * address's counts. Past a limit even the right password is refused (else the refusal would be
   * an oracle), with the wait and the way that stays open: an SMS code.
   */
  async checkPassword(mobile: string, password: string, from: Requester): Promise<UserRow> {
    const now = this.now();
    const user = await this.users.findByMobile(mobile);
    const deviceOwner = await this.devices.ownerOf(from.deviceToken, now);
    const trusted = user !== undefined && deviceOwner === user.id;
    const checks: ThrottleCheck[] = trusted
      ? [{ rule: LOGIN_FAILURES_PER_DEVICE, key: hashToken(from.deviceToken!) }]
      : [
          { rule: LOGIN_FAILURES_PER_ACCOUNT, key: mobile },
          { rule: LOGIN_FAILURES_PER_ADDRESS, key: addressKey(from.ip) },
        ];
    const taken = await this.throttle.take(checks, now);
    if (!taken.ok) throw new AppError('user.passwordLocked', { retryAfterSeconds: retryAfterSeconds(taken.retryAfterMs), smsLogin: true });
    // Verify even when there is no such user, so timing does not reveal who is registered.
    const ok = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash));
    if (!user || !ok) throw new AppError('user.invalidCredentials');
    await this.throttle.release(taken.ids);
    return user;
  }

  /**
   * Whether the code is a live one of the number and purpose (and uses it up). Wrong codes are
   * counted per address before the code is looked at; the code's own attempts bound the rest.
   */
  async useCode(mobile: string, codeType: string, code: string, from: Requester): Promise<boolean> {
    const now = this.now();
    const taken = await this.throttle.take([{ rule: CODE_FAILURES_PER_ADDRESS, key: addressKey(from.ip) }], now);
    if (!taken.ok) throw new AppError('sms.tooManyGuesses', { retryAfterSeconds: retryAfterSeconds(taken.retryAfterMs) });
    const ok = await this.smsCodes.consume(mobile, codeType, code, now);
    if (ok) await this.throttle.release(taken.ids);
    return ok;
  }

  /**
   * After the owner proved the account (a right password or an SMS code): the account's wrong
   * passwords are forgotten (OWASP: a success resets the count) and the device gets its token.
   */
  async signedIn(user: Pick<UserRow, 'id' | 'mobile'>, from: Requester): Promise<string> {
    await this.throttle.clear(LOGIN_FAILURES_PER_ACCOUNT, user.mobile);
    return this.devices.remember(user.id, from.deviceToken, this.now());
  }

  /** A password reset by SMS code proves the number too: password sign-in opens again for everyone. */
  async passwordReset(mobile: string): Promise<void> {
    await this.throttle.clear(LOGIN_FAILURES_PER_ACCOUNT, mobile);
  }

  /**
   * Who asks for a code to this number: the device, when its token was given for this number's
   * account (it then has budgets of its own), else the client address.
   */
  async smsRequester(mobile: string, from: Requester): Promise<{ key: string; trusted: boolean }> {
    if (from.deviceToken) {
      const owner = await this.devices.ownerOf(from.deviceToken, this.now());
      const user = owner === undefined ? undefined : await this.users.findByMobile(mobile);
      if (user && user.id === owner) return { key: `device:${hashToken(from.deviceToken)}`, trusted: true };
    }
    return { key: `address:${addressKey(from.ip)}`, trusted: false };
  }
}
