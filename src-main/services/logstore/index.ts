import path from 'node:path';
import type { LogsHandlers } from '../../../src-shared/ipc';
import type { WorkstationConfig } from '../../config';
import type { EventBus } from '../events';
import { LogStore } from './logStore';

export function createLogsService(config: WorkstationConfig, events: EventBus): { handlers: LogsHandlers; close(): void } {
  const store = new LogStore(path.join(config.dataDir, 'logs.db'));
  return {
    handlers: {
      'logs.write': async ({ records }) => {
        const written = store.write(records);
        events.emit('logs.appended', { count: written });
        return { written };
      },
      'logs.query': async (q) => store.query(q ?? {}),
    },
    close: () => store.close(),
  };
}
