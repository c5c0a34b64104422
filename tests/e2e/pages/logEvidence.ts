import AdmZip from 'adm-zip';
import { expect, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { E2E_WORKSTATION_URL } from '../../../playwright.config';
import { workstationCall } from './workstationCall';
import type { LogRecord, LogStatus } from '../../../src-shared/ipc/logs';

/** One line of a shipped zip (docs/logging.md, "Shipping"). */
export interface ShippedRecord {
  id: number;
  at: number;
  level: number;
  message: string;
  extra: Record<string, unknown>;
}

/** Everything in a log zip: its entries' names, their whole text, and the records. */
export function readLogZip(file: string) {
  const zip = new AdmZip(file);
  const entries = zip.getEntries();
  const text = entries.map((e) => `${e.entryName}\n${e.getData().toString('utf8')}`).join('\n');
  const records = entries
    .flatMap((e) => e.getData().toString('utf8').split('\n'))
    .filter(Boolean)
    .map((l) => JSON.parse(l) as ShippedRecord);
  return { names: entries.map((e) => e.entryName), text, records };
}

/**
 * Whether a secret occurs in a text. An SMS code is six digits and a zip is full of longer
 * numbers (times in ms): the code counts when it stands alone, not inside another number.
 */
export function holds(text: string, secret: string): boolean {
  if (!/^\d+$/.test(secret)) return text.includes(secret);
  return new RegExp(`(?<!\\d)${secret}(?!\\d)`).test(text);
}

/** The session token a signed-in page keeps (the cookie `token`, docs: authToken.ts). */
export async function tokenOf(context: BrowserContext): Promise<string> {
  const token = (await context.cookies(E2E_WORKSTATION_URL)).find((c) => c.name === 'token')?.value;
  expect(token, 'the session token cookie').toBeTruthy();
  return token!;
}


/** Every record the workstation's log store holds (what its log viewer pages through). */
export const allLocalRecords = (request: APIRequestContext) => workstationCall<LogRecord[]>(request, 'logs.query', { limit: 1_000_000 });
export const workstationStatus = (request: APIRequestContext) => workstationCall<LogStatus>(request, 'logs.status', {});
