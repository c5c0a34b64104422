import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { expect, test } from '@playwright/test';
import { CuttableProxy } from '../support/cuttableProxy';
import { freshDatabase, type TestDatabase } from '../support/databases';
import { freePort, ServerProcess, WorkstationProcess } from '../support/processes';
import { requireSystemEnv } from '../support/runEnv';
import { S3Proxy } from '../support/s3Proxy';
import { dropBucket } from '../support/testBucket';
import { LocalPackagesCard } from './pages/localPackagesPage';
import { expectSubmittedOnServer, myWorkOn, submitEachOffline } from './pages/packageWorkstation';
import { useTeamServer } from './pages/teamSetup';
import { workWorld } from './pages/workSetup';

/**
 * A day's work offline with the team server in S3 mode (issue 19, docs/offline-day.md), as a
 * team with an object store runs it: the package's pictures come from the object store (the
 * test's Ceph RGW) straight to the workstation under the server's storage token, not through
 * the server. Then the network goes (the server and the store both unreachable), the
 * workstation restarts, every item is worked through from disk, and once the network is back
 * every edit and hand-off is on the server. The e2e product keeps its objects on disk, so this
 * spec starts a team server of its own in S3 mode and points the setup helpers at it.
 */
const S3_KEYS = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_FORCE_PATH_STYLE', 'S3_ROLE_ARN'];
const ROOT = 'e2e-s3';

let admin: S3Client;
let bucket: string;
let db: TestDatabase;
let server: ServerProcess;
let serverLine: CuttableProxy;
let storeLine: S3Proxy;
let workstation: WorkstationProcess;
let dataDir: string;
let port: number;

const startWorkstation = async () => {
  workstation = await WorkstationProcess.start(dataDir, serverLine.url, path.resolve('out/renderer'), { port, ...(workstation ? { secret: workstation.secret } : {}) });
};

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const env = requireSystemEnv('s3', S3_KEYS);
  bucket = `annot-e2e-${crypto.randomBytes(4).toString('hex')}`;
  admin = new S3Client({ endpoint: env.S3_ENDPOINT!, region: env.S3_REGION!, forcePathStyle: true, credentials: { accessKeyId: env.S3_ACCESS_KEY!, secretAccessKey: env.S3_SECRET_KEY! } });
  await admin.send(new CreateBucketCommand({ Bucket: bucket }));
  db = await freshDatabase('sqlite');
  server = new ServerProcess(await freePort(), db, { ...env, S3_BUCKET: bucket, S3_ROOT_PREFIX: ROOT });
  await server.start();
  useTeamServer({ url: server.url, dataDir: db.dataDir });
  serverLine = new CuttableProxy(server.url);
  await serverLine.start();
  storeLine = new S3Proxy(env.S3_ENDPOINT!);
  await storeLine.start();
  dataDir = fs.mkdtempSync(path.resolve('.run/e2e-offline-package-s3-'));
  port = await freePort();
  await startWorkstation();
});

test.afterAll(async () => {
  useTeamServer(null);
  await workstation?.kill();
  await server?.kill();
  await serverLine?.close();
  await storeLine?.stop();
  await db?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  if (admin && bucket) {
    await dropBucket(admin, bucket);
    admin.destroy();
  }
});

test('with the server in S3 mode, a package comes from the object store, is worked through offline across a restart, and every hand-off reaches the server', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const w = await workWorld(request, 3);
  const page = await myWorkOn(browser, workstation, w.annotator);
  // The workstation reaches the store through a line of the test's (the token's own endpoint is the gateway's).
  await workstation.invoke('storage.setOverrides', { overrides: { endPoint: storeLine.url } });

  const card = new LocalPackagesCard(page);
  const packageId = await card.take(w.annotateStep, { items: 3, leaseHours: 24 });
  await card.expectState(packageId, 'ready', 60_000);
  await expect(card.row(packageId)).toContainText('3 of 3 ready');
  const { taskSubjectIds } = await workstation.invoke('packages.status', { packageId });
  expect(taskSubjectIds).toHaveLength(3);

  // Every picture on disk is the photograph the owner uploaded, byte for byte, and came from the store.
  for (const [i, id] of (taskSubjectIds as number[]).entries()) {
    const { frames } = await workstation.invoke('packages.item', { packageId, taskSubjectId: id });
    const onDisk = fs.readFileSync(frames[0].file);
    expect(onDisk.equals(fs.readFileSync(path.join('resources/demo-images', w.photos[i]!))), `picture of item ${id}`).toBe(true);
  }
  const frameGets = storeLine.seen.filter((r) => r.method === 'GET' && r.url.includes(`/${bucket}/${ROOT}/dataset/${w.projectId}/`));
  expect(frameGets.length).toBeGreaterThanOrEqual(3);

  // The network goes: neither the server nor the store answers. The workstation restarts.
  serverLine.cut = true;
  storeLine.cut = () => true;
  await workstation.kill();
  await startWorkstation();
  await page.goto(workstation.pageUrl('#/work'));
  await card.expectState(packageId, 'ready');
  await card.workOffline(packageId);
  await submitEachOffline(page, taskSubjectIds, 3);
  await expect(page.getByTestId('workspace-done')).toContainText('This work package is done');

  // The network is back: every edit and hand-off reaches the server, and the package leaves this computer.
  serverLine.cut = false;
  storeLine.cut = null;
  await expectSubmittedOnServer(request, w, taskSubjectIds);
  await page.getByRole('button', { name: 'Back to My work' }).click();
  await expect(card.root).toContainText('No work package on this computer yet');
  await page.context().close();
});
