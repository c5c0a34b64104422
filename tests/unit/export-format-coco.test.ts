import { describe, expect, it } from 'vitest';
import { readCoco } from '../../src-server/exports/formats/cocoReader';
import { COCO_PATH, writeCoco } from '../../src-server/exports/formats/cocoWriter';
import { asImported, framesOf, sampleItems, sampleOntology, writeIntoZip } from '../support/exportSample';
import { FormatError } from '../../src-server/exports/formats/formatError';
import type { ExportItem } from '../../src-server/exports/formats/types';
import { contentToBuffer } from '../../src-server/exports/formats/zipSinks';

const exportSample = () => writeIntoZip((sink) => writeCoco(sampleItems, sampleOntology, sink));
const documentOf = (entries: ReadonlyMap<string, Buffer>) => JSON.parse(entries.get(COCO_PATH)!.toString('utf8'));

describe('COCO export', () => {
  it('writes CVAT-style categories, one per feature label, with the skeleton of keypoint features', async () => {
    const { entries } = await exportSample();
    expect([...entries.keys()]).toEqual([COCO_PATH]);
    expect(documentOf(entries).categories).toEqual([
      { id: 1, name: 'car', supercategory: 'Road users' },
      { id: 2, name: '行人', supercategory: 'Road users' },
      { id: 3, name: 'truck & <trailer>', supercategory: 'Road users' },
      { id: 4, name: 'road', supercategory: 'Areas' },
      { id: 5, name: 'person', supercategory: 'Pose', keypoints: ['head', 'left_hand', 'right_hand'], skeleton: [[1, 2], [1, 3]] },
      { id: 6, name: 'lane', supercategory: 'Lanes' },
    ]);
  });

  it('writes one image per frame and the annotations with bbox, area, segmentation and keypoints', async () => {
    const { entries, result } = await exportSample();
    const doc = documentOf(entries);
    expect(doc.images.map((i: Record<string, unknown>) => [i.id, i.file_name, i.width, i.height])).toEqual([
      [1, 'a.jpg', 640, 480],
      [2, 'folder/b.png', 1280, 720],
      [3, 'clip/000000.jpg', 320, 240],
      [4, 'clip/000001.jpg', null, null],
    ]);
    expect(doc.annotations).toEqual([
      { id: 1, image_id: 1, category_id: 1, iscrowd: 0, segmentation: [], area: 5000, bbox: [10, 20, 100, 50], attributes: { Colour: 'Red' } },
      { id: 2, image_id: 1, category_id: 2, iscrowd: 0, segmentation: [], area: 3200, bbox: [200.5, 100.25, 40, 80], attributes: { rotation: 15 } },
      { id: 3, image_id: 1, category_id: 4, iscrowd: 0, segmentation: [[0, 300, 320, 250, 640, 300, 640, 480]], area: 73600, bbox: [0, 250, 640, 230], attributes: {} },
      {
        id: 4, image_id: 2, category_id: 5, iscrowd: 0, segmentation: [], area: 9900, bbox: [350.5, 100, 49.5, 200],
        keypoints: [400, 100, 2, 350.5, 300, 1, 500, 400, 0], num_keypoints: 2, attributes: {},
      },
      { id: 5, image_id: 2, category_id: 3, iscrowd: 0, segmentation: [], area: 24090, bbox: [600, 300, 200.75, 120], attributes: {} },
      { id: 6, image_id: 3, category_id: 1, iscrowd: 0, segmentation: [], area: 12, bbox: [1, 2, 3, 4], attributes: {} },
      { id: 7, image_id: 4, category_id: 2, iscrowd: 0, segmentation: [], area: 56, bbox: [5, 6, 7, 8], attributes: {} },
    ]);
    expect(result.skipped).toEqual({ polyline: 1 });
    expect(result.objectsWritten).toBe(7);
  });

  it('dates the document as COCO readers expect: info.year a number, date_created an ISO date', async () => {
    const { entries } = await writeIntoZip((sink) => writeCoco(sampleItems, sampleOntology, sink, { createdAt: Date.UTC(2026, 10, 25, 12) }));
    expect(documentOf(entries).info).toMatchObject({ year: 2026, date_created: '2026-11-25T12:00:00.000Z', version: '1.0' });
  });

  it('reads its own export back to the same objects, exactly, with rotation and occluded/absent keypoints', async () => {
    const { entries } = await exportSample();
    const imported = readCoco(entries);
    expect(imported.items.map((i) => i.name)).toEqual(['a.jpg', 'folder/b.png', 'clip/000000.jpg', 'clip/000001.jpg']);
    const expected = framesOf(sampleItems).map((f) => f.data.objects.filter((o) => o.tool !== 'polyline').map((o) => asImported(o)));
    expect(imported.items.map((i) => i.frames[0]!.objects)).toEqual(expected);
    expect(imported.items[3]!.frames[0]).toMatchObject({ width: null, height: null });
    expect(imported.labelNames).toEqual(['car', '行人', 'road', 'person', 'truck & <trailer>']);
  });

  it('names a label shared by two features feature/label, and reads it back as the plain label', async () => {
    const ontology = { features: [...sampleOntology.features, { ...sampleOntology.features[1]!, featureId: 9, name: 'Vehicles', tool: 'polygon' as const, labels: [{ id: 'c', name: 'CAR', color: '#00ff00' }] }] };
    const { entries } = await writeIntoZip((sink) => writeCoco(sampleItems, ontology, sink));
    const names = documentOf(entries).categories.map((c: { name: string }) => c.name);
    expect(names).toContain('Road users/car');
    expect(names).toContain('Vehicles/CAR');
    expect(readCoco(entries).items[0]!.frames[0]!.objects[0]).toMatchObject({ label: 'car', featureName: 'Road users' });
  });

  it('refuses malformed documents with the file and the field at fault', () => {
    const of = (doc: unknown) => new Map([[COCO_PATH, Buffer.from(typeof doc === 'string' ? doc : JSON.stringify(doc))]]);
    const base = { images: [{ id: 1, file_name: 'a.jpg', width: 10, height: 10 }], categories: [{ id: 1, name: 'car' }] };
    const failure = (entries: ReadonlyMap<string, Buffer>) => {
      try {
        readCoco(entries);
      } catch (err) {
        return err;
      }
      throw new Error('expected a FormatError');
    };
    const truncated = failure(of('{"images": ['));
    expect(truncated).toBeInstanceOf(FormatError);
    expect(truncated).toMatchObject({ code: 'import.badFormat', details: { file: COCO_PATH } });
    expect(failure(of({ ...base, annotations: [{ id: 1, image_id: 1, category_id: 1, bbox: [1, 2, 3] }] }))).toMatchObject({
      code: 'import.badFormat',
      details: { file: COCO_PATH, field: 'annotations[0].bbox' },
    });
    expect(failure(of({ ...base, annotations: [{ id: 1, image_id: 7, category_id: 1, bbox: [1, 2, 3, 4] }] }))).toMatchObject({
      details: { field: 'annotations[0].image_id' },
    });
    expect(failure(new Map())).toMatchObject({ code: 'import.missingFile' });
  });

  it('streams: the first image reaches the zip before the 20,000th item is produced', async () => {
    const total = 20_000;
    let produced = 0;
    async function* items(): AsyncGenerator<ExportItem> {
      for (let i = 0; i < total; i++) {
        produced++;
        yield { ...sampleItems[2]!, dataId: i, frames: [{ ...sampleItems[2]!.frames[0]!, frameId: i, fileName: `f${i}.jpg` }] };
      }
    }
    let producedAtFirstImage = -1;
    let text = '';
    await writeCoco(items(), sampleOntology, {
      async add(_path, content) {
        if (typeof content === 'string' || Buffer.isBuffer(content)) throw new Error('COCO must be streamed');
        for await (const chunk of content) {
          const s = chunk.toString();
          if (producedAtFirstImage < 0 && s.includes('"file_name":"f0.jpg"')) producedAtFirstImage = produced;
          text += s;
        }
      },
    });
    expect(producedAtFirstImage).toBe(1);
    const doc = JSON.parse(text);
    expect(doc.images).toHaveLength(total);
    expect(doc.annotations).toHaveLength(total);
    expect(doc.annotations[total - 1]).toMatchObject({ id: total, image_id: total, bbox: [1, 2, 3, 4] });
  });
});

// contentToBuffer is what a buffering sink uses; keep it honest for generators too.
it('contentToBuffer joins streamed chunks as UTF-8', async () => {
  async function* parts() {
    yield '行';
    yield Buffer.from('人');
  }
  expect((await contentToBuffer(parts())).toString('utf8')).toBe('行人');
});
