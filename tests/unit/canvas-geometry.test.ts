import { describe, expect, it } from 'vitest';
import type { AnnotationObject } from '../../src-shared/model/annotation';
import { boundsOf, boxCorners } from '../../src-renderer/src/canvas/geometry/bounds';
import { resizeBox } from '../../src-renderer/src/canvas/geometry/boxResize';
import { distanceToPath, pointInPolygon } from '../../src-renderer/src/canvas/geometry/distance';
import { hitsObject } from '../../src-renderer/src/canvas/geometry/hitTest';
import { insertVertex, moveVertex, removeVertex, translateObject } from '../../src-renderer/src/canvas/geometry/transform';

const base = { featureId: 1, labelId: 'car', attributes: {}, zIndex: 0, source: 'manual' as const };
const box = (x: number, y: number, width: number, height: number, rotation?: number): AnnotationObject => ({ ...base, id: 'b', tool: 'box', geometry: { x, y, width, height, ...(rotation !== undefined ? { rotation } : {}) } });
const poly = (points: [number, number][], tool: 'polygon' | 'polyline' = 'polygon'): AnnotationObject => ({ ...base, id: 'p', tool, geometry: { points: points.map(([x, y]) => ({ x, y })) } });
const square = poly([[0, 0], [10, 0], [10, 10], [0, 10]]);
const close = (a: number, b: number) => expect(a).toBeCloseTo(b, 6);

describe('bounds', () => {
  it('bounds a box turned 45 degrees by its rotated corners', () => {
    const r = boundsOf(box(0, 0, 10, 10, 45));
    const half = Math.SQRT2 * 5;
    close(r.minX, 5 - half);
    close(r.maxX, 5 + half);
    close(r.minY, 5 - half);
  });
  it('turns a box clockwise on screen (y down)', () => {
    const [topLeft] = boxCorners({ x: 0, y: 0, width: 10, height: 2, rotation: 90 });
    // A quarter turn clockwise brings the top-left corner to the top-right of the centre.
    close(topLeft!.x, 6);
    close(topLeft!.y, -4);
  });
  it('bounds keypoints by the points that are on the image', () => {
    const kp: AnnotationObject = { ...base, id: 'k', tool: 'keypoints', geometry: { points: [{ pointId: 'a', x: 1, y: 1, visibility: 'visible' }, { pointId: 'b', x: 500, y: 500, visibility: 'absent' }] } };
    expect(boundsOf(kp)).toEqual({ minX: 1, minY: 1, maxX: 1, maxY: 1 });
  });
});

describe('containment and distance', () => {
  it('tells inside from outside of a concave polygon', () => {
    const u = [[0, 0], [30, 0], [30, 30], [20, 30], [20, 10], [10, 10], [10, 30], [0, 30]].map(([x, y]) => ({ x: x!, y: y! }));
    expect(pointInPolygon({ x: 5, y: 20 }, u)).toBe(true);
    expect(pointInPolygon({ x: 15, y: 20 }, u)).toBe(false);
  });
  it('measures the distance to an open path, not to its closing edge', () => {
    const l = [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 10 }];
    expect(distanceToPath({ x: 4, y: 5 }, l, false)).toBeCloseTo(5);
    expect(distanceToPath({ x: 4, y: 5 }, l, true)).toBeLessThan(1);
  });
});

