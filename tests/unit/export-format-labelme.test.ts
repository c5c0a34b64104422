import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { asImported, sampleItems, sampleOntology, writeIntoZip } from '../support/exportSample';
import { CIRCLE_SIDES, readLabelme } from '../../src-server/exports/formats/labelmeReader';
import { writeLabelme } from '../../src-server/exports/formats/labelmeWriter';
import { formatFailureAsync } from '../support/formatFailure';
import type { AnnotationObject } from '../../src-shared/model/annotation';
import type { OntologyFeature } from '../../src-shared/model/ontology';
import type { ExportItem } from '../../src-server/exports/formats/types';
import { encodeBitmap } from '../../src-shared/mask/rle';

const exportSample = (items: ExportItem[] = sampleItems, ontology = sampleOntology) => writeIntoZip((sink) => writeLabelme(items, ontology, sink));
const json = (entries: ReadonlyMap<string, Buffer>, p: string) => JSON.parse(entries.get(p)!.toString('utf8'));
const FIXTURE = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/labelme/ann/primitives.json'));

const failure = (doc: unknown) => formatFailureAsync(() => readLabelme(new Map([['a.json', Buffer.from(JSON.stringify(doc))]])));

describe('LabelMe export', () => {
  it('writes a JSON beside each picture with LabelMe shapes, answers by name and the frame labels as flags', async () => {
    const { entries, result } = await exportSample();
    expect([...entries.keys()]).toEqual(['a.json', 'folder/b.json', 'clip/000000.json', 'clip/000001.json']);
    const a = json(entries, 'a.json');
    expect(a).toMatchObject({ version: '5.5.0', imagePath: 'a.jpg', imageData: null, imageWidth: 640, imageHeight: 480, flags: { sunny: true }, attributes: { Weather: 'sunny' } });
    expect(a.shapes[0]).toEqual({ label: 'car', points: [[10, 20], [110, 70]], group_id: null, description: '', shape_type: 'rectangle', flags: {}, attributes: { Colour: 'Red' } });
    // the rotated box: the box it covers
    expect(a.shapes[1]).toMatchObject({ label: '行人', shape_type: 'rectangle' });
    expect(a.shapes[2]).toMatchObject({ label: 'road', shape_type: 'polygon', points: [[0, 300], [320, 250], [640, 300], [640, 480]] });
    expect(a.shapes[3]).toMatchObject({ label: 'lane', shape_type: 'linestrip', points: [[1, 2], [3, 4]] });
    expect(json(entries, 'folder/b.json')).toMatchObject({ imagePath: 'b.png', shapes: [{ label: 'truck & <trailer>', shape_type: 'rectangle' }] });
    expect(result.skipped).toEqual({ rotatedBoxFlattened: 1, keypoints: 1 });
  });

  it('reads its own export back: the shapes LabelMe has, labels and answers by name, frame answers', async () => {
    const read = await readLabelme((await exportSample()).entries);
    expect(read.items.map((i) => i.name)).toEqual(['a.jpg', 'folder/b.png', 'clip/000000.jpg', 'clip/000001.jpg']);
    const kept = (o: AnnotationObject) => o.tool !== 'keypoints' && !(o.tool === 'box' && o.geometry.rotation);
    const want = sampleItems.flatMap((i) => i.frames.map((f) => f.data.objects.filter(kept).map((o) => { const { featureName: _f, ...rest } = asImported(o); return rest; })));
    const got = read.items.map((i) => i.frames[0]!.objects.filter((o) => !(o.label === '行人' && i.name === 'a.jpg')));
    expect(got).toEqual(want);
    expect(read.items[0]!.frames[0]!.attributes).toEqual({ Weather: 'sunny' });
  });

  it('writes a mask as its box corners and a PNG of its pixels, and reads the same pixels back', async () => {
    const bits = Uint8Array.from([1, 0, 1, 1, 1, 0]);
    const mask = { x: 5, y: 6, width: 3, height: 2, rle: encodeBitmap(bits, 3, 2) };
    const ontology = { features: [{ featureId: 9, sortOrder: 0, name: 'Stuff', tool: 'mask', labels: [{ id: 'sky', name: 'sky', color: '#00f' }], attributes: [] } as OntologyFeature] };
    const o = { id: 'm', featureId: 9, labelId: 'sky', attributes: {}, zIndex: 0, source: 'manual', tool: 'mask', geometry: mask } as AnnotationObject;
    const items: ExportItem[] = [{ dataId: 1, name: 'p.jpg', recordType: 'image', frames: [{ frameId: 1, index: 0, fileName: 'p.jpg', width: 20, height: 10, data: { version: 1, objects: [o], classifications: [] } }] }];
    const { entries } = await exportSample(items, ontology);
    const shape = json(entries, 'p.json').shapes[0];
    expect(shape).toMatchObject({ shape_type: 'mask', points: [[5, 6], [7, 7]] });
    // The PNG, read by libvips: 255 where set.
    const { data, info } = await sharp(Buffer.from(shape.mask, 'base64')).raw().toBuffer({ resolveWithObject: true });
    const firstChannel = [...data].filter((_, i) => i % info.channels === 0);
    expect([info.width, info.height, firstChannel]).toEqual([3, 2, [255, 0, 255, 255, 255, 0]]);
    const frame = (await readLabelme(entries)).items[0]!.frames[0]!;
    expect(frame.objects).toEqual([{ label: 'sky', attributes: {}, tool: 'mask', geometry: mask }]);
    expect(frame.maskSize).toEqual({ width: 20, height: 10, file: 'p.json' });
  });

  it("reads a file as LabelMe saves one: every shape type, corners in either order, flags, a picture beside another folder", async () => {
    const read = await readLabelme(new Map([['ann/primitives.json', FIXTURE], ['ann/notes.json', Buffer.from('{"about":"not labelme"}')]]));
    expect(read.items).toHaveLength(1);
    const frame = read.items[0]!.frames[0]!;
    expect([frame.fileName, frame.width, frame.height]).toEqual(['images/primitives.jpg', 560, 450]);
    // image flags set true are its labels
    expect(frame.tags).toEqual([{ label: 'indoor', attributes: {} }]);
    const [cat, ball, road, edge, lane, nose, stain] = frame.objects;
    expect(cat).toEqual({ label: 'cat', attributes: { occluded: true }, tool: 'box', geometry: { x: 32, y: 35, width: 100, height: 100 } });
    expect(ball).toMatchObject({ label: 'ball', tool: 'polygon' });
    const ring = (ball!.geometry as { points: { x: number; y: number }[] }).points;
    expect(ring).toHaveLength(CIRCLE_SIDES);
    for (const p of ring) expect(Math.hypot(p.x - 195, p.y - 84)).toBeCloseTo(30, 6);
    expect(road).toMatchObject({ label: 'road', tool: 'polygon' });
    expect(edge).toMatchObject({ label: 'edge', tool: 'polyline', geometry: { points: [{ x: 188, y: 178 }, { x: 160, y: 224 }] } });
    expect(lane).toMatchObject({ label: 'lane', tool: 'polyline' });
    expect(nose).toEqual({ label: 'nose', attributes: {}, tool: 'point', geometry: { x: 345, y: 174 } });
    // rows 1 0 1 / 0 1 1 at 10,20
    expect(stain).toMatchObject({ label: 'stain', tool: 'mask', geometry: { x: 10, y: 20, width: 3, height: 2, rle: encodeBitmap(Uint8Array.from([1, 0, 1, 0, 1, 1]), 3, 2) } });
    expect(read.warnings).toEqual([
      'ann/primitives.json: shapes[1] is a circle; made a polygon of 64 points',
      'ann/primitives.json: shapes[6] has no label; left out',
      'ann/notes.json: not a LabelMe file (no "shapes"); left out',
    ]);
  });

  it('refuses what it cannot read, with the file and the place', async () => {
    expect(await failure({ shapes: [{ label: 'a', shape_type: 'rectangle', points: [[1, 2]] }] })).toMatchObject({ code: 'import.badFormat', details: { file: 'a.json', field: 'shapes[0].points' } });
    expect(await failure({ shapes: [{ label: 'a', shape_type: 'polygon', points: [[1, 'x'], [2, 3], [4, 5]] }] })).toMatchObject({ details: { field: 'shapes[0].points[0]' } });
    expect(await failure({ shapes: [{ label: 'a', shape_type: 'cuboid', points: [] }] })).toMatchObject({ details: { field: 'shapes[0].shape_type' } });
    const png = await sharp(Buffer.alloc(4), { raw: { width: 2, height: 2, channels: 1 } }).png().toBuffer();
    expect(await failure({ shapes: [{ label: 'a', shape_type: 'mask', points: [[0, 0], [4, 4]], mask: png.toString('base64') }] })).toMatchObject({ code: 'import.maskSize', details: { width: 2, height: 2, frameWidth: 5 } });
    expect(await failure({ shapes: [{ label: 'a', shape_type: 'mask', points: [[0, 0], [1, 1]], mask: Buffer.from('not a png').toString('base64') }] })).toMatchObject({ code: 'import.badFormat' });
    await expect(readLabelme(new Map([['a.json', Buffer.from('{"x":1}')]]))).rejects.toMatchObject({ code: 'import.missingFile' });
    await expect(readLabelme(new Map([['a.json', Buffer.from('{"shapes": [')]]))).rejects.toMatchObject({ code: 'import.badFormat', details: { file: 'a.json' } });
  });
});
