import fs from 'node:fs';
import path from 'node:path';
import { E2E_DATA_DIR } from '../../../playwright.config';

/** The data folder of the team server the codes come from: the e2e run's, unless a spec starts its own server. */
let outboxDir = E2E_DATA_DIR;
export function useSmsOutboxOf(dataDir: string | null): void {
  outboxDir = dataDir ?? E2E_DATA_DIR;
}

/** The newest code the server's embedded SMS provider wrote for a number, or null when none yet. */
export function latestSmsCode(mobile: string): string | null {
  const file = path.join(outboxDir, 'sms-outbox.jsonl');
  if (!fs.existsSync(file)) return null;
  const mine = fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { mobile: string; code: string })
    .filter((m) => m.mobile === mobile);
  return mine.length ? mine[mine.length - 1]!.code : null;
}

/** Reads the newest code the server's embedded SMS provider wrote for a number, waiting for it. */
export async function smsCodeFor(mobile: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const code = latestSmsCode(mobile);
    if (code !== null) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS code for ${mobile} in ${path.join(outboxDir, 'sms-outbox.jsonl')}`);
}
