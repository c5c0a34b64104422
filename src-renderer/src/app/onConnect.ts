import type { Socket } from 'socket.io-client';
import { errorLine, log } from './log';

/**
 * Runs `rejoin` each time `socket` connects, and keeps its failure from becoming an uncaught
 * promise rejection. Closing the socket while a join waits for its acknowledgement (the page was
 * left or reloaded a moment after opening) rejects that wait with "socket has been
 * disconnected": expected, and the next connection joins again. Anything else is logged.
 */
export function onConnect(socket: Socket, rejoin: () => Promise<void>): void {
  socket.on('connect', () => {
    rejoin().catch((err: unknown) => {
      if (socket.disconnected) return;
      log.warn(`real-time rejoin failed: ${errorLine(err)}`);
    });
  });
}
