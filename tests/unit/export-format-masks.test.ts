import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readCoco } from '../../src-server/exports/formats/cocoReader';
import { COCO_PATH, writeCoco } from '../../src-server/exports/formats/cocoWriter';
import { FormatError } from '../../src-server/exports/formats/formatError';
import { vocColor } from '../../src-server/exports/formats/labelMap';
import { paletteIndex, readSegmentationMasks } from '../../src-server/exports/formats/segmentationMaskReader';
import { SEGMENTATION_CLASS, SEGMENTATION_OBJECT, SEGMENTATION_SET, writeSegmentationMasks } from '../../src-server/exports/formats/segmentationMaskWriter';
import type { ImportedObject, ZipEntries } from '../../src-server/exports/formats/types';
import { readYolo } from '../../src-server/exports/formats/yoloReader';
import { writeYolo } from '../../src-server/exports/formats/yoloWriter';
import { convertShapes } from '../../src-server/imports/convertShapes';
import { detectFormat } from '../../src-server/imports/detectFormat';
import { bitmapOfCounts, decodeCounts } from '../../src-shared/mask/rle';
import { rasterizePolygons } from '../../src-shared/mask/polygonToMask';
import { maskIoU, regionOfGeometry, subtractRegion, unionRegions, type MaskRegion } from '../../src-shared/mask/region';
import type { AnnotationObject, MaskGeometry } from '../../src-shared/model/annotation';
import { writeIntoZip } from '../support/exportSample';
import { discs, maskItems, maskOntology } from '../support/maskSample';
import { pixels } from '../support/maskReference';

const masksOf = (objects: readonly ImportedObject[]) => objects.filter((o): o is Extract<ImportedObject, { tool: 'mask' }> => o.tool === 'mask');
const frameA = () => maskItems()[0]!.frames[0]!;
const frameB = () => maskItems()[1]!.frames[0]!;
const geometries = (f: ReturnType<typeof frameA>) => f.data.objects.map((o) => o.geometry as MaskGeometry);
const region = (g: MaskGeometry) => regionOfGeometry(g);
const union = (list: MaskRegion[]) => list.reduce((a, b) => unionRegions(a, b));

async function refuses(read: () => unknown, code: string): Promise<FormatError> {
  let thrown: unknown;
  try {
    await read();
  } catch (err) {
    thrown = err;
  }
  expect(thrown).toBeInstanceOf(FormatError);
  expect((thrown as FormatError).code).toBe(code);
  return thrown as FormatError;
}

