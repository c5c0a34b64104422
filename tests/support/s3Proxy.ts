import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Transform, type Readable } from 'node:stream';

/**
 * A real HTTP hop between the workstation and the Ceph gateway, to make the network misbehave
 * the way networks do: it can go away and come back on the same port (a gateway restart, a
 * dropped link), it can stall requests, it can drop the ETag header of part uploads (a bucket
 * whose CORS rules do not expose it), and it can damage a request's body. The Host header is
 * passed on unchanged, so SigV4 signatures stay valid.
 */
export class S3Proxy {
  private server: http.Server | null = null;
  port = 0;
  stripPartEtag = false;
  /** part uploads seen so far (PUT with partNumber) */
  partPuts = 0;
  /** called on every request; return true to cut its connection instead of forwarding */
  cut: ((req: http.IncomingMessage) => boolean) | null = null;
  /** called on every request; return true to hold it unanswered (a stalled line) until the client gives up or the proxy stops */
  hold: ((req: http.IncomingMessage) => boolean) | null = null;
  /** called on every request; a promise it returns holds the request until it resolves, then passes it on */
  gate: ((req: http.IncomingMessage) => Promise<void> | undefined) | null = null;
  /**
   * called on every request; when it answers, the response's body stops after `bytes` (a line
   * that breaks midway) and its connection is cut once `cut` resolves
   */
  breakBody: ((req: http.IncomingMessage) => { bytes: number; cut: Promise<void> } | undefined) | null = null;
  /**
   * called on every request; when it answers, the response's body goes out at that many bytes a
   * second (a slow line: progress is then seen midway through a file, as on a real network)
   */
  bodyRate: ((req: http.IncomingMessage) => number | undefined) | null = null;
  /** called on every request; return true to pass its body on with one bit of its first byte flipped (a line that damages data) */
  damage: ((req: http.IncomingMessage) => boolean) | null = null;
  /** every request passed on: method, path and Range header */
  readonly seen: { method: string; url: string; range: string | undefined; ifMatch: string | undefined }[] = [];

  constructor(private readonly target: string) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const target = new URL(this.target);
    this.server = http.createServer((req, res) => {
      const isPart = req.method === 'PUT' && /[?&]partNumber=/.test(req.url ?? '');
      if (isPart) this.partPuts++;
      if (this.cut?.(req)) {
        req.socket.destroy();
        return;
      }
      if (this.hold?.(req)) return;
      const forward = () => {
        this.seen.push({ method: req.method ?? '', url: req.url ?? '', range: req.headers.range, ifMatch: req.headers['if-match'] });
        const broken = this.breakBody?.(req);
        const rate = this.bodyRate?.(req);
        const up = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (upRes) => {
          const headers = { ...upRes.headers };
          if (isPart && this.stripPartEtag) delete headers.etag;
          res.writeHead(upRes.statusCode ?? 502, headers);
          const body = rate ? upRes.pipe(paced(rate)).on('close', () => upRes.destroy()) : upRes;
          if (broken) passUntil(body, res, broken.bytes, broken.cut);
          else body.pipe(res);
        });
        up.on('error', () => res.destroy());
        if (this.damage?.(req)) passDamaged(req, up);
        else req.pipe(up);
      };
      const gate = this.gate?.(req);
      if (gate) gate.then(forward, () => req.socket.destroy());
      else forward();
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** Stops listening and drops every open connection (the port is kept for start()). */
  async stop(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
}

/** A stream that passes its bytes on at `bytesPerSecond`, in pieces of at most 16 KB. */
function paced(bytesPerSecond: number): Transform {
  const PIECE = 16 * 1024;
  return new Transform({
    transform(chunk: Buffer, _e, done) {
      const pieces: Buffer[] = [];
      for (let at = 0; at < chunk.length; at += PIECE) pieces.push(chunk.subarray(at, at + PIECE));
      const next = () => {
        const piece = pieces.shift();
        if (!piece) return done();
        this.push(piece);
        setTimeout(next, (piece.length / bytesPerSecond) * 1000);
      };
      next();
    },
  });
}

/** Passes the first `bytes` of a body on, then holds the line until `cut` resolves and cuts it. */
function passUntil(from: Readable, to: http.ServerResponse, bytes: number, cut: Promise<void>): void {
  let sent = 0;
  from.on('data', (chunk: Buffer) => {
    if (sent >= bytes) return;
    const part = chunk.subarray(0, bytes - sent);
    sent += part.length;
    to.write(part);
    if (sent < bytes) return;
    from.destroy();
    void cut.then(() => to.socket?.destroy());
  });
}

/** Passes a body on with the lowest bit of its first byte flipped: same length, other bytes. */
function passDamaged(from: http.IncomingMessage, to: http.ClientRequest): void {
  let first = true;
  from.on('data', (chunk: Buffer) => {
    if (first && chunk.length > 0) {
      first = false;
      chunk = Buffer.from(chunk);
      chunk[0] = chunk[0]! ^ 1;
    }
    to.write(chunk);
  });
  from.on('end', () => to.end());
}
