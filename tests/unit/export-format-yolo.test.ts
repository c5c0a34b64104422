import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { asImported, framesOf, sampleItems, sampleOntology, writeIntoZip } from '../support/exportSample';
import { FormatError } from '../../src-server/exports/formats/formatError';
import type { ExportItem, ImportedObject, ZipSink } from '../../src-server/exports/formats/types';
import { readYolo } from '../../src-server/exports/formats/yoloReader';
import { writeYolo, type YoloMode } from '../../src-server/exports/formats/yoloWriter';

const exportSample = (mode: YoloMode) => writeIntoZip((sink) => writeYolo(sampleItems, sampleOntology, sink, mode));
const text = (entries: ReadonlyMap<string, Buffer>, path: string) => entries.get(path)?.toString('utf8');
const sizeOf = (fileName: string) => {
  const f = framesOf(sampleItems).find((x) => x.fileName.replace(/\.[^.]+$/, '') === fileName);
  return f?.width && f.height ? { width: f.width, height: f.height } : null;
};

/** Pixels equal within 1e-6 of the image side: YOLO keeps 6 decimals of a normalised coordinate. */
function expectClose(actual: unknown, expected: unknown, path = ''): void {
  if (typeof expected === 'number') {
    expect(typeof actual, path).toBe('number');
    expect(Math.abs((actual as number) - expected), path).toBeLessThanOrEqual(1e-6 * Math.max(1280, Math.abs(expected)));
  } else if (Array.isArray(expected) || (typeof expected === 'object' && expected !== null)) {
    expect(Object.keys(actual as object).sort(), path).toEqual(Object.keys(expected).sort());
    for (const [k, v] of Object.entries(expected)) expectClose((actual as Record<string, unknown>)[k], v, `${path}/${k}`);
  } else expect(actual, path).toEqual(expected);
}