describe('COCO masks', () => {
  it('writes each mask as run-length over the whole image, bbox and area of its pixels, iscrowd 0, and reads them back pixel for pixel', async () => {
    const { entries, result } = await writeIntoZip((sink) => writeCoco(maskItems(), maskOntology, sink));
    const doc = JSON.parse(entries.get(COCO_PATH)!.toString('utf8'));
    const [ring] = geometries(frameA());
    const first = doc.annotations[0];
    expect(first).toMatchObject({ image_id: 1, category_id: 1, iscrowd: 0, bbox: [ring!.x, ring!.y, ring!.width, ring!.height], area: pixels(region(ring!)).length });
    expect(first.segmentation.size).toEqual([120, 160]);
    // the image's runs, decoded: exactly the ring's pixels on the 160 x 120 image
    const bits = bitmapOfCounts(decodeCounts(first.segmentation.counts)!, 160, 120);
    expect(bits.reduce((n, b) => n + b, 0)).toBe(first.area);
    expect(bits[45 * 160 + 45]).toBe(0); // the hole
    expect(result.objectsWritten).toBe(6);

    const back = readCoco(entries);
    const aMasks = masksOf(back.items[0]!.frames[0]!.objects);
    expect(aMasks.map((m) => m.geometry)).toEqual(geometries(frameA()).map(({ x, y, width, height, rle }) => ({ x, y, width, height, rle })));
    expect(back.items[0]!.frames[0]!.maskSize).toEqual({ width: 160, height: 120, file: COCO_PATH });
  });

  it('writes masks as polygons when asked, one per part, holes bridged; read into a mask feature they come back at IoU 0.98 or better', async () => {
    const { entries } = await writeIntoZip((sink) => writeCoco(maskItems(), maskOntology, sink, { masks: 'polygon' }));
    const doc = JSON.parse(entries.get(COCO_PATH)!.toString('utf8'));
    const twoParts = doc.annotations.find((a: { image_id: number; category_id: number }) => a.image_id === 2 && a.category_id === 2);
    expect(twoParts.segmentation).toHaveLength(2);
    expect(twoParts.area).toBe(pixels(region(geometries(frameB())[0]!)).length);
    const back = readCoco(entries);
    for (const [i, f] of [frameA(), frameB()].entries()) {
      const objects = back.items[i]!.frames[0]!.objects.filter((o) => o.label === 'cat' || o.label === 'dog').map((o) => ({ ...o, asTool: 'mask' as const }));
      const masks = masksOf(convertShapes(objects, {}));
      const originals = f.data.objects.filter((o) => o.tool === 'mask');
      expect(masks).toHaveLength(originals.length);
      masks.forEach((m, k) => expect(maskIoU(region(m.geometry), region(originals[k]!.geometry as MaskGeometry))).toBeGreaterThanOrEqual(0.98));
    }
  });

  it('says iscrowd 1 where the object answers is_crowd yes, as CVAT reads it', async () => {
    const items = maskItems();
    items[0]!.frames[0]!.data.objects[0]!.attributes = { crowd: 'yes' };
    const ontology = { features: [{ ...maskOntology.features[0]!, attributes: [{ id: 'crowd', name: 'is_crowd', type: 'radio' as const, required: false, options: [{ id: 'yes', name: 'yes' }, { id: 'no', name: 'no' }] }] }, ...maskOntology.features.slice(1)] };
    const { entries } = await writeIntoZip((sink) => writeCoco(items, ontology, sink));
    const doc = JSON.parse(entries.get(COCO_PATH)!.toString('utf8'));
    expect(doc.annotations.map((a: { iscrowd: number }) => a.iscrowd)).toEqual([1, 0, 0, 0, 0, 0]);
  });

  it('leaves run-length masks of a picture of unknown size out, counted, and writes them as polygons', async () => {
    const items = maskItems().slice(0, 1);
    Object.assign(items[0]!.frames[0]!, { width: null, height: null });
    const rle = await writeIntoZip((sink) => writeCoco(items, maskOntology, sink));
    expect(rle.result.skipped).toEqual({ unknownSize: 3 });
    const polygons = await writeIntoZip((sink) => writeCoco(items, maskOntology, sink, { masks: 'polygon' }));
    expect(polygons.result.objectsWritten).toBe(3);
  });

  const cocoWith = (annotation: Record<string, unknown>, image: Record<string, unknown> = { width: 4, height: 3 }): ZipEntries =>
    new Map([[COCO_PATH, Buffer.from(JSON.stringify({ images: [{ id: 1, file_name: 'x.jpg', ...image }], categories: [{ id: 1, name: 'cat' }], annotations: [{ id: 1, image_id: 1, category_id: 1, bbox: [0, 0, 1, 1], ...annotation }] }))]]);

  it('reads uncompressed run-lengths (CVAT, Datumaro) and crowd annotations as masks cropped to their pixels', () => {
    // column-major over 3 rows x 4 columns: pixels (1,0) (1,1) and (2,1) set
    const back = readCoco(cocoWith({ iscrowd: 1, segmentation: { size: [3, 4], counts: [3, 2, 2, 1, 4] } }));
    const [mask] = masksOf(back.items[0]!.frames[0]!.objects);
    expect(pixels(region(mask!.geometry))).toEqual(['1,0', '1,1', '2,1']);
    expect(mask!.geometry).toMatchObject({ x: 1, y: 0, width: 2, height: 2 });
  });

  it('refuses a cut or inconsistent run-length, a mask of another size than its image, and a polygon of two points', async () => {
    await refuses(() => readCoco(cocoWith({ segmentation: { size: [3, 4], counts: [3, 2, 2] } })), 'import.badMask');
    await refuses(() => readCoco(cocoWith({ segmentation: { size: [3, 4], counts: 'PP5' } })), 'import.badMask');
    await refuses(() => readCoco(cocoWith({ segmentation: { size: [3, 4], counts: [3, -2, 11] } })), 'import.badMask');
    await refuses(() => readCoco(cocoWith({ segmentation: { size: [3], counts: [12] } })), 'import.badMask');
    const wrong = await refuses(() => readCoco(cocoWith({ segmentation: { size: [6, 8], counts: [48] } })), 'import.maskSize');
    expect(wrong.details).toMatchObject({ width: 8, height: 6, frameWidth: 4, frameHeight: 3 });
    await refuses(() => readCoco(cocoWith({ segmentation: [[0, 0, 1, 1]] })), 'import.badFormat');
  });
});

