import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterEach, describe, expect, it } from 'vitest';
import { guardUpload, sweepStaleSpools } from '../../src-server/routes/obs/uploadStream';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('the fallback upload\'s byte guard', () => {
  it('passes a file of at most the limit through unchanged', async () => {
    const guard = guardUpload(Readable.from([Buffer.from('abc'), Buffer.from('de')]), 5);
    expect((await buffer(guard.body)).toString()).toBe('abcde');
    expect(guard.tooLarge()).toBe(false);
  });

  it('fails one byte past the limit, blaming the size', async () => {
    const guard = guardUpload(Readable.from([Buffer.from('abc'), Buffer.from('def')]), 5);
    await expect(buffer(guard.body)).rejects.toMatchObject({ key: 'obs.fileTooLarge' });
    expect(guard.tooLarge()).toBe(true);
    expect(guard.clientFailed()).toBe(false);
  });

  it('tells a broken client stream from a failure downstream', async () => {
    const client = new PassThrough();
    const broken = guardUpload(client, 100);
    const reading = buffer(broken.body);
    client.destroy(new Error('Unexpected end of form'));
    await expect(reading).rejects.toThrow();
    expect(broken.clientFailed()).toBe(true);

    const fine = new PassThrough();
    const downstream = guardUpload(fine, 100);
    downstream.body.destroy(new Error('store down'));
    await new Promise((r) => setTimeout(r, 10));
    expect(downstream.clientFailed()).toBe(false);
  });
});

describe('spool sweeping', () => {
  it('removes only old spool files', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-spool-'));
    dirs.push(dataDir);
    const tmp = path.join(dataDir, 'tmp');
    fs.mkdirSync(tmp);
    for (const name of ['obs-upload-old', 'obs-upload-new', 'other-old']) fs.writeFileSync(path.join(tmp, name), 'x');
    const old = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    fs.utimesSync(path.join(tmp, 'obs-upload-old'), old, old);
    fs.utimesSync(path.join(tmp, 'other-old'), old, old);
    sweepStaleSpools(dataDir, Date.now());
    expect(fs.readdirSync(tmp).sort()).toEqual(['obs-upload-new', 'other-old']);
    sweepStaleSpools(path.join(dataDir, 'missing'), Date.now());
  });
});
