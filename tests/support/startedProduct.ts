import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort, until } from './processes';

/**
 * `npm start` as a person runs it: package.json's start command through `sh -c` with the
 * project's binaries first on PATH (what npm does), on ports and a data folder of its own, the
 * browser host forced. For tests of how it starts and stops (tests/e2e/start-stop.spec.ts).
 */
const repo = path.resolve(import.meta.dirname, '../..');
const startCommand = (JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;

export class StartedProduct {
  private output = '';
  private constructor(
    readonly child: ChildProcess,
    readonly dataDir: string,
    readonly ports: { server: number; web: number },
  ) {
    child.stdout!.on('data', (d: Buffer) => (this.output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (this.output += d.toString()));
  }

  static async start(): Promise<StartedProduct> {
    const dataDir = fs.mkdtempSync(path.join(repo, '.run/e2e-start-'));
    const ports = { server: await freePort(), web: await freePort() };
    const child = spawn('sh', ['-c', startCommand], {
      cwd: repo,
      env: {
        ...process.env,
        PATH: `${path.join(repo, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}`,
        PORT: String(ports.server),
        WEB_PORT: String(ports.web),
        DATA_DIR: dataDir,
        WORKSTATION_HOST: 'web',
        DATABASE_URL: '',
        S3_ENDPOINT: '',
        AI_SERVICE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const product = new StartedProduct(child, dataDir, ports);
    await until('npm start printed its address', async () => product.output, (out) => out.includes('Ctrl+C stops everything') || child.exitCode !== null, 120_000);
    if (child.exitCode !== null) throw new Error(`npm start failed: ${product.output}`);
    return product;
  }

  /** The address it printed for the browser, with the access key of the run. */
  get openUrl(): string {
    return /workstation\s+(http:\/\/\S+)/.exec(this.output)![1]!;
  }

  /** Every port it listens on: the team server, the browser host, the built-in model service. */
  get listening(): number[] {
    const ai = /model service\s+http:\/\/127\.0\.0\.1:(\d+)/.exec(this.output);
    return [this.ports.server, this.ports.web, ...(ai ? [Number(ai[1])] : [])];
  }

  get printed(): string {
    return this.output;
  }

  /** The start process and every process under it, now. */
  processes(): number[] {
    const parentOf = new Map<number, number>();
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = readStat(Number(entry));
      if (stat) parentOf.set(Number(entry), stat.ppid);
    }
    const tree = [this.child.pid!];
    for (let i = 0; i < tree.length; i++) for (const [pid, ppid] of parentOf) if (ppid === tree[i]) tree.push(pid);
    return tree;
  }

  /** Exit code of the start process, once it has exited. */
  exited(): Promise<number | null> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return Promise.resolve(this.child.exitCode);
    return new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  /** For a test that failed half way: nothing of it outlives the test. */
  kill(): void {
    // Once it has exited its pid may be another's: nothing is signalled then.
    const alive = this.child.exitCode === null && this.child.signalCode === null;
    for (const pid of alive ? this.processes() : []) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/** Running (not gone, not a zombie waiting for its parent to read its end). */
export function running(pid: number): boolean {
  const stat = readStat(pid);
  return stat !== null && stat.state !== 'Z';
}

function readStat(pid: number): { state: string; ppid: number } | null {
  try {
    // The name in parentheses may hold spaces: the fields after its closing one are fixed.
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid] = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: state!, ppid: Number(ppid) };
  } catch {
    return null;
  }
}

/** Whether something accepts connections on a loopback port. */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
