import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the stand-in answers one request. */
export type InternalAnswer =
  | { kind: 'json'; status: number; body: unknown; headers?: Record<string, string> }
  /** a 200 whose body never ends: `mib` MiB written as fast as the reader takes them */
  | { kind: 'flood'; mib: number }
  /** headers, then silence */
  | { kind: 'stall' }
  /** nothing at all: the request stays open */
  | { kind: 'silent' };

export interface InternalService {
  url: string;
  port: number;
  /** requests received, by path */
  hits: Map<string, number>;
  /** requests still open (not answered, not closed) */
  open: number;
  /** bytes of body written across all answers */
  bytesWritten: number;
  /** what to answer, by path; `*` for any other */
  answers: Map<string, InternalAnswer>;
  close(): Promise<void>;
}

/**
 * Something on the server's own network that must never be reachable through it (an admin API,
 * a metadata service, another team's model service): a real HTTP server on loopback that keeps
 * count of what reached it and answers whatever a test sets, secrets included.
 */
export async function startInternalService(): Promise<InternalService> {
  const svc = { hits: new Map<string, number>(), open: 0, bytesWritten: 0, answers: new Map<string, InternalAnswer>() } as InternalService;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    svc.hits.set(path, (svc.hits.get(path) ?? 0) + 1);
    svc.open++;
    let closed = false;
    const done = () => {
      if (!closed) svc.open--;
      closed = true;
    };
    res.on('close', done);
    req.resume();
    const a = svc.answers.get(path) ?? svc.answers.get('*') ?? { kind: 'json', status: 200, body: { code: 'internalOnly', message: 'internal secret' } };
    if (a.kind === 'json') {
      res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
      res.end(JSON.stringify(a.body));
    } else if (a.kind === 'flood') {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (!closed && sent < a.mib) {
          sent++;
          svc.bytesWritten += chunk.byteLength;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (!closed) res.end();
      };
      res.write('{"pad":"');
      pump();
    } else if (a.kind === 'stall') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  svc.port = (server.address() as AddressInfo).port;
  svc.url = `http://127.0.0.1:${svc.port}`;
  svc.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return svc;
}
