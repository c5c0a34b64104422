/**
 * From submit to the next item drawn and editable, with the team server up, slow and away
 * (issue 19, "The workspace never waits"; target: p95 under 100 ms on 2 cores in each).
 *
 * The product as `npm start` runs it (SQLite, local disk), plus a second browser host of the
 * workstation whose server address is a real HTTP proxy on its own TCP port
 * (tests/support/cuttableProxy.ts): its journal (main process) and its page both reach the
 * server only through it. Three conditions in one run, each over its own task of BENCH_ITEMS
 * photographs (so no condition finds images cached by another), the demo owner annotating:
 *
 * - up: the proxy passes every request on at once;
 * - slow: the proxy holds every request 300 ms (BENCH_SLOW_MS) before passing it on;
 * - away: the proxy drops every request (the connection is closed), as a cut line.
 *
 * For each item: a box (label hotkey, two clicks), then Submit once the header says "Next item
 * ready" (as any real annotation lasts longer than the claim ahead). The time runs in the page
 * from the click on Submit to the first animation frame after the next item is drawn and
 * editable (its picture shown, the canvas no longer held; bench/lib/workspacePasses.ts,
 * SUBMIT_TO_NEXT_TIMER). Away, only the item claimed ahead is on
 * this computer, so each timed submit (line cut just before it) is followed by one untimed
 * submit with the line mended, which claims the next item and one ahead as usual: the away row
 * has about half as many samples as the others.
 *
 * Usage: npx electron-vite build && tsx bench/offline-next.ts   (BENCH_ITEMS=40 by default;
 * BENCH_SERVER_PORT / BENCH_WEB_PORT move the product off 8795 / 8796)
 * Reading it: one row per condition, p50 / p95 / max in ms, and how many submissions the server
 * had at the end (every one must be there: the journal sent what was handed off while away).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { CuttableProxy } from '../tests/support/cuttableProxy';
import { WorkstationProcess } from '../tests/support/processes';
import { fmt, percentiles } from './lib/stats';
import { drawBox, SUBMIT_TO_NEXT_TIMER } from './lib/workspacePasses';
import { makePhotoTask, type BenchTask } from './lib/workspaceTask';
import { ownerApi, ownerHeaders, startProductHost } from './lib/productHost';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 40);
const SLOW_MS = Number(process.env.BENCH_SLOW_MS ?? 300);
type Condition = 'up' | 'slow' | 'away';

const stageItem = (page: Page) => page.getByTestId('workspace-stage').getAttribute('data-item');
const nextShown = (page: Page, before: string | null) => page.locator(`[data-testid="workspace-stage"][data-item]:not([data-item="${before}"])`).waitFor({ timeout: 60_000 });

async function main() {
  const host = await startProductHost('offline-next', Number(process.env.BENCH_SERVER_PORT ?? 8795), Number(process.env.BENCH_WEB_PORT ?? 8796));
  const proxy = new CuttableProxy(new URL(host.server).origin);
  await proxy.start();
  const wsDir = path.resolve('.run/bench-offline-next-ws');
  fs.rmSync(wsDir, { recursive: true, force: true });
  const workstation = await WorkstationProcess.start(wsDir, proxy.url, path.resolve('out/renderer'));
  try {
    const headers = await ownerHeaders(host);
    const api = await ownerApi(host);
    const me = await api('GET', '/user/info');
    const project = await api('POST', '/project', { projectName: `Offline next bench ${Date.now()}`, type: 'image' });
    const projectId = project.projectId as number;
    await api('POST', '/ontology/feature/manage', { projectId, features: [{ name: 'Things', tool: 'box', labels: [{ name: 'Thing', color: '#fa541c', hotkey: 't' }] }] });

    const ctx = await host.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    await page.goto(workstation.pageUrl());
    await page.getByTestId('mobile').fill('13800000001');
    await page.getByTestId('password').fill('demo12345');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('current-user-name').waitFor();

    const timeCondition = async (task: BenchTask, condition: Condition): Promise<number[]> => {
      proxy.cut = false;
      proxy.delayMs = condition === 'slow' ? SLOW_MS : 0;
      await page.goto(`${workstation.url}/#/work/${task.projectId}/${task.taskId}/${task.workflowId}`);
      await page.locator('[data-testid="workspace-stage"][data-item]').waitFor({ timeout: 60_000 });
      await page.evaluate(SUBMIT_TO_NEXT_TIMER);
      for (let i = 0; i < ITEMS - 1; i++) {
        const before = await stageItem(page);
        await drawBox(page, 't', [0.4, 0.4]);
        if (condition !== 'away' || i % 2 === 0) {
          await page.getByTestId('next-ready').waitFor({ timeout: 60_000 });
        }
        // Away: the line is cut just before a timed submit and mended after it; the untimed
        // submit in between claims as usual (nothing is left on this computer).
        if (condition === 'away' && i % 2 === 0) proxy.cut = true;
        await page.getByTestId('submit').click();
        await nextShown(page, before);
        if (condition === 'away') proxy.cut = false;
      }
      // One time per submit, in order; away, only those made with the line cut count.
      await page.waitForFunction(`window.__bench.times.length >= ${ITEMS - 1}`);
      const all = (await page.evaluate('window.__bench.times')) as number[];
      const times = condition === 'away' ? all.filter((_, i) => i % 2 === 0) : all;
      // Leaving the workspace gives the item claimed ahead back; the next condition starts afresh.
      await page.goto(`${workstation.url}/#/work`);
      return times;
    };

    const rows: string[] = [];
    const tasks: BenchTask[] = [];
    for (const condition of ['up', 'slow', 'away'] as const) {
      const task = await makePhotoTask(host, api, headers, projectId, me.id as number, condition, ITEMS);
      tasks.push(task);
      const times = await timeCondition(task, condition);
      const q = percentiles(times);
      const label = { up: 'server up', slow: `server slow (proxy adds ${SLOW_MS} ms to every request)`, away: 'server away (proxy drops every request)' }[condition];
      rows.push(`| ${label} | ${q.n} | ${fmt(q.p50)} | ${fmt(q.p95)} | ${fmt(Math.max(...times))} |`);
    }

    // Every submission must reach the server, those handed off while it was away included.
    proxy.cut = false;
    proxy.delayMs = 0;
    const expected = 3 * (ITEMS - 1);
    let onServer = 0;
    for (const until = Date.now() + 120_000; Date.now() < until; await new Promise((r) => setTimeout(r, 1000))) {
      onServer = 0;
      for (const task of tasks) {
        const list = await api('GET', `/task/subject/list/detail?projectId=${task.projectId}&taskId=${task.taskId}&state=done&pageSize=500`);
        onServer += (list.list as unknown[]).length;
      }
      if (onServer >= expected) break;
    }
    await ctx.close();
    console.log(`\n${ITEMS} items a condition, one box drawn on each; submissions on the server at the end: ${onServer} of ${expected}`);
    console.log('| from Submit to the next item drawn and editable | items | p50 ms | p95 ms | max ms |');
    console.log('|---|---|---|---|---|');
    for (const row of rows) console.log(row);
  } finally {
    await workstation.kill();
    await proxy.close();
    await host.close();
    fs.rmSync(wsDir, { recursive: true, force: true });
  }
}

await main();
