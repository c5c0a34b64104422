import type { WorkstationBridge } from '../../../../src-shared/ipc';
import { log } from './index';
import { logUncaughtErrors } from './globalErrors';

/**
 * Starts the renderer's logging (once, from main.tsx): batches go to the workstation's
 * `logs.write`, uncaught errors are logged, and what waits is sent when the page goes away.
 */
export function connectLogHost(workstation: WorkstationBridge): void {
  log.connect((records) => workstation.invoke('logs.write', { records }));
  logUncaughtErrors();
  // A reload or a closing window would otherwise lose the last idle period's records.
  window.addEventListener('pagehide', () => log.flushNow());
}
