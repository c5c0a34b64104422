import type { ErrorInfo } from 'react';
import { LOG_LEVELS } from '../../../../src-shared/ipc/logs';
import { workstation } from '../../host';

/** Long enough for the failing component chain; the log record stays small. */
const STACK_LINES = 12;

/**
 * Writes a panel's crash to the workstation's own log (level error), where the Operations page
 * shows it and log shipping takes it to the team: the user sees a translated message, support
 * gets the technical one. Best effort: a log that cannot be written must not fail the fallback.
 */
export function reportRenderError(where: string, error: unknown, info: ErrorInfo): void {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const componentStack = (info.componentStack ?? '').trim().split('\n').slice(0, STACK_LINES).join('\n');
  const remark = `${where} ${window.location.hash}\n${componentStack}`;
  workstation.invoke('logs.write', { records: [{ level: LOG_LEVELS.error, message: `renderer crash: ${message}`, extra: { remark } }] }).catch((err: unknown) => {
    console.error('the crash could not be written to the workstation log', err);
  });
}
