import type { Foundation } from '../foundation';
import type { RealtimePublisher } from '../realtime/publisher';

/** What the AI side is built on: the foundation and the real-time channel it tells projects on. */
export type AiDeps = Foundation & { realtime: RealtimePublisher };
