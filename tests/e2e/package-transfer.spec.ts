import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { freePort, WorkstationProcess } from '../support/processes';
import { S3Proxy } from '../support/s3Proxy';
import { LocalPackagesCard } from './pages/localPackagesPage';
import { drawnStage, itemsOnServer, myWorkOn } from './pages/packageWorkstation';
import { SERVER } from './pages/teamSetup';
import { workWorld } from './pages/workSetup';

/**
 * A work package's download on a poor line, seen from My work (issue 19, docs/offline-day.md):
 * paused and resumed, and through a proxy that drops connections in the middle of answers.
 * The e2e server keeps objects on its disk (embedded mode), so the workstation fetches frames
 * from the server itself (`GET /core/obs/get/file`): a proxy standing in as the workstation's
 * server address is on the frames' path, and on every other call of the workstation.
 */
let proxy: S3Proxy;
let workstation: WorkstationProcess;
let dataDir: string;

const isFrameGet = (req: http.IncomingMessage) => req.method === 'GET' && (req.url ?? '').startsWith('/core/obs/get/file');
const framesFetched = () => proxy.seen.filter((r) => r.method === 'GET' && r.url.startsWith('/core/obs/get/file')).length;

test.beforeAll(async () => {
  proxy = new S3Proxy(new URL(SERVER).origin);
  await proxy.start();
  dataDir = fs.mkdtempSync(path.resolve('.run/e2e-package-transfer-'));
  workstation = await WorkstationProcess.start(dataDir, proxy.url, path.resolve('out/renderer'), { port: await freePort() });
});

test.afterEach(() => {
  proxy.hold = proxy.gate = proxy.breakBody = proxy.bodyRate = null;
});

test.afterAll(async () => {
  await workstation?.kill();
  await proxy?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Every byte count the card shows from now on, in order, recorded in the page as it changes. */
async function recordBytesShown(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { bytesShown: number[] }).bytesShown = seen;
    const look = () => {
      const el = document.querySelector('[data-testid="package-bytes"]');
      const v = el ? Number(el.getAttribute('data-done')) : NaN;
      if (!Number.isNaN(v) && seen[seen.length - 1] !== v) seen.push(v);
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-done'] });
  });
  return () => page.evaluate(() => (window as unknown as { bytesShown: number[] }).bytesShown);
}

test('a download paused on My work stops, stays paused across a reload with the line free, and resumes to ready; every item opens with the server 300 ms away', async ({ browser, request }) => {
  const w = await workWorld(request, 3);
  const page = await myWorkOn(browser, workstation, w.annotator);
  const card = new LocalPackagesCard(page);
  // The first frame comes; the others wait on a stalled line, so the download is under way when Pause is clicked.
  let frameGets = 0;
  proxy.hold = (req) => isFrameGet(req) && ++frameGets > 1;
  const packageId = await card.take(w.annotateStep, { items: 3, leaseHours: 24 });
  const row = card.row(packageId);
  await expect(row).toContainText('1 of 3 ready');
  await card.expectState(packageId, 'downloading');
  await row.getByRole('button', { name: 'Pause' }).click();
  await card.expectState(packageId, 'paused');
  await expect(row.getByTestId('package-state')).toHaveText('Paused');
  const bytesAtPause = await row.getByTestId('package-bytes').getAttribute('data-done');
  const fetchedAtPause = framesFetched();

  // The line is free again and the page reloads (the workstation goes on with what was left
  // when a session is set): a package the user paused stays paused and asks for nothing.
  proxy.hold = null;
  await page.reload();
  await card.expectState(packageId, 'paused');
  await expect(row).toContainText('1 of 3 ready');
  await expect(row.getByTestId('package-bytes')).toHaveAttribute('data-done', bytesAtPause!);
  expect(framesFetched()).toBe(fetchedAtPause);

  await row.getByRole('button', { name: 'Resume' }).click();
  await card.expectState(packageId, 'ready', 30_000);
  await expect(row).toContainText('3 of 3 ready');

  // Every item opens from disk, in the package's order, while each call to the server takes 300 ms more.
  proxy.gate = () => new Promise((r) => setTimeout(r, 300));
  const { taskSubjectIds } = (await workstation.invoke('packages.status', { packageId })) as { taskSubjectIds: number[] };
  await card.workOffline(packageId);
  for (const [i, id] of taskSubjectIds.entries()) {
    await expect(drawnStage(page)).toHaveAttribute('data-item', String(id));
    await expect(page.getByTestId('items-left')).toHaveText(`${3 - i} in package`);
    await page.getByTestId('submit').click();
  }
  await expect(page.getByTestId('workspace-done')).toContainText('This work package is done');
  await expect(async () => {
    const now = await itemsOnServer(request, w);
    for (const id of taskSubjectIds) expect(now.get(id), `item ${id}`).toMatchObject({ workflowId: w.reviewStep, state: 'pending' });
  }).toPass({ timeout: 30_000 });
  await page.context().close();
});

test('a download through a proxy that cuts answers midway ends ready, its progress never stepping back, and every frame file is the store\'s bytes', async ({ browser, request }) => {
  const w = await workWorld(request, 3, { photos: ['astronaut.png', 'hubble_deep_field.jpg', 'coffee.png'] });
  const page = await myWorkOn(browser, workstation, w.annotator);
  const card = new LocalPackagesCard(page);
  const bytesShown = await recordBytesShown(page);
  // A slow line (progress is seen midway through a file) that breaks four frame answers: the
  // first after 300 KB, its line stalled until the others are in (so what the card showed of it
  // is there to step back from); the others at once.
  proxy.bodyRate = (req) => (isFrameGet(req) ? 1_000_000 : undefined);
  let breaks = 0;
  let mend!: () => void;
  const stalled = new Promise<void>((r) => (mend = r));
  proxy.breakBody = (req) => (isFrameGet(req) && breaks < 4 ? { bytes: [300_000, 60_000, 100_000, 100_000][breaks]!, cut: breaks++ === 0 ? stalled : Promise.resolve() } : undefined);
  const packageId = await card.take(w.annotateStep, { items: 3, leaseHours: 24 });
  const row = card.row(packageId);
  await expect(row).toContainText('2 of 3 ready', { timeout: 20_000 });
  mend();
  await card.expectState(packageId, 'ready', 30_000);
  await expect(row).toContainText('3 of 3 ready');
  expect(breaks).toBe(4);

  const shown = await bytesShown();
  const total = Number(await row.getByTestId('package-bytes').getAttribute('data-done'));
  expect(shown.at(-1)).toBe(total);
  expect(shown.length, `the bytes shown: ${shown.join(', ')}`).toBeGreaterThan(3);
  for (let i = 1; i < shown.length; i++) expect(shown[i], `the bytes shown: ${shown.join(', ')}`).toBeGreaterThanOrEqual(shown[i - 1]!);

  // Each frame file on disk is the picture that was imported, byte for byte.
  const { taskSubjectIds } = (await workstation.invoke('packages.status', { packageId })) as { taskSubjectIds: number[] };
  for (const id of taskSubjectIds) {
    const item = (await workstation.invoke('packages.item', { packageId, taskSubjectId: id })) as { subject: { name: string }; frames: { file: string }[] };
    expect(fs.readFileSync(item.frames[0]!.file).equals(fs.readFileSync(path.join('resources/demo-images', item.subject.name))), item.subject.name).toBe(true);
  }
  await page.context().close();
});
