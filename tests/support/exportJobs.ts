import { expect } from 'vitest';
import { zipEntries } from '../../src-server/exports/formats';
import type { ExportJob } from '../../src-shared/api/export';
import type { TestServer } from './testServer';

/** Polls /export/progress as the export dialog does until the run ends (done, failed or cancelled). */
export async function awaitExport(s: TestServer, token: string, projectId: number, id: number, timeoutMs = 30_000, pollMs = 50): Promise<ExportJob> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await s.call({ method: 'POST', url: '/core/export/progress', token, payload: { projectId, ids: [id] } });
    expect(r.body.msg).toBe('ok');
    const job = r.body.data.list[0] as ExportJob;
    if (job.status !== 'queued' && job.status !== 'running') return job;
    if (Date.now() > until) throw new Error(`export ${id} still ${job.status} after ${timeoutMs} ms (${job.done}/${job.total})`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/**
 * Downloads an export's zip as a user does: a signed URL from /obs/export/get, then that URL
 * (the server's own fallback download in embedded mode, the gateway in S3 mode).
 */
export async function readExportZip(s: TestServer, token: string, objectKey: string | null): Promise<{ size: number; entries: ReadonlyMap<string, Buffer> }> {
  expect(objectKey).toBeTruthy();
  const signed = await s.call({ method: 'GET', url: `/core/obs/export/get?path=${encodeURIComponent(objectKey!)}`, token });
  expect(signed.body.msg).toBe('ok');
  const url = new URL(signed.body.data.url as string);
  let body: Buffer;
  if (url.pathname.startsWith('/core/')) {
    const res = await s.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(res.statusCode).toBe(200);
    body = res.rawPayload;
  } else {
    const res = await fetch(url);
    expect(res.status).toBe(200);
    body = Buffer.from(await res.arrayBuffer());
  }
  return { size: body.length, entries: zipEntries(body) };
}
