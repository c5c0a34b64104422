import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ArchiveZip } from '../../src-server/projectArchive/archiveZip';
import { readArchiveDoc } from '../../src-server/projectArchive/readArchive';
import { zipOf } from '../support/zipOf';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'archive-zip-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function opened(files: Record<string, string | Buffer>, unpackedBytes?: number): Promise<ArchiveZip> {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.zip`);
  fs.writeFileSync(file, await zipOf(files));
  return ArchiveZip.open(file, unpackedBytes);
}

const errorOf = async (p: Promise<unknown>) => p.then(() => null, (err: { key?: string; data?: unknown }) => ({ key: err.key, data: err.data }));

describe('a whole-project archive read entry by entry', () => {
  it('hands out the lines of annotations.jsonl, and refuses a line past the limit before holding it', async () => {
    const zip = await opened({ 'a.jsonl': `short\n\n${'x'.repeat(5_000)}\nafter\n` });
    const seen: string[] = [];
    const failure = await errorOf((async () => {
      for await (const l of zip.lines('a.jsonl', 100)) seen.push(l.text);
    })());
    // nothing past the long line is handed out (the piece that holds it is refused whole)
    expect(seen).not.toContain('after');
    expect(failure).toEqual({ key: 'import.zipTooLarge', data: { limit: 'entry', max: 100, file: 'a.jsonl' } });
    zip.close();
  });

  it('stops at what the whole archive may unpack to, over all the entries read', async () => {
    const zip = await opened({ 'media/1/0/a.png': Buffer.alloc(600), 'media/2/0/b.png': Buffer.alloc(600) }, 1_000);
    expect((await zip.read('media/1/0/a.png', 10_000))?.length).toBe(600);
    expect(await errorOf(zip.read('media/2/0/b.png', 10_000))).toEqual({ key: 'import.zipTooLarge', data: { limit: 'unpacked', max: 1_000 } });
    zip.close();
  });

  it('reads lines across the pieces the stream comes in', async () => {
    const lines = Array.from({ length: 3_000 }, (_, i) => `{"n":${i},"pad":"${'p'.repeat(i % 50)}"}`);
    const zip = await opened({ 'a.jsonl': `${lines.join('\n')}\n` });
    const seen: string[] = [];
    for await (const l of zip.lines('a.jsonl', 1_000)) seen.push(l.text);
    expect(seen).toEqual(lines);
    zip.close();
  });

  it('says which file is missing, and refuses another version with the field it read', async () => {
    const missing = await opened({ 'manifest.json': '{}' });
    expect(await errorOf(readArchiveDoc(missing))).toEqual({ key: 'import.missingFile', data: { file: 'project.json' } });
    missing.close();
    const newer = await opened({ 'project.json': JSON.stringify({ format: 'annotation-workstation/project', formatVersion: 3 }) });
    expect(await errorOf(readArchiveDoc(newer))).toEqual({ key: 'import.unsupportedVersion', data: { file: 'project.json', field: 'formatVersion', version: 3 } });
    newer.close();
    const other = await opened({ 'project.json': JSON.stringify({ format: 'cvat', formatVersion: 1 }) });
    expect(await errorOf(readArchiveDoc(other))).toMatchObject({ key: 'import.badFormat', data: { file: 'project.json', field: 'format' } });
    other.close();
  });

  it('refuses a project.json that is not the archive document, naming the field', async () => {
    const zip = await opened({ 'project.json': JSON.stringify({ format: 'annotation-workstation/project', formatVersion: 1, exportedAt: 0, project: { name: 'P' }, batches: [], tasks: [] }) });
    expect(await errorOf(readArchiveDoc(zip))).toMatchObject({ key: 'import.badFormat', data: { file: 'project.json', field: expect.stringContaining('/project') } });
    zip.close();
  });
});
