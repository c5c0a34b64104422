import { describe, expect, it } from 'vitest';
import type { AnnotationObject, FrameData } from '../../src-shared/model/annotation';
import { interpolationEdits } from '../../src-renderer/src/features/work/workspace/trackEdits';

const box = (id: string, x: number): AnnotationObject => ({ id, featureId: 1, labelId: 'car', tool: 'box', geometry: { x, y: 10, width: 20, height: 20 }, attributes: {}, zIndex: 0, source: 'manual' });
const frame = (...objects: AnnotationObject[]): FrameData => ({ version: 1, objects, classifications: [] });

describe('interpolating a tracked box between keyframes', () => {
  const frameIds = [101, 102, 103, 104, 105];

  it('fills the frames between the current keyframe and the previous one, moving the box linearly', () => {
    const frames = new Map([
      [101, frame(box('car-1', 0))],
      [105, frame(box('car-1', 40))],
    ]);
    const edits = interpolationEdits(frameIds, frames, 4, ['car-1']);
    expect(edits.map((e) => [e.frameId, (e.upsert[0]!.geometry as { x: number }).x])).toEqual([
      [102, 10],
      [103, 20],
      [104, 30],
    ]);
    expect(edits.every((e) => e.upsert[0]!.id === 'car-1')).toBe(true);
  });

  it('works both ways from a keyframe in the middle and leaves untracked objects alone', () => {
    const frames = new Map([
      [101, frame(box('car-1', 0))],
      [103, frame(box('car-1', 20), box('van', 5))],
      [105, frame(box('car-1', 60))],
    ]);
    const edits = interpolationEdits(frameIds, frames, 2, ['car-1', 'van']);
    expect(edits.map((e) => [e.frameId, (e.upsert[0]!.geometry as { x: number }).x])).toEqual([
      [102, 10],
      [104, 40],
    ]);
  });

  it('treats copies carried forward as in-betweens: a box copied over three frames and moved on the last fills the middle', () => {
    const frames = new Map([
      [101, frame(box('car-1', 0))],
      [102, frame(box('car-1', 0))],
      [103, frame(box('car-1', 0))],
      [104, frame(box('car-1', 30))],
    ]);
    const edits = interpolationEdits(frameIds, frames, 3, ['car-1']);
    expect(edits.map((e) => [e.frameId, (e.upsert[0]!.geometry as { x: number }).x])).toEqual([
      [102, 10],
      [103, 20],
    ]);
  });

  it('does nothing for an object seen on one frame only, or on neighbouring frames', () => {
    const frames = new Map([
      [102, frame(box('car-1', 0))],
      [103, frame(box('car-1', 10))],
    ]);
    expect(interpolationEdits(frameIds, frames, 2, ['car-1'])).toEqual([]);
  });
});
