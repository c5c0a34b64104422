import fs from 'node:fs';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import type { ServerContext } from '../../src-server/context';
import { StsVendor } from '../../src-server/storage/stsVendor';
import type { LocalPackage, PackageProgress } from '../../src-shared/ipc';
import { workstationConfigFromEnv } from '../../src-main/config';
import { createServices } from '../../src-main/services';
import { PACKAGE_FILE_CONCURRENCY } from '../../src-main/services/packages/frameDownloads';
import { buildTask } from '../../tests/support/taskFixture';
import { storeNoiseFrames } from '../../tests/support/noiseFrames';
import type { World } from '../../tests/support/world';
import type { PeerCredentials } from './s3Peers';

export interface PackageWorldInput {
  ctx: ServerContext;
  serverUrl: string;
  world: World;
  admin: S3Client;
  bucket: string;
  rootPrefix: string;
  roleArn: string;
  items: number;
  /** a scratch folder: the workstation's data folder and awscli's copies go under it */
  work: string;
}

/**
 * A work package of `items` 2-megapixel JPEGs (one frame each) taken whole, and awscli's
 * `s3 sync` of the same keys with an STS token of the same scope as the server vends (read of
 * those keys' prefix, and a listing of it, which sync needs).
 */
export async function packageBench(i: PackageWorldInput) {
  const annotator = i.world.users.annotator;
  const task = await buildTask(i.ctx, { projectId: i.world.projectP, createdBy: i.world.users.owner.id, steps: [{ type: 'annotate', members: [annotator.id] }], subjects: i.items });
  const stored = await storeNoiseFrames(i.ctx, i.admin, i.bucket, i.rootPrefix, task.subjectIds);
  const bytes = [...stored.values()].reduce((a, b) => a + b.length, 0);
  const prefix = `${i.rootPrefix}/${path.posix.dirname([...stored.keys()][0]!)}/`;

  // The workstation's main process as the product composes it: its logs, its packages store.
  const services = createServices(workstationConfigFromEnv('node', '0.0.0-bench', { WORKSTATION_DATA_DIR: path.join(i.work, 'ws'), SERVER_URL: i.serverUrl }));
  await services.handlers['session.set']({ tokenName: 'x-annot-token', tokenValue: annotator.token, user: { id: annotator.id, name: 'Annotator A', mobile: annotator.mobile } });
  const settled = new Map<number, (p: PackageProgress) => void>();
  const early = new Map<number, PackageProgress>();
  services.events.on('packages.progress', (p) => {
    if (p.state !== 'ready' && p.state !== 'failed') return;
    const done = settled.get(p.packageId);
    if (done) done(p);
    else early.set(p.packageId, p);
  });
  const untilSettled = (packageId: number) => new Promise<PackageProgress>((resolve) => (early.has(packageId) ? resolve(early.get(packageId)!) : settled.set(packageId, resolve)));

  const sts = new StsVendor(i.ctx.config.s3!, i.roleArn);
  const scoped = async (): Promise<PeerCredentials> => {
    const policy = JSON.stringify({
      Version: '2012-10-17',
      Statement: [
        { Effect: 'Allow', Action: ['s3:GetObject'], Resource: [`arn:aws:s3:::${i.bucket}/${prefix}*`] },
        { Effect: 'Allow', Action: ['s3:ListBucket'], Resource: [`arn:aws:s3:::${i.bucket}`], Condition: { StringLike: { 's3:prefix': [`${prefix}*`] } } },
      ],
    });
    const c = await sts.vend({ sessionName: `bench-sync-${annotator.id}`, policy });
    return { accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey, sessionToken: c.sessionToken };
  };

  /** how long each packages.take took to answer (the server's part: the package and its annotations) */
  const takeMs: number[] = [];
  return {
    bytes,
    takeMs,
    prefix,
    /** our frame files at once, for giving awscli the same */
    concurrency: PACKAGE_FILE_CONCURRENCY,
    /** packages.take until the package is ready offline; then it is given back (its files deleted) for the next round */
    async ours(): Promise<number> {
      const t = performance.now();
      const taken = (await services.handlers['packages.take']({ projectId: i.world.projectP, taskId: task.taskId, workflowId: task.steps[0]!.workflowId, size: i.items })) as LocalPackage | null;
      takeMs.push(performance.now() - t);
      if (!taken || taken.itemsTotal !== i.items) throw new Error(`packages.take answered ${taken ? `${taken.itemsTotal} items` : 'nothing'}, not ${i.items}`);
      const end = await untilSettled(taken.packageId);
      const ms = performance.now() - t;
      if (end.state !== 'ready' || end.bytesDone !== bytes) throw new Error(`package ${taken.packageId} ended ${end.state} with ${end.bytesDone} of ${bytes} bytes: ${JSON.stringify(end.error)}`);
      const back = await services.handlers['packages.cancel']({ packageId: taken.packageId });
      if (back.returnedIds.length !== i.items) throw new Error(`gave back ${back.returnedIds.length} items, not ${i.items}`);
      return ms;
    },
    /** Scoped credentials for awscli (vended before the clock starts, as ours were in the round before). */
    scoped,
    /** A folder's file count and bytes, to check a tool copied every frame. */
    copied(dir: string): { files: number; bytes: number } {
      const names = fs.readdirSync(dir);
      return { files: names.length, bytes: names.reduce((a, n) => a + fs.statSync(path.join(dir, n)).size, 0) };
    },
    async close(): Promise<void> {
      await services.close();
      sts.destroy();
    },
  };
}
