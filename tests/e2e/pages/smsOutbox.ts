import fs from 'node:fs';
import path from 'node:path';
import { E2E_DATA_DIR } from '../../../playwright.config';

/** Reads the newest code the server's embedded SMS provider wrote for a number, waiting for it. */
export async function smsCodeFor(mobile: string, timeoutMs = 10_000): Promise<string> {
  const file = path.join(E2E_DATA_DIR, 'sms-outbox.jsonl');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (fs.existsSync(file)) {
      const mine = fs
        .readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { mobile: string; code: string })
        .filter((m) => m.mobile === mobile);
      if (mine.length) return mine[mine.length - 1]!.code;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS code for ${mobile} in ${file}`);
}