describe('hit test with a tolerance', () => {
  it('hits a filled shape anywhere inside, and just outside within the tolerance', () => {
    expect(hitsObject(square, { x: 5, y: 5 }, 1)).toBe(true);
    expect(hitsObject(square, { x: 11.5, y: 5 }, 2)).toBe(true);
    expect(hitsObject(square, { x: 13, y: 5 }, 2)).toBe(false);
  });
  it('hits a polyline only near its line', () => {
    const l = poly([[0, 0], [10, 0], [10, 10]], 'polyline');
    expect(hitsObject(l, { x: 5, y: 0.5 }, 1)).toBe(true);
    expect(hitsObject(l, { x: 5, y: 5 }, 1)).toBe(false);
  });
  it('hits a rotated box inside its turned outline, not in the corners of its bounds', () => {
    const b = box(0, 0, 10, 10, 45);
    expect(hitsObject(b, { x: 5, y: 5 }, 0.5)).toBe(true);
    expect(hitsObject(b, { x: -1.5, y: -1.5 }, 0.5)).toBe(false);
  });
  it('hits a point and skips absent keypoints', () => {
    const point: AnnotationObject = { ...base, id: 'pt', tool: 'point', geometry: { x: 5, y: 5 } };
    expect(hitsObject(point, { x: 7, y: 5 }, 3)).toBe(true);
    const kp: AnnotationObject = { ...base, id: 'k', tool: 'keypoints', geometry: { points: [{ pointId: 'a', x: 50, y: 50, visibility: 'absent' }, { pointId: 'b', x: 0, y: 0, visibility: 'visible' }] } };
    expect(hitsObject(kp, { x: 50, y: 50 }, 3)).toBe(false);
    expect(hitsObject(kp, { x: 1, y: 1 }, 3)).toBe(true);
  });
  it('hits a cuboid between its faces', () => {
    const pts = [[0, 0], [10, 0], [10, 10], [0, 10], [5, -5], [15, -5], [15, 5], [5, 5]].map(([x, y]) => ({ x: x!, y: y! }));
    const c: AnnotationObject = { ...base, id: 'c', tool: 'cuboid', geometry: { points: pts } };
    expect(hitsObject(c, { x: 12, y: -1 }, 0.5)).toBe(true);
    expect(hitsObject(c, { x: 14, y: 9 }, 0.5)).toBe(false);
  });
});

describe('editing geometry', () => {
  it('translates every kind without changing the original', () => {
    const moved = translateObject(square, 5, -2);
    expect(moved.tool === 'polygon' && moved.geometry.points[0]).toEqual({ x: 5, y: -2 });
    expect(square.tool === 'polygon' && square.geometry.points[0]).toEqual({ x: 0, y: 0 });
    const b = translateObject(box(1, 1, 4, 4, 30), 1, 1);
    expect(b.geometry).toEqual({ x: 2, y: 2, width: 4, height: 4, rotation: 30 });
  });
  it('moves one vertex', () => {
    const m = moveVertex(square, 2, { x: 20, y: 20 });
    expect(m.tool === 'polygon' && m.geometry.points).toEqual([{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 20, y: 20 }, { x: 0, y: 10 }]);
  });
  it('removes a vertex but never below three for a polygon', () => {
    const three = removeVertex(square, 0);
    expect(three.tool === 'polygon' && three.geometry.points).toHaveLength(3);
    expect(removeVertex(three, 0)).toBe(three);
  });
  it('inserts a vertex after the given one', () => {
    const five = insertVertex(square, 0, { x: 5, y: 0 });
    expect(five.tool === 'polygon' && five.geometry.points[1]).toEqual({ x: 5, y: 0 });
  });
});

describe('resizing a box by a handle', () => {
  it('moves only the dragged corner; the opposite one stays', () => {
    expect(resizeBox({ x: 0, y: 0, width: 10, height: 10 }, 'se', { x: 20, y: 15 })).toEqual({ x: 0, y: 0, width: 20, height: 15 });
    expect(resizeBox({ x: 0, y: 0, width: 10, height: 10 }, 'n', { x: 99, y: -5 })).toEqual({ x: 0, y: -5, width: 10, height: 15 });
  });
  it('flips instead of going negative when dragged past the opposite side', () => {
    expect(resizeBox({ x: 0, y: 0, width: 10, height: 10 }, 'e', { x: -4, y: 5 })).toEqual({ x: -4, y: 0, width: 4, height: 10 });
  });
  it('keeps the opposite corner of a rotated box where it was on screen', () => {
    const g = { x: 0, y: 0, width: 10, height: 6, rotation: 30 };
    const nwBefore = boxCorners(g)[0]!;
    const after = resizeBox(g, 'se', { x: 20, y: 20 });
    const nwAfter = boxCorners(after)[0]!;
    close(nwAfter.x, nwBefore.x);
    close(nwAfter.y, nwBefore.y);
    expect(after.rotation).toBe(30);
    expect(after.width).toBeGreaterThan(10);
  });
  it('keeps a minimum size', () => {
    const g = resizeBox({ x: 0, y: 0, width: 10, height: 10 }, 'se', { x: 0, y: 0 });
    expect(g.width).toBe(1);
    expect(g.height).toBe(1);
  });
});