describe('PNG masks (Pascal VOC / CVAT segmentation mask)', () => {
  const exported = () => writeIntoZip((sink) => writeSegmentationMasks(maskItems(), maskOntology, sink));
  const rgbAt = async (png: Buffer, x: number, y: number) => {
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const p = (y * info.width + x) * info.channels;
    return [data[p], data[p + 1], data[p + 2]];
  };

  it('writes CVAT\'s layout: the label map, a class and an instance picture per frame, the frame list', async () => {
    const { entries, result } = await exported();
    expect([...entries.keys()].sort()).toEqual(['ImageSets/Segmentation/default.txt', 'SegmentationClass/b.png', 'SegmentationClass/street/a.png', 'SegmentationObject/b.png', 'SegmentationObject/street/a.png', 'labelmap.txt']);
    expect(entries.get('labelmap.txt')!.toString()).toBe('# label:color_rgb:parts:actions\nbackground:0,0,0::\ncat:230,25,75::\ndog:60,180,75::\nroad:67,99,216::\ncar:245,130,49::\n');
    expect(entries.get(SEGMENTATION_SET)!.toString()).toBe('street/a\nb\n');
    const classA = entries.get(`${SEGMENTATION_CLASS}/street/a.png`)!;
    expect(await sharp(classA).metadata()).toMatchObject({ width: 160, height: 120 });
    expect(await rgbAt(classA, 45, 20)).toEqual([230, 25, 75]); // the ring: cat
    expect(await rgbAt(classA, 45, 45)).toEqual([0, 0, 0]); // its hole
    expect(await rgbAt(classA, 159, 119)).toEqual([60, 180, 75]); // the dog at the corner
    // instances in the VOC palette by drawing order: the ring 1, the dog 2, the disc above the ring 3
    const objectA = entries.get(`${SEGMENTATION_OBJECT}/street/a.png`)!;
    expect(await rgbAt(objectA, 45, 20)).toEqual([...vocColor(1)]);
    expect(await rgbAt(objectA, 159, 119)).toEqual([...vocColor(2)]);
    expect(await rgbAt(objectA, 75, 60)).toEqual([...vocColor(3)]);
    expect(result).toMatchObject({ frames: 2, objectsWritten: 6, skipped: {} });
  });

  it('is told apart from Pascal VOC boxes by its pictures, so a wrong choice says what the zip looks like', async () => {
    const { entries } = await exported();
    expect(detectFormat(entries)).toBe('segmentationMask');
    // A VOC dataset with segmentation pictures is read for its masks.
    expect(detectFormat(new Map([...entries, ['Annotations/x.xml', Buffer.alloc(0)]]))).toBe('segmentationMask');
    const voc = new Map([['Annotations/x.xml', Buffer.alloc(0)], ['ImageSets/Main/default.txt', Buffer.alloc(0)]]);
    expect(detectFormat(voc)).toBe('voc');
  });

  it('reads each instance back as a mask with its label: pixel-identical where no object covers it, polygons and boxes as the masks they paint', async () => {
    const { entries } = await exported();
    const back = await readSegmentationMasks(entries);
    expect(back.items.map((i) => i.frames[0]!.fileName)).toEqual(['street/a', 'b']);
    const [ring, , disc] = geometries(frameA()).map(region);
    const a = masksOf(back.items[0]!.frames[0]!.objects);
    expect(a.map((m) => m.label)).toEqual(['cat', 'dog', 'cat']);
    // the ring keeps what the disc drawn above it leaves; the others are whole
    expect(pixels(region(a[0]!.geometry))).toEqual(pixels(subtractRegion(ring!, disc!)));
    expect(a[1]!.geometry).toEqual(geometries(frameA())[1]);
    expect(a[2]!.geometry).toEqual(geometries(frameA())[2]);
    const b = masksOf(back.items[1]!.frames[0]!.objects);
    expect(b.map((m) => m.label)).toEqual(['dog', 'road', 'car']);
    expect(b[0]!.geometry).toEqual(geometries(frameB())[0]);
    expect(pixels(region(b[1]!.geometry))).toEqual(pixels(rasterizePolygons([[{ x: 60, y: 100 }, { x: 100, y: 70 }, { x: 120, y: 100 }]])));
    expect(b[2]!.geometry).toMatchObject({ x: 10, y: 70, width: 30, height: 20 });
    expect(back.items[0]!.frames[0]!.maskSize).toEqual({ width: 160, height: 120, file: 'SegmentationClass/street/a.png' });
  });

  it('reads a class picture alone as one mask per label, and a zip under a folder', async () => {
    const { entries } = await exported();
    const classOnly = new Map([...entries].filter(([p]) => !p.startsWith(SEGMENTATION_OBJECT)).map(([p, d]) => [`export-7/${p}`, d]));
    const back = await readSegmentationMasks(classOnly);
    const a = masksOf(back.items[0]!.frames[0]!.objects);
    expect(a.map((m) => m.label)).toEqual(['cat', 'dog']);
    const [ring, , disc] = geometries(frameA()).map(region);
    expect(pixels(region(a[0]!.geometry))).toEqual(pixels(union([ring!, disc!])));
  });

  it('counts an object wholly covered by one drawn above it, and writes no pictures for a frame with nothing painted', async () => {
    const items = maskItems();
    const objects = items[0]!.frames[0]!.data.objects;
    objects.push({ ...objects[2]!, id: 'under', zIndex: -1 });
    items[1]!.frames[0]!.data.objects = [];
    const { entries, result } = await writeIntoZip((sink) => writeSegmentationMasks(items, maskOntology, sink));
    expect(result.skipped).toEqual({ coveredByOthers: 1 });
    expect(entries.has(`${SEGMENTATION_CLASS}/b.png`)).toBe(false);
    expect(entries.get(SEGMENTATION_SET)!.toString()).toBe('street/a\nb\n');
    const back = await readSegmentationMasks(entries);
    expect(back.items[1]!.frames[0]!.objects).toEqual([]);
  });

  const png = (width: number, height: number, paint: (x: number, y: number) => readonly [number, number, number]) => {
    const rgb = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) rgb.set(paint(x, y), (y * width + x) * 3);
    return sharp(rgb, { raw: { width, height, channels: 3 } }).png().toBuffer();
  };
  const labelMap = Buffer.from('# label:color_rgb:parts:actions\nbackground:0,0,0::\ncat:230,25,75::\n');

  it('refuses a colour the label map does not name, an instance over no labelled pixel, an instance picture of another size or without its class picture', async () => {
    const cat = await png(4, 3, (x) => (x < 2 ? [230, 25, 75] : [0, 0, 0]));
    const stray = await png(4, 3, (x) => (x === 3 ? [1, 2, 3] : [0, 0, 0]));
    const e1 = await refuses(() => readSegmentationMasks(new Map([['labelmap.txt', labelMap], ['SegmentationClass/x.png', stray]])), 'import.maskColor');
    expect(e1.details).toEqual({ file: 'SegmentationClass/x.png', color: '1,2,3' });
    const overBackground = await png(4, 3, (x) => (x === 3 ? [128, 0, 0] : [0, 0, 0]));
    await refuses(() => readSegmentationMasks(new Map([['labelmap.txt', labelMap], ['SegmentationClass/x.png', cat], ['SegmentationObject/x.png', overBackground]])), 'import.maskColor');
    const wider = await png(5, 3, () => [0, 0, 0]);
    const e3 = await refuses(() => readSegmentationMasks(new Map([['labelmap.txt', labelMap], ['SegmentationClass/x.png', cat], ['SegmentationObject/x.png', wider]])), 'import.maskSize');
    expect(e3.details).toMatchObject({ width: 5, height: 3, frameWidth: 4, frameHeight: 3 });
    await refuses(() => readSegmentationMasks(new Map([['labelmap.txt', labelMap], ['SegmentationObject/x.png', cat]])), 'import.missingFile');
    await refuses(() => readSegmentationMasks(new Map([['labelmap.txt', Buffer.from('cat:300,0,0::\n')], ['SegmentationClass/x.png', cat]])), 'import.badFormat');
    await refuses(() => readSegmentationMasks(new Map([['labelmap.txt', labelMap], ['SegmentationClass/x.png', Buffer.from('not a png')]])), 'import.badFormat');
  });

  it('reads Pascal VOC\'s own pictures without a label map: its 21 classes, its border colour as background', async () => {
    const person = vocColor(15);
    const border = vocColor(255);
    const picture = await png(5, 1, (x) => (x < 2 ? person : x === 2 ? border : [0, 0, 0]));
    const back = await readSegmentationMasks(new Map([['VOC2012/SegmentationClass/2007_000032.png', picture], ['VOC2012/JPEGImages/2007_000032.jpg', Buffer.alloc(0)]]));
    expect(back.items[0]!.frames[0]!.fileName).toBe('2007_000032.jpg');
    const [mask] = masksOf(back.items[0]!.frames[0]!.objects);
    expect(mask).toMatchObject({ label: 'person', geometry: { x: 0, y: 0, width: 2, height: 1 } });
  });

  it('numbers colours as the VOC palette does, both ways, past 255 objects', () => {
    expect(vocColor(1)).toEqual([128, 0, 0]);
    expect(vocColor(15)).toEqual([192, 128, 128]);
    for (const i of [0, 1, 2, 7, 255, 256, 20_000, 2 ** 24 - 1]) {
      const [r, g, b] = vocColor(i);
      expect(paletteIndex((r << 16) | (g << 8) | b)).toBe(i);
    }
  });
});

