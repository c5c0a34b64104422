import { describe, expect, it } from 'vitest';
import { writeAnnotations } from '../../src-server/exports/writeExport';
import { COCO_PATH } from '../../src-server/exports/formats/cocoWriter';
import { LOSSLESS_FILES, readLossless } from '../../src-server/exports/formats/losslessJson';
import type { AnnotationObject } from '../../src-shared/model/annotation';
import type { ExportItem } from '../../src-server/exports/formats/types';
import { sampleOntology, writeIntoZip } from '../support/exportSample';

/** A car followed over four frames: keyframes at 0 and 2, out of view from 3; a pedestrian drawn on frame 1 only. */
const key = (x: number, extra: Partial<AnnotationObject> = {}) =>
  ({ id: 'car-1', featureId: 1, labelId: 'car', attributes: {}, zIndex: 0, source: 'manual', tool: 'box', keyframe: true, geometry: { x, y: 5, width: 10, height: 10 }, ...extra }) as AnnotationObject;
const ped = { id: 'ped-1', featureId: 1, labelId: 'ped', attributes: {}, zIndex: 1, source: 'manual', tool: 'box', geometry: { x: 50, y: 50, width: 4, height: 8 } } as AnnotationObject;
const clip: ExportItem = {
  dataId: 21,
  name: 'street',
  recordType: 'frame',
  frames: [[key(0)], [ped], [key(20)], [key(30, { outside: true })]].map((objects, index) => ({ frameId: 200 + index, index, fileName: `street/${index}.jpg`, width: 100, height: 100, data: { version: 1, objects, classifications: [] } })),
};

describe('tracks in exports', () => {
  it('lists every frame\'s objects in COCO as the workspace shows them: the car moved between keyframes, gone where it is outside', async () => {
    const { entries } = await writeIntoZip((sink) => writeAnnotations('coco', [clip], sampleOntology, sink));
    const doc = JSON.parse(entries.get(COCO_PATH)!.toString('utf8'));
    const boxes = doc.annotations.map((a: { image_id: number; bbox: number[] }) => [a.image_id, a.bbox[0]]);
    expect(boxes).toEqual([[1, 0], [2, 50], [2, 10], [3, 20]]);
  });

  it('keeps the keyframes as stored in the lossless format, so a round trip loses no track', async () => {
    const { entries } = await writeIntoZip((sink) => writeAnnotations('lossless', [clip], sampleOntology, sink));
    expect(entries.has(LOSSLESS_FILES.annotations)).toBe(true);
    const back = readLossless(entries).items[0]!;
    expect(back.frames.map((f) => f.data.objects.map((o) => [o.id, o.keyframe ?? false, o.outside ?? false]))).toEqual([[['car-1', true, false]], [['ped-1', false, false]], [['car-1', true, false]], [['car-1', true, true]]]);
  });
});
