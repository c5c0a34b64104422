import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_PERMISSIONS, type ProjectAccessRole } from '../../src-shared/model/permissions';
import type { StorageToken } from '../../src-shared/api/obs';
import { DB_KINDS } from '../support/databases';
import { startObsServer, type ObsServer } from '../support/obsServer';
import { buildWorld, type World, type WorldRole } from '../support/world';
import { exportProject } from '../support/exportFixture';
import { awaitExport } from '../support/exportJobs';

/** The effective role each world user has on project P (as in server-permissions.test.ts). */
const PROJECT_ROLE: Record<WorldRole, ProjectAccessRole> = {
  owner: 'teamAdmin', admin: 'teamAdmin', manager: 'teamManager', reviewer: 'reviewer', annotator: 'annotator',
  projectManager: 'manager', vendorManager: 'vendorManager', vendorAnnotator: 'annotator',
};
const ROLES = Object.keys(PROJECT_ROLE) as WorldRole[];
/** Who may read P's exports: exactly who may make and list them (`project.export`). */
const mayExport = (role: WorldRole) => (PROJECT_PERMISSIONS['project.export'] as readonly string[]).includes(PROJECT_ROLE[role]);
/** What every way to an export answers each caller: the zip, 403 (a member whose role may not export), 404 (no way in). */
const expectedFor = (role: WorldRole | 'ownerB' | 'outsider') => (role === 'ownerB' || role === 'outsider' ? 404 : mayExport(role) ? 200 : 403);

/**
 * An export's zip is read with the permission of the routes that made it, by every way to an
 * object: the export link, a signed URL for its key, the fallback download, and in S3 mode the
 * storage token's own credentials against the object store. Its key cannot be guessed from the
 * project and export ids.
 */
describe.each(DB_KINDS.flatMap((kind) => (['embedded', 's3'] as const).map((mode) => [kind, mode] as const)))('reading exports on %s, %s store', (kind, mode) => {
  let s: ObsServer;
  let w: World;
  let objectKey: string;
  let exportId: number;

  beforeAll(async () => {
    s = await startObsServer(kind, mode);
    w = await buildWorld(s.app.ctx);
    await exportProject(s.app.ctx, { projectId: w.projectP, userId: w.users.owner.id, reviewerId: w.users.reviewer.id, subjects: 2, annotated: 1 });
    const started = await s.call({ method: 'POST', url: '/core/export', token: w.users.owner.token, payload: { projectId: w.projectP, format: 'coco', name: 'Cars for training' } });
    expect(started.body.msg).toBe('ok');
    const job = await awaitExport(s, w.users.owner.token, w.projectP, started.body.data.id);
    expect(job.status).toBe('done');
    objectKey = job.objectKey!;
    exportId = job.id;
  });
  afterAll(async () => {
    await s?.close();
  });

  const everyone = [...ROLES, 'ownerB', 'outsider'] as const;
  const expected = Object.fromEntries(everyone.map((r) => [r, expectedFor(r)]));

  it('names the zip with a random part per run, keeping its readable file name last', async () => {
    expect(objectKey).toMatch(new RegExp(`^export/${w.projectP}/${exportId}-[A-Za-z0-9_-]{22}/Cars-for-training\\.zip$`));
    // The name the old layout gave it (project, export id and name, all known or counted) holds nothing.
    const guessed = `export/${w.projectP}/${exportId}-Cars-for-training.zip`;
    const r = await s.raw({ method: 'GET', url: `/core/obs/get/file?key=${encodeURIComponent(guessed)}`, token: w.users.owner.token });
    expect(r.statusCode).toBe(404);
  });

  it('GET /obs/export/get signs a link only for those who may export the project', async () => {
    const got: Record<string, number> = {};
    const links: string[] = [];
    for (const role of everyone) {
      const r = await s.call({ method: 'GET', url: `/core/obs/export/get?path=${encodeURIComponent(objectKey)}`, token: w.users[role].token });
      got[role] = r.body.code;
      if (r.body.code === 200) links.push(r.body.data.url);
    }
    expect(got).toEqual(expected);
    // The links work, and the file is saved under its readable name.
    for (const url of links) expect(await fetchSigned(s, url)).toEqual({ status: 200, name: 'Cars-for-training.zip' });
  });

  it('GET /obs/url signs a link to an export only for those who may export the project', async () => {
    const got: Record<string, number> = {};
    for (const role of everyone) got[role] = (await s.call({ method: 'GET', url: `/core/obs/url?key=${encodeURIComponent(objectKey)}`, token: w.users[role].token })).body.code;
    expect(got).toEqual(expected);
  });

  it('GET /obs/get/file reads an export only for those who may export the project', async () => {
    const got: Record<string, number> = {};
    for (const role of everyone) got[role] = (await s.raw({ method: 'GET', url: `/core/obs/get/file?key=${encodeURIComponent(objectKey)}`, token: w.users[role].token })).statusCode;
    expect(got).toEqual(expected);
  });

  // Only where it applies: a test that cannot run is not reported as skipped.
  if (mode === 's3')
    it('proves on Ceph: a storage token reads the project\'s exports only for those who may export it', async () => {
      const got: Record<string, number | string> = {};
      const covers: Record<string, unknown> = {};
      for (const role of ROLES) {
        const r = await s.call({ method: 'GET', url: `/core/obs/token?projectId=${w.projectP}`, token: w.users[role].token });
        expect(r.body.msg).toBe('ok');
        const t = r.body.data as StorageToken;
        got[role] = await directRead(t, `${t.rootPrefix}/${objectKey}`);
        covers[role] = t.exportProjectIds;
      }
      expect(got).toEqual(Object.fromEntries(ROLES.map((r) => [r, mayExport(r) ? 200 : 'AccessDenied'])));
      // The token says which projects' exports it opens.
      expect(covers).toEqual(Object.fromEntries(ROLES.map((r) => [r, mayExport(r) ? [w.projectP] : []])));
    });
});

/** Follows a signed URL: the server's own download (embedded) or the object store (S3); with the name a browser would save it as. */
async function fetchSigned(s: ObsServer, url: string): Promise<{ status: number; name: string }> {
  const u = new URL(url);
  if (u.pathname.startsWith('/core/')) {
    const res = await s.app.inject({ method: 'GET', url: u.pathname + u.search });
    const disposition = String(res.headers['content-disposition'] ?? '');
    return { status: res.statusCode, name: decodeURIComponent(disposition.replace(/^.*filename\*=UTF-8''/, '')) };
  }
  const res = await fetch(u);
  await res.arrayBuffer();
  return { status: res.status, name: decodeURIComponent(u.pathname.slice(u.pathname.lastIndexOf('/') + 1)) };
}

/** GetObject with a vended token, as the workstation would: 200, or the store's error name. */
async function directRead(t: StorageToken, fullKey: string): Promise<number | string> {
  const c = new S3Client({
    endpoint: t.endPoint,
    region: t.region,
    forcePathStyle: t.s3ForcePathStyle,
    credentials: { accessKeyId: t.accessKey, secretAccessKey: t.secretKey, sessionToken: t.securityToken },
  });
  try {
    const out = await c.send(new GetObjectCommand({ Bucket: t.bucketName, Key: fullKey }));
    await out.Body!.transformToByteArray();
    return 200;
  } catch (err) {
    return (err as { name?: string }).name ?? 'failed';
  } finally {
    c.destroy();
  }
}