describe('YOLO export (Ultralytics layout)', () => {
  it('writes data.yaml with every category as a numbered class, and kpt_shape for pose', async () => {
    const detect = parse(text((await exportSample('detect')).entries, 'data.yaml')!);
    expect(detect).toEqual({ path: '.', train: 'images/train', val: 'images/train', names: { 0: 'car', 1: '行人', 2: 'truck & <trailer>', 3: 'road', 4: 'person', 5: 'lane' } });
    expect(text((await exportSample('detect')).entries, 'data.yaml')).toContain('\n  0: car\n');
    const pose = parse(text((await exportSample('pose')).entries, 'data.yaml')!);
    expect(pose).toMatchObject({ kpt_shape: [3, 3], kpt_names: { 4: ['head', 'left_hand', 'right_hand'] } });
  });

  it('detect: normalised class cx cy w h per box, one file per frame by its path, none for a frame of unknown size', async () => {
    const { entries, result } = await exportSample('detect');
    expect([...entries.keys()].sort()).toEqual(['attributes/train/a.json', 'data.yaml', 'labels/train/a.txt', 'labels/train/clip/000000.txt', 'labels/train/folder/b.txt']);
    // YOLO has no attribute slot: the frame's answers by name in a sidecar, objects by their line
    expect(JSON.parse(text(entries, 'attributes/train/a.json')!)).toEqual({
      image: 'a.jpg',
      labels: 'labels/train/a.txt',
      attributes: { Weather: 'sunny' },
      objects: [{ line: 1, class: 'car', attributes: { Colour: 'Red' } }],
    });
    // the rotated 行人 box becomes the axis-aligned box it covers
    expect(text(entries, 'labels/train/a.txt')).toBe('0 0.093750 0.093750 0.156250 0.104167\n1 0.344531 0.292187 0.092723 0.182556\n');
    expect(text(entries, 'labels/train/folder/b.txt')).toBe('2 0.547168 0.500000 0.156836 0.166667\n');
    expect(result.skipped).toEqual({ rotatedBoxFlattened: 1, polygon: 1, polyline: 1, keypoints: 1, unknownSize: 1 });
    expect(result.warnings).toEqual([{ code: 'sizeUnknown', file: 'clip/000001.jpg', outcome: 'noLabelFile' }]);
  });

  it('segment: polygons as normalised x y pairs; pose: box, then x y v per skeleton point with absent as 0 0 0', async () => {
    expect(text((await exportSample('segment')).entries, 'labels/train/a.txt')).toBe('3 0.000000 0.625000 0.500000 0.520833 1.000000 0.625000 1.000000 1.000000\n');
    expect(text((await exportSample('pose')).entries, 'labels/train/folder/b.txt')).toBe(
      '4 0.293164 0.277778 0.038672 0.277778 0.312500 0.138889 2 0.273828 0.416667 1 0.000000 0.000000 0\n',
    );
  });

  it('reads each mode back to the original shapes within 1e-6, attributes from the sidecar (rotation and absent keypoints are not in YOLO)', async () => {
    const frames = framesOf(sampleItems).filter((f) => f.width);
    const expected = (tool: string) =>
      frames.map((f) =>
        f.data.objects
          .filter((o) => o.tool === tool)
          .map((o): ImportedObject => {
            const { featureName: _, ...full } = asImported(o);
            if (full.tool === 'box') return { ...full, geometry: { x: full.geometry.x, y: full.geometry.y, width: full.geometry.width, height: full.geometry.height } };
            if (full.tool === 'keypoints') return { ...full, geometry: { points: full.geometry.points.filter((p) => p.visibility !== 'absent') } };
            return full;
          }),
      );
    const detect = readYolo((await exportSample('detect')).entries, { sizeOf });
    expect(detect.items.map((i) => i.name)).toEqual(['a', 'folder/b', 'clip/000000']);
    const unrotated = expected('box');
    // YOLO keeps the covering box of a rotated one: compare that one to what the writer covered.
    const rotated = detect.items[0]!.frames[0]!.objects[1]!;
    expect(rotated.geometry).toMatchObject({ width: expect.closeTo(59.34, 2), height: expect.closeTo(87.63, 2) });
    unrotated[0]!.splice(1, 1);
    detect.items[0]!.frames[0]!.objects.splice(1, 1);
    expectClose(detect.items.map((i) => i.frames[0]!.objects), unrotated);
    expectClose(readYolo((await exportSample('segment')).entries, { sizeOf }).items.map((i) => i.frames[0]!.objects), expected('polygon'));
    const pose = readYolo((await exportSample('pose')).entries, { sizeOf });
    expectClose(pose.items.map((i) => i.frames[0]!.objects), expected('keypoints'));
    expect(pose.labelNames).toEqual(['person']);
  });

  it('refuses a line of 3 numbers and an unknown class, naming the file and line', async () => {
    const { entries } = await exportSample('detect');
    const broken = (content: string) => new Map([...entries, ['labels/train/a.txt', Buffer.from(content)]]);
    const failure = (content: string) => {
      try {
        readYolo(broken(content), { sizeOf });
      } catch (err) {
        return err;
      }
      throw new Error('expected a FormatError');
    };
    const short = failure('0 0.5 0.5 0.1 0.1\n1 0.5 0.5\n');
    expect(short).toBeInstanceOf(FormatError);
    expect(short).toMatchObject({ code: 'import.badFormat', details: { file: 'labels/train/a.txt', line: 2 } });
    expect((short as Error).message).toContain('line 2');
    expect(failure('9 0.5 0.5 0.1 0.1\n')).toMatchObject({ details: { file: 'labels/train/a.txt', line: 1, field: 'class' } });
    expect(() => readYolo(new Map(), { sizeOf })).toThrow(expect.objectContaining({ code: 'import.missingFile' }));
  });

  it('streams: the first label file reaches the sink before the last of 20,000 items is produced', async () => {
    const total = 20_000;
    let produced = 0;
    async function* items(): AsyncGenerator<ExportItem> {
      for (let i = 0; i < total; i++) {
        produced++;
        yield { ...sampleItems[0]!, dataId: i, frames: [{ ...sampleItems[0]!.frames[0]!, fileName: `img${i}.jpg` }] };
      }
    }
    const producedWhenAdded = new Map<string, number>();
    const sink: ZipSink = { add: async (path) => void producedWhenAdded.set(path, produced) };
    const report = await writeYolo(items(), sampleOntology, sink, 'detect');
    expect(producedWhenAdded.get('labels/train/img0.txt')).toBe(1);
    // data.yaml, then a label file and an attribute sidecar per frame
    expect(producedWhenAdded.size).toBe(2 * total + 1);
    expect(report.objectsWritten).toBe(2 * total);
  });
});
