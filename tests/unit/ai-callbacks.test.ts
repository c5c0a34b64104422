import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CallbackSender, type StopReason } from '../../src-ai/callbacks';

/** A notify endpoint answering with the statuses given, one per request, then 200. */
async function endpoint(statuses: number[]) {
  const seen: { path: string; seq: number; auth: string | undefined }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', seq: (JSON.parse(body) as { seq: number }).seq, auth: req.headers.authorization });
      res.statusCode = statuses.shift() ?? 200;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/core/ai/notify/`, seen };
}
const servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

const fast = { attempts: 3, baseDelayMs: 10, timeoutMs: 2000 };
const body = { jobId: 'j', state: 'running', done: 0, total: 1 } as const;

describe('CallbackSender', () => {
  it('numbers callbacks 1, 2, 3 and sends the same seq again after a 5xx', async () => {
    const ep = await endpoint([503, 200, 502]);
    const stops: StopReason[] = [];
    const sender = new CallbackSender(ep.url, 'tok-0123456789abcdef', (r) => stops.push(r), fast);
    void sender.send('predict', body);
    void sender.send('predict', body);
    await sender.send('predict', { ...body, state: 'succeeded', done: 1 });
    expect(ep.seen.map((s) => s.seq)).toEqual([1, 1, 2, 2, 3]);
    expect(ep.seen.every((s) => s.path === '/core/ai/notify/predict' && s.auth === 'Bearer tok-0123456789abcdef')).toBe(true);
    expect(stops).toEqual([]);
  });

  it('stops on 409 and sends nothing more', async () => {
    const ep = await endpoint([200, 409]);
    const stops: StopReason[] = [];
    const sender = new CallbackSender(ep.url, 'tok-0123456789abcdef', (r) => stops.push(r), fast);
    void sender.send('predict', body);
    void sender.send('predict', body);
    await sender.send('predict', body);
    await sender.send('predict', body);
    expect(ep.seen.map((s) => s.seq)).toEqual([1, 2]);
    expect(stops).toEqual(['finished-by-server']);
  });

  it('stops on another 4xx without trying again, and gives up on a target that never answers', async () => {
    const ep = await endpoint([401]);
    const stops: StopReason[] = [];
    await new CallbackSender(ep.url, 'tok-0123456789abcdef', (r) => stops.push(r), fast).send('data', body);
    expect(ep.seen).toHaveLength(1);
    const closed = await endpoint([]);
    servers.pop()!.close();
    await new Promise((r) => setTimeout(r, 50));
    await new CallbackSender(closed.url, 'tok-0123456789abcdef', (r) => stops.push(r), fast).send('data', body);
    expect(stops).toEqual(['rejected', 'unreachable']);
  });

  it('abort() ends the retries at once', async () => {
    const ep = await endpoint([503, 503, 503]);
    const sender = new CallbackSender(ep.url, 'tok-0123456789abcdef', () => undefined, { attempts: 3, baseDelayMs: 5000, timeoutMs: 2000 });
    const sent = sender.send('predict', body);
    await new Promise((r) => setTimeout(r, 100));
    const t = performance.now();
    sender.abort();
    await sent;
    // Without abort the next try would come after the 5 s back-off; half of it is room for a busy machine.
    expect(performance.now() - t).toBeLessThan(2500);
    expect(ep.seen).toHaveLength(1);
  });
});
