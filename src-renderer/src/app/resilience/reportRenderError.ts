import type { ErrorInfo } from 'react';
import { errorLine, log } from '../log';

/** Long enough for the failing component chain; the log record stays small. */
const STACK_LINES = 12;

/**
 * Writes a panel's crash to the workstation's own log (level error), where the Operations page
 * shows it and log shipping takes it to the team: the user sees a translated message, support
 * gets the technical one. The logger never throws, so the fallback always renders.
 */
export function reportRenderError(where: string, error: unknown, info: ErrorInfo): void {
  const componentStack = (info.componentStack ?? '').trim().split('\n').slice(0, STACK_LINES).join('\n');
  const remark = `${where} ${window.location.hash}\n${componentStack}`;
  log.error(`renderer crash: ${errorLine(error)}`, { remark });
}
