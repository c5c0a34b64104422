import http from 'node:http';
import type net from 'node:net';

/** Headers that describe one hop's encoding of the body, not the body: fetch has already undone them. */
const HOP_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive']);

/**
 * A proxy in front of the team server whose line can be cut (every request dropped) and mended,
 * as a network would, or made slow (`delayMs` before each request goes on, as a far-away server
 * or a poor line is). A real HTTP proxy on its own TCP port: the workstation's main process and
 * a page can both be pointed at it (the response headers go through, CORS included).
 */
export class CuttableProxy {
  cut = false;
  /** added before each request is passed on */
  delayMs = 0;
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
        const pass = () => {
          // Cut while the request waited: dropped like any other.
          if (this.cut) return void req.socket.destroy();
          fetch(this.upstream + req.url, { method: req.method, headers, ...(body.length ? { body } : {}) }).then(async (up) => {
            const bytes = Buffer.from(await up.arrayBuffer());
            const out: Record<string, string> = {};
            up.headers.forEach((value, name) => {
              if (!HOP_HEADERS.has(name)) out[name] = value;
            });
            res.writeHead(up.status, out);
            res.end(bytes);
          }, () => res.destroy());
        };
        if (this.delayMs > 0) setTimeout(pass, this.delayMs);
        else pass();
      });
    });
  }
  get url() {
    return `http://127.0.0.1:${this.port}`;
  }
  async start(port = 0) {
    await new Promise<void>((r) => this.server.listen(port, '127.0.0.1', () => r()));
    this.port = (this.server.address() as net.AddressInfo).port;
  }
  close() {
    this.server.closeAllConnections();
    return new Promise<void>((r) => this.server.close(() => r()));
  }
}
