import { describe, expect, it } from 'vitest';
import { sampleItems, sampleOntology, writeIntoZip } from '../support/exportSample';
import { formatFailure } from '../support/formatFailure';
import { boxCorners } from '../../src-server/exports/formats/geometry';
import type { ExportItem } from '../../src-server/exports/formats/types';
import { readYolo } from '../../src-server/exports/formats/yoloReader';
import { writeYolo } from '../../src-server/exports/formats/yoloWriter';
import { labelUsages } from '../../src-server/imports/labelUsage';
import { boxOfCorners } from '../../src-server/imports/orientedBox';
import { readSource } from '../../src-server/imports/readSource';
import { scaleGeometry } from '../../src-server/imports/scaleGeometry';
import type { AnnotationObject, Point2 } from '../../src-shared/model/annotation';

type Box = Extract<AnnotationObject, { tool: 'box' }>['geometry'];

const exportItems = (items: ExportItem[]) => writeIntoZip((sink) => writeYolo(items, sampleOntology, sink, 'obb'));
const text = (entries: ReadonlyMap<string, Buffer>, path: string) => entries.get(path)?.toString('utf8');

/** One picture of a realistic size with these car boxes. */
const pictureWith = (boxes: Box[], width = 1920, height = 1080): ExportItem[] => [
  {
    dataId: 1,
    name: 'street.jpg',
    recordType: 'image',
    frames: [
      {
        frameId: 1, index: 0, fileName: 'street.jpg', width, height,
        data: { version: 1, classifications: [], objects: boxes.map((geometry, i) => ({ id: `b${i}`, featureId: 1, labelId: 'car', tool: 'box', geometry, attributes: {}, zIndex: i, source: 'manual' })) },
      },
    ],
  },
];

/** What the import makes of an OBB zip, in pixels of the frame: readSource, then scaleGeometry as frameContent does. */
async function importedBoxes(entries: ReadonlyMap<string, Buffer>, width: number, height: number) {
  const source = await readSource('yoloObb', entries);
  return source.frames.map((f) => ({ fileName: f.fileName, objects: f.objects.map((o) => scaleGeometry(o, width, height)) }));
}

/** Two sets of corners within `tolerance` px in x and in y, whatever corner each starts from. */
function expectSameCorners(actual: Point2[], expected: Point2[], tolerance: number): void {
  for (const p of expected) {
    const off = Math.min(...actual.map((q) => Math.max(Math.abs(q.x - p.x), Math.abs(q.y - p.y))));
    expect(off, `corner ${p.x},${p.y} of ${JSON.stringify(actual)}`).toBeLessThanOrEqual(tolerance);
  }
}

