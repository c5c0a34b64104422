import type { Foundation } from './foundation';
import type { RealtimePublisher } from './realtime/publisher';
import type { ExportRunner } from './exports/exportRunner';
import type { PyramidMaker } from './images/pyramidMaker';
import type { AiRuntime } from './ai/runtime';

/**
 * Everything a route needs, built once per app (app.ts, the composition root): routes never
 * open connections themselves. Services take the Foundation and the other services they use,
 * never this, so nothing below the routes depends on the whole.
 */
export interface ServerContext extends Foundation {
  /** Pushes events to clients in a team's, project's or task's room (and logs them for replay). */
  realtime: RealtimePublisher;
  /** Runs exports in the background (started once the routes are registered). */
  exports: ExportRunner;
  /** Makes the tile pyramids of images past 16k in the background. */
  pyramids: PyramidMaker;
  /** The model services and the AI jobs they run (src-server/ai). */
  ai: AiRuntime;
}
