/**
 * Cold start of the workstation in the browser host to an interactive project list: the team
 * server with its demo team and the browser host as `npm start` runs them (on bench ports, a
 * throwaway data folder, the current build in out/renderer), Chromium with a logged-in session
 * but an empty cache each time (a new browser context from the saved session), timed from
 * navigation start to the project table's first row being visible and clickable. Next to it,
 * in the same run, the floor: the same page's HTML alone, and a bare `GET /core/user/info`.
 * Also the renderer's JavaScript as shipped: what the first screen loads (the entry and every
 * chunk index.html preloads with it: the main bundle as a user downloads it), gzipped, then the
 * largest chunks loaded later.
 * Usage: tsx bench/renderer-startup.ts   (builds first when out/ is missing; BENCH_N, default 20)
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fmt, percentiles } from './lib/stats';
import { ownerHeaders, ownerSession, startProductHost } from './lib/productHost';

const N = Number(process.env.BENCH_N ?? 20);

function bundleSizes() {
  const dir = 'out/renderer/assets';
  const html = fs.readFileSync('out/renderer/index.html', 'utf8');
  const entry = /src="\.?\/?assets\/([^"]+\.js)"/.exec(html)?.[1];
  // The entry's static imports are preloaded: they load at start whatever their names.
  const atStart = new Set([entry, ...[...html.matchAll(/modulepreload"[^>]*href="\.?\/?assets\/([^"]+\.js)"/g)].map((m) => m[1])]);
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => {
      const bytes = fs.readFileSync(path.join(dir, f));
      return { file: f, entry: f === entry, atStart: atStart.has(f), raw: bytes.length, gzip: zlib.gzipSync(bytes).length };
    })
    .sort((a, b) => Number(b.entry) - Number(a.entry) || b.gzip - a.gzip);
}

async function main() {
  const host = await startProductHost('startup', 8791, 8792);
  const { browser } = host;
  try {
    const state = await ownerSession(host);
    const tokenHeader = await ownerHeaders(host);
    const BASE = host.base;

    const coldStart: number[] = [];
    const htmlOnly: number[] = [];
    const userInfo: number[] = [];
    for (let i = 0; i < N + 2; i++) {
      const ctx = await browser.newContext({ storageState: state });
      const p = await ctx.newPage();
      const t0 = Date.now();
      await p.goto(BASE);
      const row = p.getByRole('row').nth(1);
      await row.waitFor({ state: 'visible' });
      await row.click({ trial: true });
      const t = Date.now() - t0;
      await ctx.close();
      const h0 = performance.now();
      await (await fetch(`${BASE}/`)).text();
      const h = performance.now() - h0;
      const u0 = performance.now();
      await fetch(`${host.server}/user/info`, { headers: tokenHeader }).then((r) => r.text());
      const u = performance.now() - u0;
      if (i >= 2) {
        coldStart.push(t);
        htmlOnly.push(h);
        userInfo.push(u);
      }
    }
    console.log(`| what (n = ${N}) | p50 ms | p95 ms |`);
    console.log('|---|---|---|');
    for (const [name, s] of [['cold start to an interactive project list (empty cache, saved session)', coldStart], ['the page\'s HTML alone', htmlOnly], ['GET /core/user/info alone', userInfo]] as const) {
      const q = percentiles(s);
      console.log(`| ${name} | ${fmt(q.p50)} | ${fmt(q.p95)} |`);
    }
    const chunks = bundleSizes();
    const start = chunks.filter((b) => b.atStart);
    const kb = (n: number) => (n / 1024).toFixed(0);
    console.log('\n| renderer JavaScript | chunks | raw KB | gzip KB |');
    console.log('|---|---|---|---|');
    console.log(`| **loaded at start** (entry and its preloads) | ${start.length} | ${kb(start.reduce((a, b) => a + b.raw, 0))} | ${kb(start.reduce((a, b) => a + b.gzip, 0))} |`);
    for (const b of chunks.filter((c) => !c.atStart).slice(0, 8)) console.log(`| ${b.file} (later) | 1 | ${kb(b.raw)} | ${kb(b.gzip)} |`);
  } finally {
    await host.close();
  }
}

await main();
