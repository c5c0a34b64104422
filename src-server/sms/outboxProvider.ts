import fs from 'node:fs/promises';
import path from 'node:path';
import type { SmsMessage, SmsProvider } from './provider';

/**
 * The embedded provider: appends each message as one JSON line
 * `{ mobile, codeType, code, at }` to `<dataDir>/sms-outbox.jsonl`, where a developer,
 * a test or an operator without an SMS gateway reads the code.
 */
export class OutboxSmsProvider implements SmsProvider {
  readonly file: string;
  constructor(dataDir: string) {
    this.file = path.join(dataDir, 'sms-outbox.jsonl');
  }
  async send({ mobile, codeType, code }: SmsMessage): Promise<void> {
    await fs.mkdir(path.dirname(this.file), { recursive: true });
    const line = JSON.stringify({ mobile, codeType, code, at: new Date().toISOString() });
    await fs.appendFile(this.file, line + '\n', 'utf8');
  }
}
