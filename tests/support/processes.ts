import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import crypto from 'node:crypto';
import { NODE_HOST_INVOKE_PATH, NODE_HOST_SECRET_HEADER, NODE_HOST_SECRET_PARAM } from '../../src-shared/ipc';
import type { TestDatabase } from './databases';

/**
 * The team server and the workstation's browser host as real processes, for tests that kill
 * them (SIGKILL) and start them again on the same database and data folder.
 */
const repo = path.resolve(import.meta.dirname, '../..');
const TOKEN_NAME = 'x-annot-token';

/** A held task subject: the annotator's session, its frames and the version it was claimed at. */
export interface Held {
  token: string;
  user: { id: number; name: string; mobile: string };
  taskSubjectId: number;
  version: number;
  frames: number[];
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

export async function until<T>(what: string, probe: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  let last: T | undefined;
  while (Date.now() < end) {
    try {
      last = await probe();
      if (ok(last)) return last;
    } catch {
      // not there yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: not reached in ${ms} ms (last: ${JSON.stringify(last)})`);
}

/** Node with the tsx loader, not the tsx CLI: the pid is the process itself, so SIGKILL kills what serves. */
export function nodeProcess(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: repo, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => {
    err = (err + d.toString()).slice(-4000);
  });
  child.on('exit', (code, signal) => {
    if (code && !signal) console.error(`child ${args.join(' ')} exited ${code}: ${err}`);
  });
  return child;
}

export const kill9 = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

/** The team server as its own process, on a fixed port and database, so it can be killed and started again. */
export class ServerProcess {
  child: ChildProcess | null = null;
  constructor(
    readonly port: number,
    private readonly db: TestDatabase,
    /** more of the server's environment (S3 mode: the S3_* settings); embedded storage without it */
    private readonly env: Record<string, string> = {},
  ) {}
  get url() {
    return `http://127.0.0.1:${this.port}`;
  }
  async start() {
    this.child = nodeProcess(['src-server/server.ts'], {
      PORT: String(this.port),
      HOST: '127.0.0.1',
      DATA_DIR: this.db.dataDir,
      DATABASE_URL: this.db.databaseUrl ?? '',
      S3_ENDPOINT: '',
      LOG_LEVEL: 'silent',
      ...this.env,
    });
    await until('team server up', () => fetch(`${this.url}/core/openapi.json`), (r) => r.ok, 60_000);
  }
  async kill() {
    if (this.child) await kill9(this.child);
    this.child = null;
  }
}

/** The workstation's browser host as its own process, invoked over its HTTP bridge like the renderer does, with its secret. */
export class WorkstationProcess {
  private constructor(
    readonly child: ChildProcess,
    readonly url: string,
    readonly secret: string,
  ) {}

  /** The address a user opens (it hands the page the host's secret), at a route of the renderer (`#/work/...`). */
  pageUrl(hash = ''): string {
    return `${this.url}/?${NODE_HOST_SECRET_PARAM}=${encodeURIComponent(this.secret)}${hash}`;
  }

  /**
   * `at` keeps the address of an earlier run (its port and secret): a page that reloads after a
   * restart is then on the same origin, with its session and the host's secret still stored.
   */
  static async start(dataDir: string, serverUrl: string, rendererDir: string, at: { port?: number; secret?: string } = {}): Promise<WorkstationProcess> {
    const host = path.join(repo, 'src-main/hosts/node.ts');
    const config = path.join(repo, 'src-main/config.ts');
    const script = `
      const { startNodeHost } = await import(${JSON.stringify(host)});
      const { workstationConfigFromEnv } = await import(${JSON.stringify(config)});
      const h = await startNodeHost({ config: workstationConfigFromEnv('node', '0.0.0-test'), rendererDir: process.env.RENDERER_DIR, port: Number(process.env.WORKSTATION_PORT), secret: process.env.WORKSTATION_WEB_TOKEN });
      console.log('LISTENING ' + h.url);`;
    const secret = at.secret ?? crypto.randomBytes(32).toString('base64url');
    const child = nodeProcess(['--input-type=module', '-e', script], {
      WORKSTATION_DATA_DIR: dataDir,
      SERVER_URL: serverUrl,
      RENDERER_DIR: rendererDir,
      WORKSTATION_WEB_TOKEN: secret,
      WORKSTATION_PORT: String(at.port ?? 0),
    });
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`workstation did not start: ${out}`)), 60_000);
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /LISTENING (\S+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      });
      child.once('exit', () => reject(new Error(`workstation exited before it listened: ${out}`)));
    });
    return new WorkstationProcess(child, url, secret);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads whatever the wire carried
  async call(method: string, args: unknown): Promise<{ ok: boolean; result?: any; error?: { name: string; message: string; code: string } }> {
    const res = await fetch(this.url + NODE_HOST_INVOKE_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [NODE_HOST_SECRET_HEADER]: this.secret },
      body: JSON.stringify({ method, args }),
    });
    return res.json() as Promise<{ ok: boolean }>;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as call, but the result of a call that must succeed
  async invoke(method: string, args: unknown): Promise<any> {
    const out = await this.call(method, args);
    if (!out.ok) throw new Error(`${method} failed: ${JSON.stringify(out.error)}`);
    return out.result;
  }

  async signIn(h: Held) {
    await this.invoke('session.set', { tokenName: TOKEN_NAME, tokenValue: h.token, user: h.user });
  }

  status(h: Held) {
    return this.invoke('journal.status', { taskSubjectId: h.taskSubjectId }) as Promise<{ state: string; pending: number; version: number; serverVersion?: number; error?: { code: string } }>;
  }

  kill() {
    return kill9(this.child);
  }
}
