import fs from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { asImported, sampleItems, sampleOntology, writeIntoZip } from '../support/exportSample';
import { readCvat } from '../../src-server/exports/formats/cvatReader';
import { CVAT_PATH, writeCvat } from '../../src-server/exports/formats/cvatWriter';
import { cvatMaskFields, maskOfCvat } from '../../src-server/exports/formats/cvatMasks';
import { formatFailure } from '../support/formatFailure';
import type { AnnotationObject } from '../../src-shared/model/annotation';
import type { ExportItem } from '../../src-server/exports/formats/types';
import type { OntologyFeature } from '../../src-shared/model/ontology';
import { encodeBitmap } from '../../src-shared/mask/rle';

const exportSample = (items: ExportItem[] = sampleItems) => writeIntoZip((sink) => writeCvat(items, sampleOntology, sink, { createdAt: Date.UTC(2026, 10, 29) }));
const fixture = (name: string) => fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/foreign/datumaro', name));
// An independent parse, as a user's script (or CVAT's ElementTree) reads the file.
const parse = (s: string) =>
  new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false, isArray: (n, _p, _l, isAttribute) => !isAttribute && ['image', 'box', 'polygon', 'polyline', 'points', 'skeleton', 'tag', 'attribute', 'label', 'mask'].includes(n) }).parse(s)
    .annotations;

const failure = (xml: string) => formatFailure(() => readCvat(new Map([[CVAT_PATH, Buffer.from(xml)]])));

