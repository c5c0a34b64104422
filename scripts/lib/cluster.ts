/**
 * A local cluster of the team server (issue 34, docs/deploy.md): N processes (`src-server/server.ts`,
 * as `npm run server` runs it) on one PostgreSQL database and one S3 bucket, each with its own data
 * folder and the same URL-signing secret, behind HAProxy (Debian's package), which balances every
 * request round robin over the processes that answer `/core/ready` and keeps each socket on one.
 * For tests and benchmarks; `npm run cluster` starts one by hand.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const HAPROXY = '/usr/sbin/haproxy';

export interface ClusterOptions {
  processes: number;
  databaseUrl: string;
  /** S3_* settings of the shared bucket; without them every process keeps files on its own disk (not a cluster's). */
  s3: Record<string, string>;
  /** more of every process's settings */
  env?: Record<string, string>;
  /** the balancer's port (a free one by default) */
  port?: number;
  /** where each process's output goes (default: dropped) */
  log?: (process: number, line: string) => void;
}

export interface ClusterProcess {
  index: number;
  port: number;
  child: ChildProcess;
  /** resolves with the exit code (or the signal's name) once it ended */
  exited: Promise<number | string>;
}

export interface Cluster {
  /** the balancer: `${url}/core/...` */
  url: string;
  processes: ClusterProcess[];
  /** HAProxy's process id */
  balancerPid: number;
  /** the balancer's own statistics socket: which servers it takes as up */
  serversUp(): Promise<string[]>;
  stop(): Promise<void>;
}

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

/** Resolves once `url` answers a status `ok` takes; fails after `ms`. */
export async function waitFor(url: string, ok: (status: number) => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      if (ok((await fetch(url)).status)) return;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error(`${url} did not come up within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** HAProxy's configuration: each request to a ready process, a refused connection tried on another, sockets kept open. */
export function haproxyConfig(port: number, servers: { name: string; port: number }[], statsSocket: string): string {
  return [
    'global',
    '  maxconn 4096',
    `  stats socket ${statsSocket} mode 600 level admin`,
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 120s',
    '  timeout server 120s',
    // a socket.io websocket is a tunnel once upgraded
    '  timeout tunnel 1h',
    '  option forwardfor',
    // a request whose connection was refused (a process just died) goes to another; never one a process may have taken
    '  retries 3',
    '  retry-on conn-failure',
    '  option redispatch 1',
    'frontend annot',
    `  bind 127.0.0.1:${port}`,
    '  default_backend servers',
    'backend servers',
    '  balance roundrobin',
    '  option httpchk GET /core/ready',
    '  http-check expect status 200',
    // checked every half second: a dead or stopping process is out after two failures
    '  default-server inter 500ms fall 2 rise 1',
    ...servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`),
    '',
  ].join('\n');
}

export async function startCluster(o: ClusterOptions): Promise<Cluster> {
  if (!fs.existsSync(HAPROXY)) throw new Error(`${HAPROXY} is missing: scripts/system-deps.sh installs haproxy (npm test runs it)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-cluster-'));
  const port = o.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const secret = crypto.randomBytes(32).toString('hex');
  const processes: ClusterProcess[] = [];
  let balancer: ChildProcess | null = null;
  const stop = async () => {
    const all = [...processes.map((p) => ({ child: p.child, exited: p.exited })), ...(balancer ? [{ child: balancer, exited: new Promise((r) => (balancer!.exitCode !== null ? r(0) : balancer!.once('exit', r))) }] : [])];
    for (const { child } of all) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const cut = setTimeout(() => all.forEach(({ child }) => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL')), 12_000);
    await Promise.all(all.map((p) => p.exited));
    clearTimeout(cut);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < o.processes; i++) {
      const p = await freePort();
      const dataDir = path.join(dir, `process-${i + 1}`);
      const child = spawn(process.execPath, ['--import', 'tsx', 'src-server/server.ts'], {
        env: {
          ...process.env,
          ...o.s3,
          DATABASE_URL: o.databaseUrl,
          PORT: String(p),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          URL_SIGNING_SECRET: secret,
          // the balancer's address: the client's own behind it, and a model service's callbacks to any live process
          TRUST_PROXY: '127.0.0.1',
          AI_CALLBACK_URL: `${url}/core/ai/notify`,
          LOG_LEVEL: 'warn',
          ...o.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const index = i + 1;
      for (const stream of [child.stdout!, child.stderr!]) stream.setEncoding('utf8').on('data', (c: string) => c.split('\n').filter(Boolean).forEach((l) => o.log?.(index, l)));
      const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
      processes.push({ index, port: p, child, exited });
    }
    // Every process ready (its database, its real-time channel) before the balancer takes any.
    await Promise.all(processes.map((p) => waitFor(`http://127.0.0.1:${p.port}/core/ready`, (s) => s === 200, 120_000)));
    const statsSocket = path.join(dir, 'haproxy.sock');
    const cfg = path.join(dir, 'haproxy.cfg');
    fs.writeFileSync(cfg, haproxyConfig(port, processes.map((p) => ({ name: `s${p.index}`, port: p.port })), statsSocket));
    balancer = spawn(HAPROXY, ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'pipe'] });
    balancer.stderr!.setEncoding('utf8').on('data', (c: string) => o.log?.(0, c.trim()));
    await waitFor(`${url}/core/ready`, (s) => s === 200, 30_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    url,
    processes,
    balancerPid: balancer!.pid!,
    async serversUp() {
      const answer = await new Promise<string>((resolve, reject) => {
        const s = net.createConnection(path.join(dir, 'haproxy.sock'));
        let out = '';
        s.on('data', (d) => (out += d.toString()));
        s.on('end', () => resolve(out));
        s.on('error', reject);
        s.end('show stat\n');
      });
      // CSV: pxname,svname,...,status (column 18)
      return answer
        .split('\n')
        .map((l) => l.split(','))
        .filter((c) => c[0] === 'servers' && /^s\d+$/.test(c[1] ?? '') && c[17] === 'UP')
        .map((c) => c[1]!);
    },
    stop,
  };
}
