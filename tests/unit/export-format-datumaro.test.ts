import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { asImported, sampleItems, sampleOntology, writeIntoZip } from '../support/exportSample';
import { readDatumaro } from '../../src-server/exports/formats/datumaroReader';
import { DATUMARO_PATH, writeDatumaro } from '../../src-server/exports/formats/datumaroWriter';
import { formatFailure } from '../support/formatFailure';
import type { AnnotationObject } from '../../src-shared/model/annotation';
import type { OntologyFeature } from '../../src-shared/model/ontology';
import type { ExportItem } from '../../src-server/exports/formats/types';
import { encodeBitmap } from '../../src-shared/mask/rle';

const exportSample = (items: ExportItem[] = sampleItems, ontology = sampleOntology) => writeIntoZip((sink) => writeDatumaro(items, ontology, sink));
const DIVERSE = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/foreign/datumaro/datumaro-diverse-train.json'), 'utf8'));
const read = (doc: unknown) => readDatumaro(new Map([['annotations/train.json', Buffer.from(JSON.stringify(doc))]]));

const failure = (doc: unknown) => formatFailure(() => read(doc));

describe("Datumaro's JSON", () => {
  it('writes the categories with their attributes and skeletons, and each frame an item of its annotations', async () => {
    const { entries, result } = await exportSample();
    expect([...entries.keys()]).toEqual([DATUMARO_PATH]);
    const doc = JSON.parse(entries.get(DATUMARO_PATH)!.toString('utf8'));
    expect(doc.dm_format_version).toBe('1.0');
    expect(doc.categories.label.labels.map((l: { name: string }) => l.name)).toEqual(['car', '行人', 'truck & <trailer>', 'road', 'person', 'lane', 'sunny']);
    expect(doc.categories.label.labels[0].attributes).toEqual(['Colour']);
    expect(doc.categories.points.items).toEqual([{ label_id: 4, labels: ['head', 'left_hand', 'right_hand'], joints: [[0, 1], [0, 2]] }]);
    const [a, b] = doc.items;
    expect(a.id).toBe('a');
    expect(a.image).toEqual({ path: 'a.jpg', size: [480, 640] });
    expect(a.annotations[0]).toMatchObject({ type: 'bbox', bbox: [10, 20, 100, 50], label_id: 0, attributes: { Colour: 'Red' } });
    expect(a.annotations[1]).toMatchObject({ type: 'bbox', label_id: 1, attributes: { rotation: 15 } });
    expect(a.annotations.at(-1)).toMatchObject({ type: 'label', label_id: 6 });
    expect(b.annotations[0]).toMatchObject({ type: 'points', label_id: 4, points: [400, 100, 350.5, 300, 500, 400], visibility: [2, 1, 0] });
    expect(result).toMatchObject({ objectsWritten: 8, skipped: {} });
  });

  it('reads its own file back: every shape, answers by name, rotation, keypoints by name, frame labels', async () => {
    const r = readDatumaro((await exportSample()).entries);
    const want = sampleItems.flatMap((i) => i.frames.map((f) => f.data.objects.map((o) => { const { featureName: _f, ...rest } = asImported(o); return rest; })));
    expect(r.items.map((i) => i.frames[0]!.objects)).toEqual(want);
    expect(r.items[0]!.frames[0]!.tags).toEqual([{ label: 'sunny', attributes: {} }]);
    expect(r.items.map((i) => i.name)).toEqual(['a.jpg', 'folder/b.png', 'clip/000000.jpg', 'clip/000001.jpg']);
  });

  it('writes a mask as COCO run-length over its picture and reads the same pixels back; a frame of unknown size has no mask', async () => {
    const mask = { x: 5, y: 6, width: 3, height: 2, rle: encodeBitmap(Uint8Array.from([1, 0, 1, 1, 1, 0]), 3, 2) };
    const ontology = { features: [{ featureId: 9, sortOrder: 0, name: 'Stuff', tool: 'mask', labels: [{ id: 'sky', name: 'sky', color: '#00f' }], attributes: [] } as OntologyFeature] };
    const o = { id: 'm', featureId: 9, labelId: 'sky', attributes: {}, zIndex: 0, source: 'manual', tool: 'mask', geometry: mask } as AnnotationObject;
    const frame = (fileName: string, size: number | null) => ({ frameId: 1, index: 0, fileName, width: size, height: size, data: { version: 1 as const, objects: [o], classifications: [] } });
    const items: ExportItem[] = [{ dataId: 1, name: 'p', recordType: 'image', frames: [frame('p.jpg', 12)] }, { dataId: 2, name: 'q', recordType: 'image', frames: [frame('q.jpg', null)] }];
    const { entries, result } = await exportSample(items, ontology);
    const doc = JSON.parse(entries.get(DATUMARO_PATH)!.toString('utf8'));
    expect(doc.items[0].annotations[0]).toMatchObject({ type: 'mask', rle: { size: [12, 12] } });
    expect(result.skipped).toEqual({ unknownSize: 1 });
    const back = readDatumaro(entries).items[0]!.frames[0]!;
    expect(back.objects).toEqual([{ label: 'sky', attributes: {}, tool: 'mask', geometry: mask }]);
    expect(back.maskSize).toEqual({ width: 12, height: 12, file: DATUMARO_PATH });
  });

  it("reads Datumaro's own odd cases and refuses what cannot be read: its points that disagree with their names, its mask of the wrong size, its label id past the list", () => {
    // As Datumaro wrote it: the three points of a label whose skeleton names two.
    expect(failure(DIVERSE)).toMatchObject({ code: 'import.badFormat', details: { field: 'items[0].annotations[5].points' } });
    const withoutPoints = structuredClone(DIVERSE);
    withoutPoints.items[0].annotations.splice(5, 1);
    // Its mask is 2 x 3 on an image of 10 x 6.
    expect(failure(withoutPoints)).toMatchObject({ code: 'import.maskSize', details: { width: 3, height: 2, frameWidth: 6, frameHeight: 10 } });
    withoutPoints.items[0].annotations.splice(5, 1);
    // Its second item's box names label 5 of 5 labels.
    expect(failure(withoutPoints)).toMatchObject({ code: 'import.badFormat', details: { field: 'items[1].annotations[2].label_id' } });
    withoutPoints.items[1].annotations.splice(2, 1);
    const r = read(withoutPoints);
    const [first, second] = r.items;
    expect([first!.name, first!.frames[0]!.width, first!.frames[0]!.height]).toEqual(['100.jpg', 6, 10]);
    expect(first!.frames[0]!.objects).toEqual([{ label: 'cat4', attributes: { score: 1 }, tool: 'box', geometry: { x: 1, y: 2, width: 3, height: 4 } }]);
    expect(first!.frames[0]!.tags).toEqual([{ label: 'cat2', attributes: { x: 1, y: '2' } }]);
    // An item with no picture path is named by its id (matched to a frame by its stem).
    expect(second!.name).toBe('21');
    expect(r.warnings).toEqual([
      'annotations/train.json: items[0].annotations[0] is a caption; not read',
      'annotations/train.json: items[0].annotations[1] is a caption; not read',
      'annotations/train.json: items[0].annotations[4] has no label; left out',
      'annotations/train.json: items[1].annotations[0] is a caption; not read',
    ]);
  });

  it('refuses another format version and a file that is not a dataset', () => {
    expect(failure({ dm_format_version: '2.0', items: [] })).toMatchObject({ code: 'import.unsupportedVersion', details: { version: '2.0' } });
    expect(failure({ categories: {} })).toMatchObject({ code: 'import.badFormat', details: { field: 'items' } });
    expect(() => readDatumaro(new Map([['other.json', Buffer.from('{}')]]))).toThrow(expect.objectContaining({ code: 'import.missingFile' }));
  });
});
