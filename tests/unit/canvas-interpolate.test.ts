import { describe, expect, it } from 'vitest';
import { ANNOTATION_VERSION, validateFrameData, type AnnotationObject } from '../../src-shared/model/annotation';
import { copyToFrame, interpolateBox, interpolateObjects } from '../../src-shared/model/interpolate';

const base = { id: 'car-1', featureId: 3, labelId: 'car', attributes: { parked: true }, zIndex: 2, source: 'manual' } as const;
const box = (x: number, y: number, width: number, height: number, rotation?: number): AnnotationObject => ({
  ...base,
  tool: 'box',
  geometry: { x, y, width, height, ...(rotation === undefined ? {} : { rotation }) },
});
const polygon = (...xy: [number, number][]): AnnotationObject => ({ ...base, tool: 'polygon', geometry: { points: xy.map(([x, y]) => ({ x, y })) } });
const storable = (objects: AnnotationObject[]) => validateFrameData({ version: ANNOTATION_VERSION, objects, classifications: [] }).ok;

describe('interpolateBox', () => {
  it('moves and resizes in proportion', () => {
    expect(interpolateBox({ x: 0, y: 0, width: 10, height: 20 }, { x: 100, y: 50, width: 30, height: 40 }, 0.25)).toEqual({
      x: 25,
      y: 12.5,
      width: 15,
      height: 25,
    });
  });

  it('turns the short way round, and a box without rotation counts as 0°', () => {
    expect(interpolateBox({ x: 0, y: 0, width: 1, height: 1, rotation: 350 }, { x: 0, y: 0, width: 1, height: 1, rotation: 10 }, 0.5).rotation).toBeCloseTo(360);
    expect(interpolateBox({ x: 0, y: 0, width: 1, height: 1 }, { x: 0, y: 0, width: 1, height: 1, rotation: 90 }, 0.5).rotation).toBeCloseTo(45);
    expect(interpolateBox({ x: 0, y: 0, width: 1, height: 1 }, { x: 0, y: 0, width: 1, height: 1 }, 0.5)).not.toHaveProperty('rotation');
  });
});

describe('interpolateObjects', () => {
  const track = [
    { frameIndex: 10, object: box(100, 100, 50, 50) },
    { frameIndex: 0, object: box(0, 0, 10, 10) },
  ];

  it('gives the box between two keyframes, in any order, with the same object id', () => {
    const mid = interpolateObjects(track, 5);
    expect(mid).toMatchObject({ id: 'car-1', tool: 'box', geometry: { x: 50, y: 50, width: 30, height: 30 } });
    expect(storable([mid!])).toBe(true);
  });

  it('gives a keyframe its own object, nothing before the first, and the last one after it', () => {
    expect(interpolateObjects(track, 0)?.geometry).toEqual({ x: 0, y: 0, width: 10, height: 10 });
    expect(interpolateObjects(track, 10)?.geometry).toEqual({ x: 100, y: 100, width: 50, height: 50 });
    expect(interpolateObjects(track, -1)).toBeNull();
    expect(interpolateObjects(track, 20)?.geometry).toEqual({ x: 100, y: 100, width: 50, height: 50 });
    expect(interpolateObjects([], 3)).toBeNull();
  });

  it('moves each vertex of shapes with the same number of points', () => {
    const keys = [
      { frameIndex: 0, object: polygon([0, 0], [10, 0], [0, 10]) },
      { frameIndex: 4, object: polygon([4, 4], [14, 4], [4, 14]) },
    ];
    const at1 = interpolateObjects(keys, 1);
    expect(at1?.geometry).toEqual({ points: [{ x: 1, y: 1 }, { x: 11, y: 1 }, { x: 1, y: 11 }] });
    expect(storable([at1!])).toBe(true);
  });

  it('keeps the earlier keyframe when the shapes cannot be matched', () => {
    const triangle = polygon([0, 0], [10, 0], [0, 10]);
    const square = polygon([0, 0], [10, 0], [10, 10], [0, 10]);
    expect(interpolateObjects([{ frameIndex: 0, object: triangle }, { frameIndex: 2, object: square }], 1)).toEqual(triangle);
    expect(interpolateObjects([{ frameIndex: 0, object: triangle }, { frameIndex: 2, object: box(0, 0, 5, 5) }], 1)).toEqual(triangle);
  });

  it('moves keypoints shown at both ends and leaves an absent one where it was', () => {
    const pose = (x: number, hipVisibility: 'visible' | 'absent'): AnnotationObject => ({
      ...base,
      tool: 'keypoints',
      geometry: {
        points: [
          { pointId: 'head', x, y: 0, visibility: 'visible' },
          { pointId: 'hip', x, y: 10, visibility: hipVisibility },
        ],
      },
    });
    const mid = interpolateObjects([{ frameIndex: 0, object: pose(0, 'visible') }, { frameIndex: 2, object: pose(10, 'absent') }], 1);
    expect(mid?.geometry).toEqual({
      points: [
        { pointId: 'head', x: 5, y: 0, visibility: 'visible' },
        { pointId: 'hip', x: 0, y: 10, visibility: 'visible' },
      ],
    });
  });

  it('does not change the keyframes it was given', () => {
    const keys = [{ frameIndex: 0, object: polygon([0, 0], [10, 0], [0, 10]) }];
    const got = interpolateObjects(keys, 0);
    if (got?.tool === 'polygon') got.geometry.points.push({ x: 99, y: 99 });
    expect(keys[0]?.object.geometry).toEqual({ points: [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 0, y: 10 }] });
  });
});

describe('copyToFrame', () => {
  it('copies objects for the next frame with fresh ids and the same shapes and answers', () => {
    const originals = [box(1, 2, 3, 4), { ...polygon([0, 0], [10, 0], [0, 10]), id: 'tree-1' }];
    let n = 0;
    const copies = copyToFrame(originals, () => `new-${++n}`);
    expect(copies.map((c) => c.id)).toEqual(['new-1', 'new-2']);
    expect(copies.map(({ id: _id, ...rest }) => rest)).toEqual(originals.map(({ id: _id, ...rest }) => rest));
    expect(storable([...copies, ...originals])).toBe(true);
  });

  it('gives copies that change apart from the originals', () => {
    const original = polygon([0, 0], [10, 0], [0, 10]);
    const [copy] = copyToFrame([original], () => 'copy');
    if (copy?.tool === 'polygon') copy.geometry.points[0]!.x = 50;
    expect(original.geometry).toEqual({ points: [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 0, y: 10 }] });
  });
});
