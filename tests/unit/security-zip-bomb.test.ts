import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COCO_PATH } from '../../src-server/exports/formats';
import { ReadQueue } from '../../src-server/imports/readQueue';
import { readZipInChild } from '../../src-server/imports/readZipInChild';
import { unzipNeeded } from '../../src-server/imports/unzipNeeded';
import { IMPORT_LIMITS } from '../../src-shared/api/projectImport';
import { bombZip } from '../support/bombZip';

const COCO = JSON.stringify({ images: [{ id: 1, file_name: 'a.jpg' }], categories: [{ id: 1, name: 'car' }], annotations: [] });

/**
 * How the import reads an uploaded zip (issue 15), past what the route tests show: what is
 * never unpacked, the zips no tool writes, a JSON built to fill the reader's heap, and
 * how many readings one server runs at once.
 */
describe('reading an import zip that may be hostile', () => {
  let dir: string;
  let n = 0;
  beforeAll(async () => {
    dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'zip-bomb-'));
  });
  afterAll(async () => {
    await fs.promises.rm(dir, { recursive: true, force: true });
  });
  const onDisk = async (zip: Buffer) => {
    const file = path.join(dir, `${++n}.zip`);
    await fs.promises.writeFile(file, zip);
    return file;
  };
  /** Changes the 16-bit field at `offset` of every local header and directory record (compression method, flags). */
  const patched = (zip: Buffer, local: number, central: number, value: number) => {
    const out = Buffer.from(zip);
    for (let i = 0; i + 4 <= out.length; i++) {
      const sig = out.readUInt32LE(i);
      if (sig === 0x04034b50) out.writeUInt16LE(value, i + local);
      if (sig === 0x02014b50) out.writeUInt16LE(value, i + central);
    }
    return out;
  };

  it('never unpacks an entry the format does not read, even a damaged one', async () => {
    const zip = Buffer.from(bombZip([{ name: COCO_PATH, data: COCO }, { name: 'images/a.jpg', data: 'x'.repeat(5000) }]));
    // Spoil the image's compressed bytes: reading it would fail.
    const at = zip.indexOf('images/a.jpg') + 'images/a.jpg'.length;
    zip.fill(0xff, at, at + 8);
    const entries = await unzipNeeded(await onDisk(zip), 'coco');
    expect(entries.get(COCO_PATH)!.toString()).toBe(COCO);
    expect(entries.get('images/a.jpg')).toEqual(Buffer.alloc(0));
  });

  it('refuses a zip with more entries than the limit from its directory', async () => {
    const zip = bombZip(Array.from({ length: 11 }, (_, i) => ({ name: `images/${i}.jpg`, data: 'x' })));
    await expect(unzipNeeded(await onDisk(zip), 'coco', { ...IMPORT_LIMITS, entries: 10 })).rejects.toMatchObject({ key: 'import.zipTooLarge', data: { limit: 'entries', max: 10 } });
  });

  it('refuses a file the format reads whose stated size is past the per-file limit, before unpacking it', async () => {
    const zip = bombZip([{ name: COCO_PATH, zeros: 2 * 1024 ** 2 }]);
    await expect(unzipNeeded(await onDisk(zip), 'coco', { ...IMPORT_LIMITS, entryBytes: 1024 ** 2 })).rejects.toMatchObject({ key: 'import.zipTooLarge', data: { limit: 'entry', max: 1024 ** 2, file: COCO_PATH } });
  });

  it('answers a truncated zip, an encrypted entry and an unknown compression with import.badZip', async () => {
    const zip = bombZip([{ name: COCO_PATH, data: COCO }]);
    const fault = (z: Buffer) => onDisk(z).then((f) => unzipNeeded(f, 'coco')).then(() => null, (err: { key?: string; data?: { message?: string } }) => ({ key: err.key, message: err.data?.message }));
    expect(await fault(zip.subarray(0, zip.length - 10))).toMatchObject({ key: 'import.badZip' });
    expect(await fault(patched(zip, 6, 8, 0x0801))).toMatchObject({ key: 'import.badZip', message: expect.stringContaining('encrypted') });
    expect(await fault(patched(zip, 8, 10, 12))).toMatchObject({ key: 'import.badZip', message: expect.stringContaining('compression method 12') });
  });

  it('turns a reader that runs out of heap into import.zipTooLarge, the server unharmed', async () => {
    const cocoOf = (count: number) => JSON.stringify({ images: Array.from({ length: count }, (_, i) => ({ id: i, file_name: `f/${i}.jpg` })), categories: [], annotations: [] });
    const read = async (json: string) => readZipInChild({ file: await onDisk(bombZip([{ name: COCO_PATH, data: json }])), format: 'coco', limits: IMPORT_LIMITS }, 64);
    // One array of a million objects: in a worker thread with the same cap, V8 aborted the whole process.
    await expect(read(cocoOf(1_000_000))).rejects.toMatchObject({ key: 'import.zipTooLarge', data: { limit: 'memory', max: 64 * 1024 ** 2 } });
    // A small file reads under the same cap.
    expect((await read(cocoOf(10))).frames).toHaveLength(10);
  }, 60_000);

  it('runs one reading at a time and refuses callers past the waiting line with import.busy', async () => {
    const queue = new ReadQueue(1, 1);
    const order: string[] = [];
    let finishFirst!: () => void;
    const first = queue.run(() => new Promise<void>((resolve) => (finishFirst = resolve)).then(() => order.push('first')));
    const second = queue.run(async () => order.push('second'));
    await expect(queue.run(async () => order.push('third'))).rejects.toMatchObject({ key: 'import.busy' });
    expect(order).toEqual([]);
    finishFirst();
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second']);
  });
});
