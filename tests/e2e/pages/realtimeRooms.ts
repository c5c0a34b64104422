import type { Page } from '@playwright/test';

/**
 * Resolves once the page has joined a real-time room (its socket.io `join` for `room` sent and
 * acknowledged `ok`), so a test makes its change after the page can hear it: an event published
 * before the join is not replayed to a first join (src-renderer/src/app/useRoomEvents.ts), and a
 * change made in that gap would be a race, not a test of live updates. Call it before the page
 * opens the socket.
 */
export function roomJoined(page: Page, room: string, timeoutMs = 15_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the page did not join ${room} within ${timeoutMs} ms`)), timeoutMs);
    page.on('websocket', (ws) => {
      const asked = new Set<string>();
      ws.on('framesent', ({ payload }) => {
        // socket.io over engine.io: `42<ack id>["join",{"room":"task:5"}]`
        const m = /^42(\d+)\["join",(\{.*\})\]$/.exec(String(payload));
        if (m && (JSON.parse(m[2]!) as { room?: string }).room === room) asked.add(m[1]!);
      });
      ws.on('framereceived', ({ payload }) => {
        const m = /^43(\d+)\[(\{.*\})\]$/.exec(String(payload));
        if (m && asked.has(m[1]!) && (JSON.parse(m[2]!) as { ok?: boolean }).ok) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  });
}
