import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleItems, sampleOntology, writeIntoZip } from '../support/exportSample';
import { decodeBrush, encodeBrush } from '../../src-server/exports/formats/labelStudioBrush';
import { readLabelStudio } from '../../src-server/exports/formats/labelStudioReader';
import { LABEL_STUDIO_CONFIG, LABEL_STUDIO_TASKS, writeLabelStudio } from '../../src-server/exports/formats/labelStudioWriter';
import { formatFailure } from '../support/formatFailure';
import type { AnnotationObject } from '../../src-shared/model/annotation';
import type { OntologyFeature } from '../../src-shared/model/ontology';
import type { ExportItem } from '../../src-server/exports/formats/types';
import { encodeBitmap } from '../../src-shared/mask/rle';

const exportSample = (items: ExportItem[] = sampleItems, ontology = sampleOntology) => writeIntoZip((sink) => writeLabelStudio(items, ontology, sink));
const FIXTURE = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/foreign/label-studio-converter/test_export_yolo-data.json'));

/**
 * Label Studio's converter's decoder (label_studio_converter/brush.py `decode_rle`), written out
 * as it reads the bits, to check what we write decodes there: values, then the alpha channel.
 */
function converterDecode(rle: number[]): number[] {
  const bits = rle.flatMap((b) => [...b.toString(2).padStart(8, '0')].map(Number));
  let at = 0;
  const read = (n: number) => {
    let v = 0;
    for (let i = 0; i < n; i++) v = v * 2 + bits[at++]!;
    return v;
  };
  const num = read(32);
  const word = read(5) + 1;
  const sizes = [read(4) + 1, read(4) + 1, read(4) + 1, read(4) + 1];
  const out = new Array<number>(num).fill(0);
  let i = 0;
  while (i < num) {
    const x = read(1);
    const j = i + 1 + read(sizes[read(2)]!);
    if (x) {
      const val = read(word);
      for (; i < j; i++) out[i] = val;
    } else for (; i < j; i++) out[i] = read(word);
  }
  return out;
}

const failure = (doc: unknown) => formatFailure(() => readLabelStudio(new Map([['export.json', Buffer.from(JSON.stringify(doc))]])));

