import type { Handlers } from '../../src-shared/ipc';
import type { WorkstationConfig } from '../config';
import { EventBus } from './events';
import { createAppService } from './app';
import { createLogsService } from './logstore';
import { createSessionService } from './session';
import { createStorageService } from './storage';

export interface Services {
  handlers: Handlers;
  events: EventBus;
  close(): void;
}

/** The composition root of the main process: every service, one Handlers map, one event bus. */
export function createServices(config: WorkstationConfig): Services {
  const events = new EventBus();
  const session = createSessionService(config.serverUrl);
  const storage = createStorageService(config, { server: session.server, session: session.state, events });
  const logs = createLogsService(config, events);
  const handlers: Handlers = { ...createAppService(config), ...session.handlers, ...storage.handlers, ...logs.handlers };
  return {
    handlers,
    events,
    close: () => {
      storage.close();
      logs.close();
    },
  };
}
