/**
 * The probe's sign-in attacks, replayed against a team server (SQLite, and PostgreSQL when
 * TEST_DATABASE_URL or .run/pg.env has one): 300 wrong passwords against one account from one
 * address and from a new address each time, then the right password; and one address asking for
 * SMS codes to 25 numbers. Prints how many guesses reached the password check, the rate they
 * went at, what the right password got afterwards, and how many codes went out.
 * It uses only the public API, so the same file runs against an older checkout for comparison:
 *   tsx bench/sign-in-guessing.ts
 */
import { startTestServer } from '../tests/support/testServer';
import type { DbKind } from '../tests/support/databases';
import { hashPassword } from '../src-server/auth/password';

const GUESSES = 300;
const RIGHT = 'the right password 1';

async function run(kind: DbKind) {
  const s = await startTestServer(kind);
  try {
    const now = Date.now();
    const rows: string[] = [];
    for (const [label, addressOf] of [
      ['one address', () => '198.51.100.7'],
      ['a new address each guess', (i: number) => `198.51.${100 + (i >> 8)}.${i & 255}`],
    ] as const) {
      // A fresh account per attack, so the first attack's lock does not carry over.
      const mobile = `+1555${label.length}${String(now % 100000).padStart(5, '0')}`;
      await s.app.ctx.repos.users.create({ mobile, name: 'Victim', passwordHash: await hashPassword(RIGHT), now });
      const login = async (password: string, ip: string) =>
        (await s.app.inject({ method: 'POST', url: '/core/user/login/mobile', payload: { mobile, password }, remoteAddress: ip })).json() as { msg: string; data: { retryAfterSeconds?: number } | null };
      const answers: Record<string, number> = {};
      const t0 = performance.now();
      for (let i = 0; i < GUESSES; i++) {
        const r = await login(`guess number ${i}`, addressOf(i));
        answers[r.msg] = (answers[r.msg] ?? 0) + 1;
      }
      const seconds = (performance.now() - t0) / 1000;
      const right = await login(RIGHT, addressOf(GUESSES + 1));
      const checked = answers['error.user.invalidCredentials'] ?? 0;
      const after = right.msg === 'ok' ? 'logged in' : `${right.msg} (retry in ${right.data?.retryAfterSeconds ?? '?'} s)`;
      rows.push(`| ${kind} | ${GUESSES} wrong passwords, ${label} | ${checked} checked, ${GUESSES - checked} refused | ${(GUESSES / seconds).toFixed(0)} / s | ${after} |`);
    }
    const sent: Record<string, number> = {};
    for (let i = 0; i < 25; i++) {
      const mobile = `+1556${String(now % 10000).padStart(4, '0')}${String(i).padStart(3, '0')}`;
      const r = (await s.app.inject({ method: 'POST', url: '/core/sms/send', payload: { mobile, codeType: 'register' }, remoteAddress: '203.0.113.9' })).json() as { msg: string };
      sent[r.msg] = (sent[r.msg] ?? 0) + 1;
    }
    rows.push(`| ${kind} | SMS codes to 25 numbers, one address | ${sent.ok ?? 0} sent, ${25 - (sent.ok ?? 0)} refused | | |`);
    return rows;
  } finally {
    await s.close();
  }
}

console.log('| database | attack | outcome | rate | the right password afterwards |');
console.log('|---|---|---|---|---|');
for (const kind of ['sqlite', 'postgres'] as const) for (const row of await run(kind)) console.log(row);
