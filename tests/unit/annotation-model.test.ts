import { describe, expect, it } from 'vitest';
import {
  ANNOTATION_VERSION,
  AnnotationMigrationError,
  frameDataIssues,
  migrateFrameData,
  validateFrameData,
  type FrameData,
} from '../../src-shared/model/annotation';

const box = (id: string, extra: object = {}) => ({
  id,
  featureId: 1,
  labelId: 'car',
  tool: 'box',
  geometry: { x: 1, y: 2, width: 30, height: 40 },
  attributes: {},
  zIndex: 0,
  source: 'manual',
  ...extra,
});
const frame = (objects: object[], classifications: object[] = []) => ({ version: ANNOTATION_VERSION, objects, classifications });

describe('annotation model', () => {
  it('accepts every drawing tool with sane geometry', () => {
    const all = frame([
      box('a'),
      { ...box('b'), tool: 'polygon', geometry: { points: [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 5, y: 8 }] } },
      { ...box('c'), tool: 'polyline', geometry: { points: [{ x: 0, y: 0 }, { x: 10, y: 3 }] } },
      { ...box('d'), tool: 'point', geometry: { x: 4, y: 4 } },
      { ...box('e'), tool: 'keypoints', geometry: { points: [{ pointId: 'nose', x: 1, y: 1, visibility: 'visible' }, { pointId: 'eye', x: 2, y: 1, visibility: 'occluded' }] } },
      { ...box('f'), tool: 'cuboid', geometry: { points: Array.from({ length: 8 }, (_, i) => ({ x: i, y: i * 2 })) } },
    ], [{ id: 'weather', featureId: 2, labelId: 'sunny', attributes: { time: 'day', confidence: 0.9, tags: ['a', 'b'] }, source: 'ai' }]);
    expect(validateFrameData(all)).toEqual({ ok: true, data: all });
  });

  it('refuses unknown tools, a polygon of two points and numbers out of range, with their paths', () => {
    const paths = (value: unknown) => {
      const out = validateFrameData(value);
      return out.ok ? [] : out.issues.map((i) => i.path);
    };
    expect(paths(frame([box('a'), { ...box('b'), tool: 'lasso' }]))).toContain('/objects/1/tool');
    expect(paths(frame([{ ...box('b'), tool: 'polygon', geometry: { points: [{ x: 0, y: 0 }, { x: 1, y: 1 }] } }]))).toContain('/objects/0/geometry/points');
    const huge = validateFrameData(frame([box('a', { geometry: { x: Infinity, y: 0, width: 1, height: 1 } })]));
    expect(huge.ok).toBe(false);
  });

  it('refuses ids used twice in a frame, degenerate shapes and repeated keypoints', () => {
    const data = frame(
      [
        box('same'),
        box('same'),
        box('flat', { geometry: { x: 0, y: 0, width: 0, height: 5 } }),
        { ...box('tri'), tool: 'polygon', geometry: { points: [{ x: 1, y: 1 }, { x: 1, y: 1 }, { x: 2, y: 2 }] } },
        { ...box('kp'), tool: 'keypoints', geometry: { points: [{ pointId: 'p', x: 1, y: 1, visibility: 'visible' }, { pointId: 'p', x: 2, y: 2, visibility: 'absent' }] } },
      ],
      [{ id: 'same', featureId: 3, attributes: {}, source: 'manual' }],
    ) as FrameData;
    expect(frameDataIssues(data, '/frames/0/data')).toEqual([
      { reason: 'duplicateId', path: '/frames/0/data/objects/1/id' },
      { reason: 'degenerate', path: '/frames/0/data/objects/2/geometry' },
      { reason: 'degenerate', path: '/frames/0/data/objects/3/geometry/points' },
      { reason: 'duplicatePoint', path: '/frames/0/data/objects/4/geometry/points/1/pointId' },
      { reason: 'duplicateId', path: '/frames/0/data/classifications/0/id' },
    ]);
  });

  it('takes a track\'s keyframe marked outside, and refuses outside on an object that is no keyframe', () => {
    expect(frameDataIssues(frame([box('a', { keyframe: true, outside: true })]) as FrameData)).toEqual([]);
    expect(frameDataIssues(frame([box('a', { outside: true })]) as FrameData)).toEqual([{ reason: 'schema', path: '/objects/0/outside', message: 'outside is only on a keyframe' }]);
  });

  it('finds NaN that never went through JSON', () => {
    const data = frame([box('a', { geometry: { x: NaN, y: 0, width: 1, height: 1 } })]) as FrameData;
    expect(frameDataIssues(data)).toEqual([{ reason: 'notFinite', path: '/objects/0/geometry' }]);
  });

  it('migrates a version 0 frame: order becomes zIndex, hand-drawn, empty answers and classifications', () => {
    const v0 = { objects: [{ id: 'a', featureId: 1, labelId: 'car', tool: 'box', geometry: { x: 1, y: 2, width: 3, height: 4 } }, { ...box('b'), source: 'ai', zIndex: 7 }] };
    const before = JSON.stringify(v0);
    const migrated = migrateFrameData(v0);
    expect(migrated).toEqual({
      version: ANNOTATION_VERSION,
      objects: [
        { id: 'a', featureId: 1, labelId: 'car', tool: 'box', geometry: { x: 1, y: 2, width: 3, height: 4 }, attributes: {}, zIndex: 0, source: 'manual' },
        { ...box('b'), source: 'ai', zIndex: 7 },
      ],
      classifications: [],
    });
    expect(validateFrameData(migrated).ok).toBe(true);
    // Pure: the stored value is left as it was.
    expect(JSON.stringify(v0)).toBe(before);
  });

  it('keeps a current frame as it is and refuses one from a newer build', () => {
    const current = frame([box('a')]);
    expect(migrateFrameData(current)).toBe(current);
    expect(() => migrateFrameData({ version: ANNOTATION_VERSION + 1, objects: [] })).toThrow(AnnotationMigrationError);
    expect(() => migrateFrameData('not a frame')).toThrow(AnnotationMigrationError);
  });
});