describe('YOLO segmentation from masks', () => {
  it('writes each part of a mask as an outline line; read into a mask feature, each label\'s pixels come back at IoU 0.98 or better', async () => {
    const { entries, result } = await writeIntoZip((sink) => writeYolo(maskItems(), maskOntology, sink, 'segment'));
    expect(result.objectsWritten).toBe(5); // the box is not a segment
    const labels = entries.get('labels/train/b.txt')!.toString().trim().split('\n');
    expect(labels.filter((l) => l.startsWith('1 '))).toHaveLength(2); // the dog's two parts
    const sizes = new Map([['street/a', { width: 160, height: 120 }], ['b', { width: 200, height: 100 }]]);
    const back = readYolo(entries, { sizeOf: (name) => sizes.get(name) ?? null });
    for (const [i, f] of [frameA(), frameB()].entries()) {
      // readYolo has scaled the fractions by the sizes given
      const objects = back.items[i]!.frames[0]!.objects.map((o) => ({ ...o, ...(o.label === 'road' ? {} : { asTool: 'mask' as const }) }));
      const masks = masksOf(convertShapes(objects, {}));
      for (const label of ['cat', 'dog']) {
        const before = f.data.objects.filter((o) => o.tool === 'mask' && o.labelId === label).map((o) => region(o.geometry as MaskGeometry));
        const after = masks.filter((m) => m.label === label).map((m) => region(m.geometry));
        if (before.length === 0) continue;
        expect(maskIoU(union(after), union(before))).toBeGreaterThanOrEqual(0.98);
      }
    }
  });

  it('keeps a mask at the picture\'s edge inside the picture', async () => {
    const items = maskItems().slice(0, 1);
    items[0]!.frames[0]!.data.objects = [{ ...items[0]!.frames[0]!.data.objects[1]!, geometry: discs(160, 120, [[158, 118, 10]]) } as AnnotationObject];
    const { entries } = await writeIntoZip((sink) => writeYolo(items, maskOntology, sink, 'segment'));
    const values = entries.get('labels/train/street/a.txt')!.toString().trim().split(/\s+/).slice(1).map(Number);
    expect(Math.max(...values)).toBe(1);
    expect(Math.min(...values)).toBeGreaterThan(0.8);
  });
});
