import { describe, expect, it } from 'vitest';
import type { AnnotationObject } from '../../src-shared/model/annotation';
import { boundsOf } from '../../src-renderer/src/canvas/geometry/bounds';
import { Scene } from '../../src-renderer/src/canvas/model/scene';
import { BatchPlanner, planBatches, type PlannedBatch } from '../../src-renderer/src/canvas/render/batches';

const base = { featureId: 1, attributes: {}, source: 'manual' as const };
let z = 0;
const box = (id: string, labelId: string, x: number, y: number, size = 10, extra: Partial<AnnotationObject> = {}): AnnotationObject =>
  ({ ...base, id, labelId, zIndex: z++, tool: 'box', geometry: { x, y, width: size, height: size }, ...extra }) as AnnotationObject;
const polygon = (id: string, labelId: string, x: number, y: number, size = 10): AnnotationObject => ({
  ...base,
  id,
  labelId,
  zIndex: z++,
  tool: 'polygon',
  geometry: { points: [{ x, y }, { x: x + size, y }, { x: x + size / 2, y: y + size }] },
});
const line = (id: string, labelId: string, x: number, y: number): AnnotationObject => ({ ...base, id, labelId, zIndex: z++, tool: 'polyline', geometry: { points: [{ x, y }, { x: x + 10, y: y + 10 }] } });

const colorOf = (o: AnnotationObject) => ({ red: '#f00', blue: '#00f', green: '#0f0' })[o.labelId] ?? '#888';
const plan = (objects: AnnotationObject[]) => planBatches(objects, colorOf, boundsOf);
const ids = (batches: PlannedBatch[]) => batches.map((b) => b.objects.map((o) => o.id));
/** the position of each object in drawing order */
const drawnAt = (batches: PlannedBatch[]) => new Map(batches.flatMap((b) => b.objects).map((o, i) => [o.id, i]));

