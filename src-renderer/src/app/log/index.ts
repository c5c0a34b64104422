import type { LogExtraInfo } from '../../../../src-shared/ipc/logs';
import { createLogQueue } from './logQueue';

/**
 * The renderer's logger: `log.info('…', { projectId, … })`. Messages are English for ops; never
 * put a password, token or SMS code in one. Importing this touches no host, so any module
 * (the API client, tests in Node) may log; `connectLogHost` (from main.tsx) gives it the
 * workstation, and records logged before then wait for it.
 */
export const log = createLogQueue();

/** The signed-in user as far as the renderer knows it (the main process stamps it too). */
export function setLogUser(user: { id: number; name: string } | null): void {
  const context: LogExtraInfo = user ? { userId: user.id, userName: user.name } : {};
  log.setContext(context);
}

/** An error as one line for a message: `Name: message`. */
export function errorLine(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}
