import type { Handlers } from '../../src-shared/ipc';
import type { WorkstationConfig } from '../config';
import { EventBus } from './events';
import { createAppService } from './app';
import { createLogsService } from './logstore';

export interface Services {
  handlers: Handlers;
  events: EventBus;
  close(): void;
}

/** The composition root of the main process: every service, one Handlers map, one event bus. */
export function createServices(config: WorkstationConfig): Services {
  const events = new EventBus();
  const logs = createLogsService(config, events);
  const handlers: Handlers = { ...createAppService(config), ...logs.handlers };
  return { handlers, events, close: () => logs.close() };
}
