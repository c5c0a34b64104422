import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';

/** The team server with its demo team and the browser host as `npm start` runs them, on bench ports. */
export interface ProductHost {
  base: string;
  /** The browser host's secret of this run; `ownerSession` opens the page with it, so saved sessions carry it. */
  secret: string;
  server: string;
  dataDir: string;
  /** The product's start process (the team server and the browser host run under it). */
  pid: number;
  browser: Browser;
  close(): Promise<void>;
}

// A loaded 2-core machine takes over a minute to start the server, the model service and the host.
async function waitFor(url: string, ms = 240_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

/** Starts the product on SQLite in a throwaway folder (the current build in out/renderer) and Chromium. */
/** `env`: more of the environment, e.g. WORKSTATION_LOG_LEVEL. */
export async function startProductHost(name: string, serverPort: number, webPort: number, env: Record<string, string> = {}): Promise<ProductHost> {
  const dataDir = path.resolve(`.run/bench-${name}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const secret = crypto.randomBytes(32).toString('base64url');
  const child: ChildProcess = spawn('node_modules/.bin/tsx', ['scripts/start.ts'], {
    env: { ...process.env, PORT: String(serverPort), WEB_PORT: String(webPort), DATA_DIR: dataDir, WORKSTATION_DATA_DIR: path.join(dataDir, 'ws'), WORKSTATION_HOST: 'web', WORKSTATION_WEB_TOKEN: secret, DATABASE_URL: '', S3_ENDPOINT: '', ...env },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${webPort}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    await waitFor(`${base}/`);
  } catch (err) {
    await browser.close();
    child.kill('SIGTERM');
    throw err;
  }
  return {
    base,
    secret,
    server: `http://127.0.0.1:${serverPort}/core`,
    dataDir,
    pid: child.pid!,
    browser,
    async close() {
      await browser.close();
      // Waits (up to 30 s) for the product to stop, so a next session on the same ports finds them free.
      const exited = child.exitCode !== null ? Promise.resolve() : new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise<void>((r) => (timer = setTimeout(r, 30_000)))]);
      clearTimeout(timer);
    },
  };
}

/** Logs the demo owner in through the UI of a new context, opened at the printed address; answers the saved session (the host's secret included). */
export async function ownerSession(host: ProductHost) {
  const ctx = await host.browser.newContext();
  const page = await ctx.newPage();
  await page.goto(`${host.base}/?token=${encodeURIComponent(host.secret)}`);
  await page.getByTestId('mobile').fill('13800000001');
  await page.getByTestId('password').fill('demo12345');
  await page.getByTestId('login-submit').click();
  await page.getByRole('row').nth(1).waitFor();
  const state = await ctx.storageState();
  await ctx.close();
  return state;
}

/** The demo owner's token header for API calls (`<tokenName>: <tokenValue>`). */
export async function ownerHeaders(host: ProductHost): Promise<Record<string, string>> {
  const res = await fetch(`${host.server}/user/login/mobile`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mobile: '13800000001', password: 'demo12345' }) });
  const login = (await res.json()) as { data: { tokenName: string; tokenValue: string } };
  return { [login.data.tokenName]: login.data.tokenValue };
}

/**
 * The demo owner's API calls to the host's server: the envelope's data, or an error naming the
 * call. Read loosely: a bench only needs a few ids from the answers.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function ownerApi(host: ProductHost): Promise<(method: string, path: string, body?: unknown) => Promise<any>> {
  const headers = await ownerHeaders(host);
  return async (method, p, body) => {
    const r = await fetch(`${host.server}${p}`, { method, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
    const json = (await r.json()) as { msg: string; data: Record<string, unknown> };
    if (json.msg !== 'ok') throw new Error(`${method} ${p}: ${json.msg}`);
    return json.data;
  };
}