describe('Label Studio JSON', () => {
  it('writes tasks Label Studio imports, in percent, with a labelling interface naming every control', async () => {
    const { entries, result } = await exportSample();
    expect([...entries.keys()]).toEqual([LABEL_STUDIO_CONFIG, LABEL_STUDIO_TASKS]);
    const config = entries.get(LABEL_STUDIO_CONFIG)!.toString('utf8');
    expect(config).toContain('<RectangleLabels name="Road users" toName="image"><Label value="car" background="#ff0000"/>');
    expect(config).toContain('<Label value="truck &amp; &lt;trailer&gt;"');
    expect(config).toContain('<Choices name="Colour" toName="image" perRegion="true"><Choice value="Red"/><Choice value="Blue"/></Choices>');
    expect(config).toContain('<Choices name="Weather" toName="image"><Choice value="sunny"/></Choices>');
    const tasks = JSON.parse(entries.get(LABEL_STUDIO_TASKS)!.toString('utf8'));
    expect(tasks).toHaveLength(4);
    expect(tasks[0].data).toEqual({ image: 'a.jpg' });
    const [car, carColour] = tasks[0].annotations[0].result;
    expect(car).toMatchObject({ from_name: 'Road users', to_name: 'image', type: 'rectanglelabels', original_width: 640, original_height: 480, value: { x: (10 / 640) * 100, y: (20 / 480) * 100, width: (100 / 640) * 100, height: (50 / 480) * 100, rotation: 0, rectanglelabels: ['car'] } });
    // The answer a per-region control gives: the region's own id.
    expect(carColour).toMatchObject({ id: car.id, from_name: 'Colour', type: 'choices', value: { choices: ['Red'] } });
    expect(tasks[0].annotations[0].result.at(-1)).toMatchObject({ from_name: 'Weather', type: 'choices', value: { choices: ['sunny'] } });
    // The frame of unknown size: nothing in percent.
    expect(tasks[3].annotations[0].result).toEqual([]);
    expect(result.skipped).toEqual({ polyline: 1, keypoints: 1, unknownSize: 1 });
  });

  it('reads its own tasks back to the same shapes and answers', async () => {
    const read = readLabelStudio((await exportSample()).entries);
    expect(read.items.map((i) => i.name)).toEqual(['a.jpg', 'folder/b.png', 'clip/000000.jpg', 'clip/000001.jpg']);
    const [car, ped, road] = read.items[0]!.frames[0]!.objects;
    expect(car).toMatchObject({ label: 'car', featureName: 'Road users', attributes: { Colour: 'Red' }, tool: 'box' });
    const g = car!.geometry as { x: number; y: number; width: number; height: number };
    for (const [got, want] of [[g.x, 10], [g.y, 20], [g.width, 100], [g.height, 50]] as const) expect(got).toBeCloseTo(want, 9);
    expect(ped).toMatchObject({ label: '行人', tool: 'box', geometry: { rotation: 15 } });
    expect(road).toMatchObject({ label: 'road', tool: 'polygon' });
    expect(read.items[0]!.frames[0]!.attributes).toEqual({ Weather: 'sunny' });
    expect([read.items[0]!.frames[0]!.width, read.items[0]!.frames[0]!.height]).toEqual([640, 480]);
  });

  it('writes a mask as Label Studio brush runs that its converter decodes to the same pixels, and reads them back', async () => {
    const bits = Uint8Array.from([1, 0, 1, 1, 1, 0]);
    const mask = { x: 5, y: 6, width: 3, height: 2, rle: encodeBitmap(bits, 3, 2) };
    const ontology = { features: [{ featureId: 9, sortOrder: 0, name: 'Stuff', tool: 'mask', labels: [{ id: 'sky', name: 'sky', color: '#00f' }], attributes: [] } as OntologyFeature] };
    const o = { id: 'm', featureId: 9, labelId: 'sky', attributes: {}, zIndex: 0, source: 'manual', tool: 'mask', geometry: mask } as AnnotationObject;
    const items: ExportItem[] = [{ dataId: 1, name: 'p.jpg', recordType: 'image', frames: [{ frameId: 1, index: 0, fileName: 'p.jpg', width: 10, height: 9, data: { version: 1, objects: [o], classifications: [] } }] }];
    const { entries } = await exportSample(items, ontology);
    const brush = JSON.parse(entries.get(LABEL_STUDIO_TASKS)!.toString('utf8'))[0].annotations[0].result[0];
    expect(brush).toMatchObject({ type: 'brushlabels', original_width: 10, original_height: 9, value: { format: 'rle', brushlabels: ['sky'] } });
    const rgba = converterDecode(brush.value.rle);
    expect(rgba).toHaveLength(10 * 9 * 4);
    const alpha = rgba.filter((_, i) => i % 4 === 3).map((v) => (v ? 1 : 0));
    const want = new Array<number>(90).fill(0);
    [[5, 6], [7, 6], [5, 7], [6, 7]].forEach(([x, y]) => (want[y! * 10 + x!] = 1));
    expect(alpha).toEqual(want);
    expect(readLabelStudio(entries).items[0]!.frames[0]!.objects).toEqual([{ label: 'sky', featureName: 'Stuff', attributes: {}, tool: 'mask', geometry: mask }]);
    // Runs longer than one block, and the decoder's own "values told one by one" blocks.
    const big = new Uint8Array(300 * 300).fill(1);
    expect(decodeBrush('f', 'rle', encodeBrush(big, 300, 300), 300, 300)).toEqual(big);
  });

  it("reads the converter's own test export: the last updated of two people's annotations, per-region choices, names without extension", () => {
    const read = readLabelStudio(new Map([['project-1-at-2022-12-27.json', FIXTURE]]));
    expect(read.items.map((i) => [i.name, i.frames[0]!.width, i.frames[0]!.height])).toEqual([['image1', 2800, 2800], ['image2', 2800, 2800]]);
    const first = read.items[0]!.frames[0]!.objects;
    // annotation 2 (updated 21:05:03) over annotation 1 (21:04:40)
    expect(first.map((o) => o.label)).toEqual(['parasites', 'white']);
    expect(first[0]!.geometry).toMatchObject({ x: (37.88706739526412 / 100) * 2800 });
    const second = read.items[1]!.frames[0]!.objects;
    expect(second.map((o) => [o.label, o.featureName, o.attributes])).toEqual([['white', 'label', { choices: 'uncertain' }], ['white', 'label', {}]]);
    expect(read.warnings).toEqual(['project-1-at-2022-12-27.json: [0] has 2 annotations; the last updated one (id 2) is read']);
  });

  it('refuses another version of the file, and what it cannot read, with the place', async () => {
    expect(await failure([{ data: { image: 'a.jpg' }, completions: [] }])).toMatchObject({ code: 'import.unsupportedVersion', details: { version: '0.x' } });
    expect(await failure([{ image: 'a.jpg', label: [] }])).toMatchObject({ code: 'import.badFormat', details: { field: '[0].data' } });
    expect(await failure([{ data: { image: 'a.jpg' }, id: 1, label: [{ x: 1 }] }])).toMatchObject({ code: 'import.unsupportedVersion', details: { version: 'JSON-MIN' } });
    const region = { id: 'r', type: 'rectanglelabels', from_name: 'l', to_name: 'image', original_width: 10, original_height: 10, value: { x: 'a', y: 1, width: 1, height: 1, rectanglelabels: ['car'] } };
    expect(await failure([{ data: { image: 'a.jpg' }, annotations: [{ result: [region] }] }])).toMatchObject({ details: { field: '[0].result[0].value.x' } });
    const brush = { ...region, type: 'brushlabels', value: { format: 'rle', rle: encodeBrush(new Uint8Array(4), 2, 2), brushlabels: ['sky'] } };
    expect(await failure([{ data: { image: 'a.jpg' }, annotations: [{ result: [brush] }] }])).toMatchObject({ details: { field: '[0].result[0].value.rle' } });
    const huge = { ...brush, original_width: 20_000, original_height: 20_000 };
    expect(await failure([{ data: { image: 'a.jpg' }, annotations: [{ result: [huge] }] }])).toMatchObject({ details: { field: '[0].result[0].original_width' } });
    expect(() => readLabelStudio(new Map([['x.json', Buffer.from('{"a":1}')]]))).toThrow(expect.objectContaining({ code: 'import.missingFile' }));
  });
});