describe('YOLO oriented boxes (Ultralytics OBB)', () => {
  it('writes every box as class and four corners, clockwise from the top-left, normalised to 6 decimals; a rotated box is not flattened', async () => {
    const { entries, result } = await exportItems(sampleItems);
    expect([...entries.keys()].sort()).toEqual(['attributes/train/a.json', 'data.yaml', 'labels/train/a.txt', 'labels/train/clip/000000.txt', 'labels/train/folder/b.txt']);
    const [car, pedestrian] = text(entries, 'labels/train/a.txt')!.trim().split('\n');
    // the car (10, 20, 100 x 50) on 640 x 480
    expect(car).toBe('0 0.015625 0.041667 0.171875 0.041667 0.171875 0.145833 0.015625 0.145833');
    // 行人 turned 15°: its own corners, not its covering box
    const turned = boxCorners({ x: 200.5, y: 100.25, width: 40, height: 80, rotation: 15 });
    expect(pedestrian).toBe(`1 ${turned.map((p) => `${(p.x / 640).toFixed(6)} ${(p.y / 480).toFixed(6)}`).join(' ')}`);
    expect(result.skipped).toEqual({ polygon: 1, polyline: 1, keypoints: 1, unknownSize: 1 });
    expect(result.objectsWritten).toBe(4);
  });

  it('clamps each corner into the picture, as Ultralytics drops an image whose label leaves [0, 1]', async () => {
    const { entries } = await exportItems(pictureWith([{ x: -10, y: 1000, width: 100, height: 200 }]));
    expect(text(entries, 'labels/train/street.txt')).toBe('0 0.000000 0.925926 0.046875 0.925926 0.046875 1.000000 0.000000 1.000000\n');
  });

  it('reads our boxes back as rotated boxes covering the same region, to 1e-3 px after 6 decimals', async () => {
    const boxes: Box[] = [
      { x: 812.37, y: 403.9, width: 260.25, height: 118.5, rotation: 30 },
      { x: 100, y: 200, width: 300, height: 120, rotation: 60 },
      { x: 1500.5, y: 700.25, width: 90, height: 240, rotation: -45 },
      { x: 40, y: 60, width: 500, height: 300 },
    ];
    const { entries } = await exportItems(pictureWith(boxes));
    const [frame] = await importedBoxes(entries, 1920, 1080);
    expect(frame!.fileName).toBe('street');
    expect(frame!.objects.map((o) => o.tool)).toEqual(['box', 'box', 'box', 'box']);
    for (const [i, o] of frame!.objects.entries()) {
      if (o.tool !== 'box') throw new Error('a box');
      expectSameCorners(boxCorners(o.geometry), boxCorners(boxes[i]!), 1e-3);
    }
    // the 30° box comes back as it was; the 60° one as the same rectangle turned -30°, width and height swapped
    expect(frame!.objects[0]!.geometry).toMatchObject({ width: expect.closeTo(260.25, 2), height: expect.closeTo(118.5, 2), rotation: expect.closeTo(30, 3) });
    expect(frame!.objects[1]!.geometry).toMatchObject({ width: expect.closeTo(120, 2), height: expect.closeTo(300, 2), rotation: expect.closeTo(-30, 3) });
    // an upright box has no rotation at all
    expect(frame!.objects[3]!.geometry).toEqual({ x: expect.closeTo(40, 2), y: expect.closeTo(60, 2), width: expect.closeTo(500, 2), height: expect.closeTo(300, 2) });
    expect(frame!.objects[3]!.geometry).not.toHaveProperty('rotation');
  });

  it("turns Ultralytics' corners (from the bottom-right, counter-clockwise) into an upright box, and its angle into ours", () => {
    // xywhr2xyxyxyxy of (cx 300, cy 200, w 100, h 40, r 0): pt1 = ctr + vec1 + vec2 …
    expect(boxOfCorners([{ x: 350, y: 220 }, { x: 350, y: 180 }, { x: 250, y: 180 }, { x: 250, y: 220 }])).toEqual({ x: 250, y: 180, width: 100, height: 40 });
    const ultralytics = (cx: number, cy: number, w: number, h: number, r: number): Point2[] => {
      const [c, s] = [Math.cos(r), Math.sin(r)];
      const v1 = { x: (w / 2) * c, y: (w / 2) * s };
      const v2 = { x: (-h / 2) * s, y: (h / 2) * c };
      return [
        { x: cx + v1.x + v2.x, y: cy + v1.y + v2.y },
        { x: cx + v1.x - v2.x, y: cy + v1.y - v2.y },
        { x: cx - v1.x - v2.x, y: cy - v1.y - v2.y },
        { x: cx - v1.x + v2.x, y: cy - v1.y + v2.y },
      ];
    };
    const turned = boxOfCorners(ultralytics(300, 200, 100, 40, (20 * Math.PI) / 180));
    expect(turned).toEqual({ x: expect.closeTo(250, 9), y: expect.closeTo(180, 9), width: expect.closeTo(100, 9), height: expect.closeTo(40, 9), rotation: expect.closeTo(20, 9) });
    // a slightly skewed quadrilateral from another tool lands on the box it meant
    const skewed = boxOfCorners([{ x: 10, y: 10 }, { x: 110.4, y: 10 }, { x: 110, y: 60 }, { x: 10, y: 59.6 }]);
    expect(skewed).toMatchObject({ x: expect.closeTo(10, 1), y: expect.closeTo(10, 1), width: expect.closeTo(100.2, 2), height: expect.closeTo(49.8, 2) });
    expect(Math.abs(skewed.rotation ?? 0)).toBeLessThan(0.5);
  });

  it('asks the ontology for box labels, and plain YOLO reads the same lines as polygons of four points', async () => {
    const { entries } = await exportItems(sampleItems);
    const usages = labelUsages((await readSource('yoloObb', entries)).frames);
    expect(usages.map((u) => [u.label, u.tool])).toEqual([['car', 'box'], ['行人', 'box'], ['truck & <trailer>', 'box']]);
    const plain = await readSource('yolo', entries);
    expect(plain.frames[0]!.objects[0]).toMatchObject({ label: 'car', tool: 'polygon' });
    expect(plain.frames[0]!.objects[0]).not.toHaveProperty('oriented');
  });

  it('refuses a line that is no oriented box, or an unknown class, naming the file and line', async () => {
    const { entries } = await exportItems(sampleItems);
    const read = (content: string) => formatFailure(() => readYolo(new Map([...entries, ['labels/train/a.txt', Buffer.from(content)]]), { sizeOf: () => ({ width: 640, height: 480 }), oriented: true }));
    const seven = read('0 0.1 0.1 0.2 0.1 0.2 0.2 0.1 0.2\n0 0.1 0.1 0.2 0.1 0.2 0.2\n');
    expect(seven).toMatchObject({ code: 'import.badFormat', details: { file: 'labels/train/a.txt', line: 2 } });
    expect(seven.message).toContain('7 numbers');
    // a YOLO detect box (5 numbers) is no oriented box either
    expect(read('0 0.5 0.5 0.1 0.1\n')).toMatchObject({ details: { file: 'labels/train/a.txt', line: 1 } });
    expect(read('9 0.1 0.1 0.2 0.1 0.2 0.2 0.1 0.2\n')).toMatchObject({ details: { file: 'labels/train/a.txt', line: 1, field: 'class' } });
  });
});
