import type { Alert } from './alertRules';

/**
 * The body posted to the alert webhook: the "text" message of Feishu/Lark custom bots
 * (`{ msg_type: 'text', content: { text } }`), title on the first line. One plain text
 * field keeps it readable in any chat that shows it, and a relay for DingTalk or Slack only has
 * to move `content.text` (see docs/logging.md).
 */
export interface WebhookBody {
  msg_type: 'text';
  content: { text: string };
}

export function webhookBody(alert: Alert): WebhookBody {
  return { msg_type: 'text', content: { text: `${alert.title}\n${alert.content}` } };
}

export const WEBHOOK_TIMEOUT_MS = 5000;

/** POSTs JSON; rejects on a network failure, a timeout or a non-2xx answer. */
export async function postJson(url: string, body: unknown, timeoutMs = WEBHOOK_TIMEOUT_MS): Promise<void> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  // drain the body so the connection can be reused
  await res.arrayBuffer().catch(() => undefined);
  if (!res.ok) throw new Error(`webhook answered HTTP ${res.status}`);
}
