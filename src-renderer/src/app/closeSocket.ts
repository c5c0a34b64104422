import type { Socket } from 'socket.io-client';

/**
 * Closes a real-time socket the page no longer needs, without the browser's console warning
 * "WebSocket is closed before the connection is established" (issue 17: a clean journey leaves
 * the console clean). A socket still connecting (a page left, a team switched or a session ended
 * a moment after it opened) stops hearing at once and is closed as soon as its connection
 * settles either way; an open or idle one is closed now.
 */
export function closeSocket(socket: Socket): void {
  socket.removeAllListeners();
  if (socket.connected || !socket.active) {
    socket.close();
    return;
  }
  const close = () => socket.close();
  socket.once('connect', close);
  socket.once('connect_error', close);
}
