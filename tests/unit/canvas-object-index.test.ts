import { describe, expect, it } from 'vitest';
import type { AnnotationObject } from '../../src-shared/model/annotation';
import { boundsOf } from '../../src-renderer/src/canvas/geometry/bounds';
import { hitsObject } from '../../src-renderer/src/canvas/geometry/hitTest';
import { rectsIntersect } from '../../src-renderer/src/canvas/geometry/rect';
import { ObjectIndex } from '../../src-renderer/src/canvas/spatial/objectIndex';

/** A seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

function randomObjects(n: number, seed: number): AnnotationObject[] {
  const r = random(seed);
  const base = { featureId: 1, labelId: 'l', attributes: {}, source: 'manual' as const };
  return Array.from({ length: n }, (_, i): AnnotationObject => {
    const x = r() * 1000;
    const y = r() * 1000;
    const zIndex = Math.floor(r() * 50);
    const poly = () => Array.from({ length: 3 + Math.floor(r() * 6) }, () => ({ x: x + r() * 60, y: y + r() * 60 }));
    switch (i % 5) {
      case 0:
        return { ...base, id: `o${i}`, zIndex, tool: 'box', geometry: { x, y, width: 5 + r() * 60, height: 5 + r() * 60, rotation: r() < 0.3 ? r() * 90 : 0 } };
      case 1:
        return { ...base, id: `o${i}`, zIndex, tool: 'polygon', geometry: { points: poly() } };
      case 2:
        return { ...base, id: `o${i}`, zIndex, tool: 'polyline', geometry: { points: poly() } };
      case 3:
        return { ...base, id: `o${i}`, zIndex, tool: 'point', geometry: { x, y } };
      default:
        return { ...base, id: `o${i}`, zIndex, tool: 'keypoints', geometry: { points: poly().map((p, k) => ({ ...p, pointId: `k${k}`, visibility: k === 0 ? 'absent' : 'visible' })) } };
    }
  });
}

/** The answer without an index: every object, top-most first (higher zIndex, then later). */
function bruteForceHit(objects: AnnotationObject[], p: { x: number; y: number }, tolerance: number) {
  let best: { o: AnnotationObject; i: number } | null = null;
  objects.forEach((o, i) => {
    if (!hitsObject(o, p, tolerance)) return;
    if (!best || o.zIndex > best.o.zIndex || (o.zIndex === best.o.zIndex && i > best.i)) best = { o, i };
  });
  return (best as { o: AnnotationObject } | null)?.o.id ?? null;
}

describe('object index', () => {
  const objects = randomObjects(3000, 7);
  const index = new ObjectIndex();
  index.setObjects(objects);

  it('finds the same top-most object as a scan of every object', () => {
    const r = random(99);
    let hits = 0;
    for (let i = 0; i < 2000; i++) {
      const p = { x: r() * 1060, y: r() * 1060 };
      const expected = bruteForceHit(objects, p, 4);
      expect(index.hitTest(p, 4)?.id ?? null).toBe(expected);
      if (expected) hits++;
    }
    // The comparison means something only if many pointers landed on objects.
    expect(hits).toBeGreaterThan(500);
  });

  it('answers exactly the objects whose bounds meet a viewport', () => {
    const view = { minX: 200, minY: 300, maxX: 450, maxY: 520 };
    const expected = objects.filter((o) => rectsIntersect(boundsOf(o), view)).map((o) => o.id).sort();
    expect(index.search(view).map((i) => i.object.id).sort()).toEqual(expected);
  });

  it('follows moves and removals', () => {
    const idx = new ObjectIndex();
    const [a] = randomObjects(1, 3) as [Extract<AnnotationObject, { tool: 'box' }>];
    idx.setObjects([a]);
    idx.upsert({ ...a, geometry: { ...a.geometry, x: 5000, y: 5000, rotation: 0 } });
    expect(idx.hitTest({ x: a.geometry.x + 1, y: a.geometry.y + 1 }, 1)).toBeNull();
    expect(idx.hitTest({ x: 5001, y: 5001 }, 1)?.id).toBe(a.id);
    idx.remove(a.id);
    expect(idx.hitTest({ x: 5001, y: 5001 }, 1)).toBeNull();
    expect(idx.size).toBe(0);
  });

  it('keeps an object its place among equals when it is moved', () => {
    const idx = new ObjectIndex();
    const sq = (id: string): AnnotationObject => ({ id, featureId: 1, labelId: 'l', attributes: {}, source: 'manual', zIndex: 0, tool: 'box', geometry: { x: 0, y: 0, width: 10, height: 10 } });
    idx.setObjects([sq('first'), sq('second')]);
    idx.upsert({ ...sq('first'), labelId: 'changed' });
    expect(idx.hitTest({ x: 5, y: 5 }, 1)?.id).toBe('second');
  });
});
