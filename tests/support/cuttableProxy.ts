import http from 'node:http';
import type net from 'node:net';

/** A proxy in front of the team server whose line can be cut (every request dropped) and mended, as a network would. */
export class CuttableProxy {
  cut = false;
  private readonly server: http.Server;
  port = 0;
  constructor(private readonly upstream: string) {
    this.server = http.createServer((req, res) => {
      if (this.cut) return void req.socket.destroy();
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== 'host' && k !== 'content-length')) as Record<string, string>;
        void fetch(this.upstream + req.url, { method: req.method, headers, ...(body.length ? { body } : {}) }).then(async (up) => {
          const bytes = Buffer.from(await up.arrayBuffer());
          res.writeHead(up.status, { 'content-type': up.headers.get('content-type') ?? 'application/json' });
          res.end(bytes);
        }, () => res.destroy());
      });
    });
  }
  get url() {
    return `http://127.0.0.1:${this.port}`;
  }
  async start() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    this.port = (this.server.address() as net.AddressInfo).port;
  }
  close() {
    this.server.closeAllConnections();
    return new Promise<void>((r) => this.server.close(() => r()));
  }
}
