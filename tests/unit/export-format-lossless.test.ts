import { describe, expect, it } from 'vitest';
import { sampleItems, sampleOntology, writeIntoZip } from '../support/exportSample';
import { FormatError } from '../../src-server/exports/formats/formatError';
import { LOSSLESS_FILES, readLossless, writeLossless } from '../../src-server/exports/formats/losslessJson';
import type { ExportItem, ZipSink } from '../../src-server/exports/formats/types';

const exportSample = () => writeIntoZip((sink) => writeLossless(sampleItems, sampleOntology, sink));

describe('lossless JSON export', () => {
  it('writes a versioned manifest, the ontology and one JSON line per subject', async () => {
    const { entries, result } = await exportSample();
    expect([...entries.keys()]).toEqual(['manifest.json', 'ontology.json', 'annotations.jsonl']);
    expect(JSON.parse(entries.get('manifest.json')!.toString())).toMatchObject({ format: 'annotation-workstation/lossless', formatVersion: 1 });
    const lines = entries.get('annotations.jsonl')!.toString('utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(JSON.parse(lines[2]!)).toMatchObject({ dataId: 13, recordType: 'frame', frames: [{ fileName: 'clip/000000.jpg' }, { fileName: 'clip/000001.jpg', width: null }] });
    expect(result).toMatchObject({ frames: 4, objectsWritten: 8 });
  });

  it('round-trips every object, classification, rotation and keypoint exactly', async () => {
    const back = readLossless((await exportSample()).entries);
    expect(back.items).toEqual(sampleItems);
    expect(back.ontology).toEqual(sampleOntology);
  });

  it('refuses a newer format version, a broken line and an invalid frame, naming file and line', async () => {
    const { entries } = await exportSample();
    const failure = (path: string, body: string) => {
      try {
        readLossless(new Map([...entries, [path, Buffer.from(body)]]));
      } catch (err) {
        return err;
      }
      throw new Error('expected a FormatError');
    };
    expect(failure(LOSSLESS_FILES.manifest, JSON.stringify({ format: 'annotation-workstation/lossless', formatVersion: 2 }))).toMatchObject({
      code: 'import.unsupportedVersion',
      details: { file: 'manifest.json', version: 2 },
    });
    const good = JSON.stringify(sampleItems[0]);
    const broken = failure(LOSSLESS_FILES.annotations, `${good}\n{"dataId":1,\n`);
    expect(broken).toBeInstanceOf(FormatError);
    expect(broken).toMatchObject({ code: 'import.badFormat', details: { file: 'annotations.jsonl', line: 2 } });
    const badFrame = { ...sampleItems[0]!, frames: [{ ...sampleItems[0]!.frames[0]!, data: { version: 1, objects: [{ tool: 'box' }], classifications: [] } }] };
    expect(failure(LOSSLESS_FILES.annotations, `${good}\n${good}\n${JSON.stringify(badFrame)}\n`)).toMatchObject({
      details: { file: 'annotations.jsonl', line: 3, field: expect.stringMatching(/^frames\[0\]\.data\/objects\/0/) },
    });
  });

  it('streams: the first line reaches the sink before the last of 20,000 subjects is produced', async () => {
    const total = 20_000;
    let produced = 0;
    async function* items(): AsyncGenerator<ExportItem> {
      for (let i = 0; i < total; i++) {
        produced++;
        yield { ...sampleItems[0]!, dataId: i + 1 };
      }
    }
    let producedAtFirstLine = -1;
    let lines = 0;
    const sink: ZipSink = {
      async add(path, content) {
        if (path !== LOSSLESS_FILES.annotations || typeof content === 'string' || Buffer.isBuffer(content)) return;
        for await (const chunk of content) {
          if (lines === 0) producedAtFirstLine = produced;
          lines += chunk.toString().split('\n').length - 1;
        }
      },
    };
    await writeLossless(items(), sampleOntology, sink);
    expect(producedAtFirstLine).toBe(1);
    expect(lines).toBe(total);
  });
});