describe('z-ordered batches', () => {
  it('draws a red box above a blue polygon after it', () => {
    const batches = plan([polygon('bluePoly', 'blue', 0, 0, 20), box('redBox', 'red', 5, 5)]);
    expect(ids(batches)).toEqual([['bluePoly'], ['redBox']]);
    expect(batches.map((b) => b.color)).toEqual(['#00f', '#f00']);
  });

  it('draws the blue polygon last once it is brought to the front', () => {
    const red = box('redBox', 'red', 5, 5);
    const blue = polygon('bluePoly', 'blue', 0, 0, 20);
    expect(ids(plan([red, blue]))).toEqual([['redBox'], ['bluePoly']]);
  });

  it('puts consecutive same-colour objects into one batch', () => {
    const batches = plan([box('a', 'red', 0, 0), box('b', 'red', 5, 5), box('c', 'red', 100, 100), box('d', 'blue', 2, 2), box('e', 'blue', 3, 3)]);
    expect(ids(batches)).toEqual([['a', 'b', 'c'], ['d', 'e']]);
  });

  it('lets objects that overlap nothing of another colour join an earlier batch, so few labels make few batches', () => {
    // Alternating colours in z-order, but side by side: nothing overlaps, two batches suffice.
    const objects = Array.from({ length: 100 }, (_, i) => box(`o${i}`, i % 2 ? 'red' : 'blue', i * 20, 0));
    const batches = plan(objects);
    expect(batches).toHaveLength(2);
    expect(batches.map((b) => b.objects.length)).toEqual([50, 50]);
  });

  it('keeps every overlapping pair in z-order, whatever the colours', () => {
    let s = 7;
    const random = () => ((s = (s * 1664525 + 1013904223) >>> 0) / 4294967296);
    const labels = ['red', 'blue', 'green'];
    const objects = Array.from({ length: 400 }, (_, i) => box(`o${i}`, labels[Math.floor(random() * 3)]!, random() * 300, random() * 300, 10 + random() * 40, random() < 0.2 ? { source: 'ai' } : {}));
    const batches = plan(objects);
    const at = drawnAt(batches);
    const batchOf = new Map(batches.flatMap((b, k) => b.objects.map((o) => [o.id, k])));
    let checked = 0;
    for (let i = 0; i < objects.length; i++) {
      for (let j = i + 1; j < objects.length; j++) {
        const a = boundsOf(objects[i]!);
        const b = boundsOf(objects[j]!);
        if (a.minX > b.maxX || b.minX > a.maxX || a.minY > b.maxY || b.minY > a.maxY) continue;
        checked++;
        // Below and overlapping: drawn in an earlier batch, or in the same one (same style).
        expect(batchOf.get(objects[i]!.id)!).toBeLessThanOrEqual(batchOf.get(objects[j]!.id)!);
        if (batchOf.get(objects[i]!.id) === batchOf.get(objects[j]!.id)) expect(at.get(objects[i]!.id)!).toBeLessThan(at.get(objects[j]!.id)!);
      }
    }
    expect(checked).toBeGreaterThan(100);
    // Far fewer batches than objects: overlap, not the order of colours, sets the count.
    expect(batches.length).toBeLessThan(objects.length / 3);
  });

  it('starts a new batch when the style changes: dashed pre-annotations and unfilled lines', () => {
    const batches = plan([box('manual', 'red', 0, 0), box('ai', 'red', 2, 2, 10, { source: 'ai' }), line('line', 'red', 1, 1)]);
    expect(ids(batches)).toEqual([['manual'], ['ai'], ['line']]);
    expect(batches.map((b) => [b.dashed, b.filled])).toEqual([
      [false, true],
      [true, true],
      [false, false],
    ]);
  });

  it('keeps the objects of one batch bottom to top', () => {
    const batches = plan([box('a', 'red', 0, 0), box('b', 'red', 1, 1), box('c', 'red', 2, 2)]);
    expect(ids(batches)).toEqual([['a', 'b', 'c']]);
  });

  it('handles objects far larger than the grid cells (a box over the whole area)', () => {
    const small = Array.from({ length: 50 }, (_, i) => box(`s${i}`, 'red', (i % 10) * 30, Math.floor(i / 10) * 30));
    const big = box('big', 'blue', 0, 0, 300);
    const top = box('top', 'red', 100, 100);
    const batches = plan([...small, big, top]);
    expect(ids(batches)).toEqual([small.map((o) => o.id), ['big'], ['top']]);
  });

  it('can be fed one object at a time (the layer plans across frames)', () => {
    const objects = [polygon('p', 'blue', 0, 0, 20), box('b', 'red', 5, 5), box('c', 'blue', 200, 200)];
    const planner = new BatchPlanner({ minX: 0, minY: 0, maxX: 300, maxY: 300 }, objects.length);
    for (const o of objects) planner.add(o, colorOf(o), boundsOf(o));
    expect(planner.size).toBe(3);
    expect(ids(planner.finish())).toEqual([['p', 'c'], ['b']]);
  });

  it('plans nothing for no objects', () => {
    expect(plan([])).toEqual([]);
  });
});

describe('the scene answers what to draw bottom to top', () => {
  const sceneBox = (id: string, x: number, zIndex: number, hidden = false): AnnotationObject =>
    ({ ...base, id, labelId: 'red', zIndex, tool: 'box', hidden, geometry: { x, y: 0, width: 10, height: 10 } }) as AnnotationObject;
  const objects = Array.from({ length: 100 }, (_, i) => sceneBox(`o${i}`, i * 20, 100 - i, i === 3));

  it('gives the same objects in the same order for small and large rects, hidden and excepted ones left out', () => {
    const s = new Scene();
    s.setObjects(objects);
    const small = { minX: 0, minY: 0, maxX: 200, maxY: 10 };
    const large = { minX: 0, minY: 0, maxX: 1500, maxY: 10 };
    const brute = (r: typeof small, except: Set<string>) =>
      objects
        .filter((o) => !o.hidden && !except.has(o.id) && o.tool === 'box' && o.geometry.x <= r.maxX && o.geometry.x + 10 >= r.minX)
        .sort((a, b) => a.zIndex - b.zIndex)
        .map((o) => o.id);
    for (const r of [small, large]) {
      const except = new Set(['o5']);
      expect(s.visibleItems(r, except).map((i) => i.object.id)).toEqual(brute(r, except));
      expect(s.visibleIn(r, except).map((o) => o.id)).toEqual(brute(r, except));
    }
  });
});