describe('CVAT for images 1.1 export', () => {
  it('writes one annotations.xml with its labels in <meta> and each frame an <image> of its shapes, as CVAT reads them', async () => {
    const { entries, result } = await exportSample();
    expect([...entries.keys()]).toEqual([CVAT_PATH]);
    const doc = parse(entries.get(CVAT_PATH)!.toString('utf8'));
    expect(doc.version).toBe('1.1');
    const labels = doc.meta.task.labels.label as { name: string; type: string; parent?: string; attributes?: { attribute?: { name: string; input_type: string; values: string }[] } }[];
    expect(labels.map((l) => [l.name, l.type, l.parent ?? null])).toEqual([
      ['car', 'rectangle', null], ['行人', 'rectangle', null], ['truck & <trailer>', 'rectangle', null], ['road', 'polygon', null],
      ['person', 'skeleton', null], ['head', 'points', 'person'], ['left_hand', 'points', 'person'], ['right_hand', 'points', 'person'],
      ['lane', 'polyline', null], ['sunny', 'tag', null],
    ]);
    expect(labels[0]!.attributes!.attribute).toEqual([{ name: 'Colour', mutable: 'False', input_type: 'radio', default_value: 'Red', values: 'Red\nBlue' }]);

    const [a, b, c0, c1] = doc.image;
    expect([a.id, a.name, a.width, a.height]).toEqual(['0', 'a.jpg', '640', '480']);
    expect(a.box).toEqual([
      { label: 'car', source: 'manual', occluded: '0', xtl: '10', ytl: '20', xbr: '110', ybr: '70', z_order: String(sampleItems[0]!.frames[0]!.data.objects[0]!.zIndex), attribute: [{ name: 'Colour', '#text': 'Red' }] },
      expect.objectContaining({ label: '行人', xtl: '200.5', ytl: '100.25', xbr: '240.5', ybr: '180.25', rotation: '15' }),
    ]);
    expect(a.polygon[0]).toMatchObject({ label: 'road', points: '0,300;320,250;640,300;640,480' });
    expect(a.polyline[0]).toMatchObject({ label: 'lane', points: '1,2;3,4' });
    expect(a.tag).toEqual([{ label: 'sunny', source: 'manual' }]);
    // Every point of the skeleton, the absent one outside.
    expect(b.skeleton[0].points).toEqual([
      { label: 'head', occluded: '0', outside: '0', points: '400,100' },
      { label: 'left_hand', occluded: '1', outside: '0', points: '350.5,300' },
      { label: 'right_hand', occluded: '0', outside: '1', points: '500,400' },
    ]);
    expect([c0.name, c1.name, c1.width]).toEqual(['clip/000000.jpg', 'clip/000001.jpg', '0']);
    expect(result).toMatchObject({ format: 'cvat', frames: 4, objectsWritten: 8, skipped: {} });
  });

  it('reads its own export back: every shape, its label, answers and drawing order, and the frame tags', async () => {
    const read = readCvat((await exportSample()).entries);
    const want = sampleItems.flatMap((i) => i.frames.map((f) => f.data.objects.map((o) => ({ ...asImported(o) }))));
    const got = read.items.map((i) => i.frames[0]!.objects);
    // CVAT keeps no feature names; the import finds labels by name.
    expect(got).toEqual(want.map((objects) => objects.map(({ featureName: _f, ...o }) => o)));
    expect(read.items[0]!.frames[0]!.tags).toEqual([{ label: 'sunny', attributes: {} }]);
    expect(read.items.map((i) => [i.name, i.frames[0]!.width, i.frames[0]!.height])).toEqual([
      ['a.jpg', 640, 480], ['folder/b.png', 1280, 720], ['clip/000000.jpg', 320, 240], ['clip/000001.jpg', null, null],
    ]);
  });

  it('writes a mask as row-major runs over its box, reads it back to the same pixels, and says occluded from the answer', async () => {
    // An L of 5 pixels in a 3 x 3 box at 7,4: row-major 1 0 0 / 1 0 0 / 1 1 1.
    const bits = Uint8Array.from([1, 0, 0, 1, 0, 0, 1, 1, 1]);
    const mask = { x: 7, y: 4, width: 3, height: 3, rle: encodeBitmap(bits, 3, 3) };
    expect(cvatMaskFields(mask)).toEqual({ rle: '0, 1, 2, 1, 2, 3', left: 7, top: 4, width: 3, height: 3 });
    expect(maskOfCvat('f', 'mask', cvatMaskFields(mask))).toEqual(mask);

    const ontology = { features: [{ featureId: 9, sortOrder: 0, name: 'Stuff', tool: 'mask' as const, labels: [{ id: 'sky', name: 'sky', color: '#00f' }], attributes: [{ id: 'occ', name: 'occluded', type: 'radio' as const, options: [{ id: 'y', name: 'yes' }, { id: 'n', name: 'no' }] }] } as OntologyFeature] };
    const o = { id: 'm', featureId: 9, labelId: 'sky', attributes: { occ: 'y' }, zIndex: 0, source: 'ai', tool: 'mask', geometry: mask } as AnnotationObject;
    const items: ExportItem[] = [{ dataId: 1, name: 'p.jpg', recordType: 'image', frames: [{ frameId: 1, index: 0, fileName: 'p.jpg', width: 20, height: 10, data: { version: 1, objects: [o], classifications: [] } }] }];
    const { entries } = await writeIntoZip((sink) => writeCvat(items, ontology, sink));
    const element = parse(entries.get(CVAT_PATH)!.toString('utf8')).image[0].mask[0];
    expect(element).toMatchObject({ label: 'sky', source: 'auto', occluded: '1', rle: '0, 1, 2, 1, 2, 3', left: '7', top: '4', width: '3', height: '3' });
    const frame = readCvat(entries).items[0]!.frames[0]!;
    expect(frame.objects).toEqual([{ label: 'sky', attributes: { occluded: 'yes' }, tool: 'mask', geometry: mask }]);
    expect(frame.maskSize).toEqual({ width: 20, height: 10, file: CVAT_PATH });
  });

  it("reads Datumaro's own CVAT file: attributes by name, occluded, the skeleton's outside point, one object per point, unlabelled shapes left out", () => {
    const read = readCvat(new Map([[CVAT_PATH, fixture('cvat-for-images-train.xml')]]));
    const [img0, img1] = read.items.map((i) => i.frames[0]!);
    expect(img0!.fileName).toBe('img0.jpg');
    expect([img0!.width, img0!.height]).toEqual([8, 8]);
    expect(img0!.objects).toEqual([
      // z_order 0 first: the skeleton, its first point outside (kept as absent, since it is not at 0,0)
      {
        label: 'skeleton', attributes: {}, tool: 'keypoints',
        geometry: { points: [
          { name: '1', x: 1, y: 1, visibility: 'absent' }, { name: '2', x: 2, y: 2, visibility: 'visible' },
          { name: '3', x: 3, y: 3, visibility: 'visible' }, { name: '4', x: 4, y: 4, visibility: 'visible' },
        ] },
      },
      { label: 'label1', attributes: { a1: 'true', a2: 'v3', a3: '0003', a4: '2.4', occluded: true }, tool: 'box', geometry: { x: 0, y: 2, width: 4, height: 2 } },
    ]);
    expect(img1!.objects.map((o) => [o.label, o.tool, o.geometry])).toEqual([
      ['skeleton', 'keypoints', expect.anything()],
      ['label2', 'point', { x: 1, y: 2 }], ['label2', 'point', { x: 3, y: 4 }], ['label2', 'point', { x: 5, y: 6 }],
    ]);
    expect(read.labelNames).toEqual(['skeleton', 'label1', 'label2']);
    expect(read.warnings).toEqual([
      'annotations.xml: image[0].polyline[0] has no label; left out',
      'annotations.xml: image[1].polygon[0] has no label; left out',
    ]);
  });

  it('refuses what it cannot read with the file and the place: broken XML, a bad box, bad points, a mask past its box, a video file, another version', () => {
    expect(failure('<annotations><image name="a.jpg"><box')).toMatchObject({ code: 'import.badFormat', details: { file: CVAT_PATH } });
    expect(failure('<annotations><image name="a.jpg"><box label="car" xtl="a" ytl="1" xbr="2" ybr="3"/></image></annotations>')).toMatchObject({ details: { field: 'image[0].box[0].xtl' } });
    expect(failure('<annotations><image name="a.jpg"><polygon label="r" points="1,2;3"/></image></annotations>')).toMatchObject({ details: { field: 'image[0].polygon[0].points' } });
    expect(failure('<annotations><image name="a.jpg"><mask label="m" rle="0, 5" left="0" top="0" width="2" height="2"/></image></annotations>')).toMatchObject({ details: { field: 'image[0].mask[0].rle' } });
    expect(failure('<annotations><image name="a.jpg"><mask label="m" rle="1" left="0" top="0" width="100000" height="100000"/></image></annotations>')).toMatchObject({ details: { field: 'image[0].mask[0]' } });
    expect(failure('<annotations><track id="0" label="car"><box frame="0" xtl="1" ytl="1" xbr="2" ybr="2"/></track></annotations>').message).toMatch(/CVAT for video/);
    expect(failure('<annotations><version>2.0</version></annotations>')).toMatchObject({ code: 'import.unsupportedVersion', details: { version: '2.0' } });
    expect(failure('<data/>')).toMatchObject({ details: { field: 'annotations' } });
  });
});
