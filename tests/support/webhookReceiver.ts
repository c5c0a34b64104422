import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A Feishu-style text message as the alerter posts it (src-main/services/logship/webhook.ts). */
export interface WebhookMessage {
  msg_type: string;
  content: { text: string };
}

export interface WebhookReceiver {
  /** the URL to configure as `logWebhookUrl` */
  url: string;
  /** bodies of the POSTs answered 2xx, in the order they arrived */
  received: WebhookMessage[];
  /** status to answer, per request in order (0: never answer); 200 once the list is used up */
  statuses: number[];
  /** every request, whatever was answered */
  requests: number;
  /** the received messages whose first line (the alert's title) is `title` */
  titled(title: string): WebhookMessage[];
  close(): Promise<void>;
}

/**
 * The alert webhook is the one boundary we do not own (a chat bot's URL), so tests stand in for
 * it with a real HTTP server on loopback that keeps what it was sent.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: WebhookMessage[] = [];
  const receiver = {
    received,
    statuses: [] as number[],
    requests: 0,
    titled: (title: string) => received.filter((m) => m.content.text.split('\n')[0] === title),
  } as WebhookReceiver;
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      receiver.requests++;
      const status = receiver.statuses.shift() ?? 200;
      if (status === 0) return;
      if (status === 200 && req.method === 'POST' && req.headers['content-type']?.startsWith('application/json')) received.push(JSON.parse(body) as WebhookMessage);
      res.writeHead(status, { 'content-type': 'application/json' }).end('{"code":0}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.close = () => {
    // a request left hanging on purpose (status 0) must not hold the close
    server.closeAllConnections();
    return server.listening ? new Promise<void>((r) => server.close(() => r())) : Promise.resolve();
  };
  return receiver;
}
