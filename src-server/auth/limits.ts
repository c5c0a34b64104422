import type { ThrottleRule } from '../repositories/authThrottle';

/**
 * Every guess and abuse limit of the sign-in surface, counted in the database
 * (repositories/authThrottle.ts) so it holds across server processes. Why these shapes:
 * docs/security.md and docs/decisions.md; the OWASP Authentication Cheat Sheet and "device
 * cookies" article, NIST SP 800-63B 5.2.2 (at most 100 consecutive failures per account) and
 * ASVS 2.2.1 (at most 100 failures an hour per account).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Wrong passwords per mobile number from clients without the account's device token: 10 in a
 * quarter hour, then 30 a day (progressive: the second lock lasts until the day's window moves).
 * Unknown numbers count the same, so the answers never tell who is registered.
 */
export const LOGIN_FAILURES_PER_ACCOUNT: ThrottleRule = {
  scope: 'login.account',
  windows: [
    { max: 10, ms: 15 * MINUTE },
    { max: 30, ms: DAY },
  ],
};

/** Wrong passwords per client address across all numbers, so one address cannot spray many accounts. */
export const LOGIN_FAILURES_PER_ADDRESS: ThrottleRule = {
  scope: 'login.address',
  windows: [
    { max: 20, ms: 15 * MINUTE },
    { max: 100, ms: DAY },
  ],
};

/**
 * Wrong passwords from a device that signed in to the account before: its own budget, so a
 * stranger who locked the account for everyone else does not lock its owner out.
 */
export const LOGIN_FAILURES_PER_DEVICE: ThrottleRule = {
  scope: 'login.device',
  windows: [
    { max: 10, ms: 15 * MINUTE },
    { max: 30, ms: DAY },
  ],
};

/**
 * Wrong SMS codes per client address, across numbers and purposes. Each code also takes only 5
 * wrong guesses in all (repositories/smsCodes.ts), which bounds guessing from many addresses.
 */
export const CODE_FAILURES_PER_ADDRESS: ThrottleRule = {
  scope: 'code.address',
  windows: [
    { max: 10, ms: 15 * MINUTE },
    { max: 50, ms: DAY },
  ],
};

/** One code a minute per number, purpose and requester (a device, else an address): a resend, not a flood. */
export const SMS_RESEND: ThrottleRule = { scope: 'sms.resend', windows: [{ max: 1, ms: MINUTE }] };

/** Codes per number and requester in an hour: one requester's sends never use up the number's whole allowance. */
export const SMS_PER_NUMBER_AND_REQUESTER: ThrottleRule = { scope: 'sms.numberRequester', windows: [{ max: 5, ms: HOUR }] };

/**
 * Codes a number receives in an hour from requesters without its device token (anti-bombing).
 * Twice one requester's share, so one stranger cannot use it up; the owner's device is not counted.
 */
export const SMS_PER_NUMBER: ThrottleRule = { scope: 'sms.number', windows: [{ max: 10, ms: HOUR }] };

/**
 * Codes one address may have sent, across numbers (SMS pumping, bombing many numbers). Room
 * for a team onboarding behind one office address; devices that signed in before are not counted.
 */
export const SMS_PER_ADDRESS: ThrottleRule = {
  scope: 'sms.address',
  windows: [
    { max: 20, ms: HOUR },
    { max: 50, ms: DAY },
  ],
};

/** GET /user/check (the one call that tells whether a number is registered) per client address. */
export const USER_CHECKS_PER_ADDRESS: ThrottleRule = {
  scope: 'check.address',
  windows: [
    { max: 30, ms: MINUTE },
    { max: 500, ms: DAY },
  ],
};

/** Wrong old passwords to PUT /user/password per user: a stolen session must not become the password. */
export const PASSWORD_CHANGE_FAILURES_PER_USER: ThrottleRule = {
  scope: 'password.change',
  windows: [
    { max: 10, ms: 15 * MINUTE },
    { max: 30, ms: DAY },
  ],
};

/** Every rule, for the check that each fits the events kept (THROTTLE_KEEP_MS) and for docs. */
export const AUTH_LIMITS: readonly ThrottleRule[] = [
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ADDRESS,
  LOGIN_FAILURES_PER_DEVICE,
  CODE_FAILURES_PER_ADDRESS,
  SMS_RESEND,
  SMS_PER_NUMBER_AND_REQUESTER,
  SMS_PER_NUMBER,
  SMS_PER_ADDRESS,
  USER_CHECKS_PER_ADDRESS,
  PASSWORD_CHANGE_FAILURES_PER_USER,
];

/** Seconds to tell the client, rounded up so it never retries a moment too early. */
export const retryAfterSeconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));
