import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_TEST_ARGS } from '../support/chromiumArgs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src-server/app';
import { loadConfig } from '../../src-server/config';
import { freshDatabase, type TestDatabase } from '../support/databases';
import { freePort, ServerProcess, until, WorkstationProcess } from '../support/processes';
import { buildWorld, type World } from '../support/world';

const repo = path.resolve(import.meta.dirname, '../..');
const TOKEN_NAME = 'x-annot-token';
const RENDERER = path.join(repo, 'out/renderer');

/**
 * Nothing lost, through the user's own screen: the annotator draws in the workspace while the
 * team server is down, the workstation is killed before it could send anything, and after both
 * come back the box is on screen again and on the server. Real processes killed with SIGKILL,
 * the built renderer in headless Chromium.
 */
describe('the workspace loses nothing when the server and the workstation die', () => {
  let db: TestDatabase;
  let server: ServerProcess;
  let dir: string;
  let w: World;
  let browser: Browser;
  const target = { projectId: 0, taskId: 0, workflowId: 0 };
  /** A second task of three items, for working on through a server outage. */
  const sequence = { projectId: 0, taskId: 0, workflowId: 0 };
  const workstations: WorkstationProcess[] = [];

  const api = async (token: string, method: string, url: string, body?: unknown) => {
    const res = await fetch(`${server.url}/core${url}`, {
      method,
      headers: { [TOKEN_NAME]: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the envelope's data as each route answers it
    const json = (await res.json()) as { code: number; msg: string; data: any };
    if (json.code !== 200) throw new Error(`${method} ${url}: ${json.msg}`);
    return json.data;
  };

  /** The annotator's workspace, signed in by the session cookies the renderer reads. */
  const openWorkspace = async (ws: WorkstationProcess, at = target): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const { hostname } = new URL(ws.url);
    await context.addCookies([
      { name: 'token', value: w.users.annotator.token, domain: hostname, path: '/' },
      { name: 'token-name', value: TOKEN_NAME, domain: hostname, path: '/' },
    ]);
    // The texts the test reads are the English ones.
    await context.addInitScript("localStorage.setItem('workstation.language', 'en-US')");
    const page = await context.newPage();
    await page.goto(ws.pageUrl(`#/work/${at.projectId}/${at.taskId}/${at.workflowId}`));
    await page.locator('[data-testid="workspace-stage"][data-item]').waitFor({ timeout: 30_000 });
    return page;
  };

  beforeAll(async () => {
    if (!fs.existsSync(path.join(RENDERER, 'index.html'))) throw new Error('no renderer build in out/renderer: run `npm run build` first (npm test does)');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-nothing-lost-'));
    db = await freshDatabase('sqlite');
    const app = await buildApp({ config: { ...loadConfig({ DATA_DIR: db.dataDir, LOG_LEVEL: 'silent' }), databaseUrl: db.databaseUrl } });
    try {
      w = await buildWorld(app.ctx);
    } finally {
      await app.close();
    }
    server = new ServerProcess(await freePort(), db);
    await server.start();
    const owner = w.users.owner.token;
    target.projectId = w.projectP;
    await api(owner, 'POST', '/ontology/feature/manage', { projectId: w.projectP, features: [{ name: 'Animals', tool: 'box', labels: [{ name: 'Cat', color: '#ff4d4f', hotkey: 'c' }] }] });
    const photo = fs.readFileSync(path.join(repo, 'resources/demo-images/chelsea.png'));
    /** A one-step task over `names`, each an upload of the photo made distinct by its name. */
    const taskOver = async (taskName: string, names: string[], into: typeof target) => {
      const subjects = [];
      for (const name of names) {
        // Bytes after a PNG's end are ignored by viewers; they make each upload its own content.
        const bytes = Buffer.concat([photo, Buffer.from(name)]);
        const key = `dataset/${w.projectP}/lost/${name}`;
        const form = new FormData();
        form.append('file', new Blob([bytes]), name);
        const up = await fetch(`${server.url}/core/obs/upload?key=${encodeURIComponent(key)}`, { method: 'POST', headers: { [TOKEN_NAME]: owner }, body: form });
        expect(((await up.json()) as { code: number }).code).toBe(200);
        const sha256 = (await import('node:crypto')).createHash('sha256').update(bytes).digest('hex');
        subjects.push({ name, recordType: 'image', frames: [{ key, sizeBytes: bytes.length, sha256, fileName: name, width: 451, height: 300 }] });
      }
      const batch = await api(owner, 'POST', '/batch', { projectId: w.projectP, name: taskName, subjects });
      const task = await api(owner, 'POST', '/task', {
        projectId: w.projectP,
        name: taskName,
        batchIds: [(batch.batch as { id: number }).id],
        workflow: { steps: [{ type: 'annotate', memberIds: [w.users.annotator.id] }] },
      });
      Object.assign(into, { projectId: w.projectP, taskId: task.id, workflowId: (task.steps as { workflowId: number }[])[0]!.workflowId });
    };
    await taskOver('Nothing lost', ['chelsea.png'], target);
    await taskOver('Through the outage', ['one.png', 'two.png', 'three.png'], sequence);
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_TEST_ARGS });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    for (const ws of workstations) await ws.kill();
    await server?.kill();
    await db?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps a box drawn while the server is down through a killed workstation, then syncs it when both are back', async () => {
    const dataDir = path.join(dir, 'workstation');
    const first = await WorkstationProcess.start(dataDir, server.url, RENDERER);
    workstations.push(first);
    const page = await openWorkspace(first);

    // The server goes away; the annotator keeps drawing: a box with the label's hotkey and two clicks.
    await server.kill();
    const canvas = (await page.getByTestId('annotation-canvas').boundingBox())!;
    await page.keyboard.press('c');
    await page.mouse.click(canvas.x + canvas.width * 0.4, canvas.y + canvas.height * 0.4);
    await page.mouse.click(canvas.x + canvas.width * 0.6, canvas.y + canvas.height * 0.6);
    await expect.poll(() => page.getByText('Objects (1)', { exact: true }).isVisible()).toBe(true);
    // Kept on this computer, and the header says so.
    await expect.poll(() => page.getByTestId('sync-state').getAttribute('data-state'), { timeout: 20_000 }).toBe('offline');

    // The workstation dies before the server comes back.
    await first.kill();
    await page.context().close();
    await server.start();
    const items = await api(w.users.owner.token, 'GET', `/task/subject/list/detail?projectId=${target.projectId}&taskId=${target.taskId}`);
    const taskSubjectId = (items.list as { taskSubjectId: number }[])[0]!.taskSubjectId;
    const objectsOnServer = async () => {
      const saved = await api(w.users.annotator.token, 'GET', `/annotate?taskSubjectId=${taskSubjectId}`);
      return (saved.frames as { data: { objects: unknown[] } }[]).flatMap((f) => f.data.objects).length;
    };
    expect(await objectsOnServer()).toBe(0);

    // Started again on the same data folder, the workspace shows the box and sends it.
    const second = await WorkstationProcess.start(dataDir, server.url, RENDERER);
    workstations.push(second);
    const again = await openWorkspace(second);
    await expect.poll(() => again.getByText('Objects (1)', { exact: true }).isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => again.getByTestId('sync-state').getAttribute('data-state'), { timeout: 30_000 }).toBe('synced');
    expect(await until('the box on the server', objectsOnServer, (n) => n === 1)).toBe(1);
    await again.context().close();
  }, 180_000);
  it('goes on through the items claimed ahead while the server is down, and hands them on once it is back, through a killed workstation', async () => {
    const dataDir = path.join(dir, 'workstation-outage');
    const first = await WorkstationProcess.start(dataDir, server.url, RENDERER);
    workstations.push(first);
    const page = await openWorkspace(first, sequence);
    const items = async () =>
      (await api(w.users.owner.token, 'GET', `/task/subject/list/detail?projectId=${sequence.projectId}&taskId=${sequence.taskId}`)).list as { taskSubjectId: number; state: string; holderId: number | null }[];
    // The next item is claimed ahead while the first is open: two in the annotator's hands, and
    // the header says the next one is loaded on this computer.
    await until('an item claimed ahead', items, (list) => list.filter((i) => i.holderId === w.users.annotator.id).length === 2);
    await expect.poll(() => page.getByTestId('next-ready').isVisible(), { timeout: 30_000 }).toBe(true);
    // The item drawn on the stage (the attribute is there only while its picture is drawn).
    const shownItem = () => page.getByTestId('workspace-stage').getAttribute('data-item');
    const firstId = Number(await shownItem());
    expect(firstId).toBeGreaterThan(0);

    await server.kill();
    const drawBox = async () => {
      const canvas = (await page.getByTestId('annotation-canvas').boundingBox())!;
      await page.keyboard.press('c');
      await page.mouse.click(canvas.x + canvas.width * 0.4, canvas.y + canvas.height * 0.4);
      await page.mouse.click(canvas.x + canvas.width * 0.6, canvas.y + canvas.height * 0.6);
      await expect.poll(() => page.getByText('Objects (1)', { exact: true }).isVisible()).toBe(true);
    };
    await drawBox();
    await page.getByTestId('submit').click();
    // The item claimed ahead opens; the submit waits on this computer, and the header says so.
    const anotherDrawn = async () => {
      const id = Number(await shownItem());
      return id > 0 && id !== firstId;
    };
    await expect.poll(anotherDrawn, { timeout: 30_000 }).toBe(true);
    const secondId = Number(await shownItem());
    // Nothing more is claimed ahead with the server away.
    expect(await page.getByTestId('next-ready').isVisible()).toBe(false);
    await expect.poll(() => page.getByTestId('handoffs-waiting').textContent()).toBe('1 waiting to send');
    await drawBox();
    await page.getByTestId('submit').click();
    // Nothing claimed is left here: the workspace says why it waits, instead of failing.
    await expect.poll(() => page.getByTestId('workspace-offline').isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => page.getByTestId('workspace-offline').textContent()).toContain('2 items you moved on');
    // It asks the server again every 10 s without the screen flashing to a spinner in between.
    // (a script string: this suite's TypeScript has no DOM types)
    await page.evaluate(`window.offlineLeft = false;
      new MutationObserver(() => { if (!document.querySelector('[data-testid="workspace-offline"]')) window.offlineLeft = true; })
        .observe(document.body, { childList: true, subtree: true });`);
    await new Promise((r) => setTimeout(r, 11_000));
    expect(await page.evaluate('window.offlineLeft')).toBe(false);

    // The workstation dies before the server comes back; then both return.
    await first.kill();
    await page.context().close();
    await server.start();
    const before = await items();
    expect(before.filter((i) => i.state === 'done')).toHaveLength(0);
    const second = await WorkstationProcess.start(dataDir, server.url, RENDERER);
    workstations.push(second);
    const again = await openWorkspace(second, sequence);
    // Both submits go, each after its box; the workspace goes on with the third item, not one already handed on.
    const after = await until('both submits sent', items, (list) => list.filter((i) => i.state === 'done').length === 2, 30_000);
    expect(after.filter((i) => i.state === 'done').map((i) => i.taskSubjectId).sort()).toEqual([firstId, secondId].sort());
    for (const id of [firstId, secondId]) {
      const saved = await api(w.users.annotator.token, 'GET', `/annotate?taskSubjectId=${id}`);
      expect((saved.frames as { data: { objects: unknown[] } }[]).flatMap((f) => f.data.objects)).toHaveLength(1);
    }
    const third = after.find((i) => i.state !== 'done')!.taskSubjectId;
    await expect.poll(() => again.getByTestId('workspace-stage').getAttribute('data-item'), { timeout: 30_000 }).toBe(String(third));
    await again.context().close();
  }, 240_000);
});
