import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnnotationObject } from '../../src-shared/model/annotation';
import { BatchPainter, paintObjects, prepareSkeletons, SEGMENTS_PER_PATH, type PaintContext, type PaintStyle } from '../../src-renderer/src/canvas/render/objectPainter';
import { planBatches } from '../../src-renderer/src/canvas/render/batches';
import { boundsOf } from '../../src-renderer/src/canvas/geometry/bounds';

/** A Path2D that records its calls (Node has none). */
class FakePath {
  calls: string[] = [];
  moveTo(x: number, y: number) {
    this.calls.push(`M${x},${y}`);
  }
  lineTo(x: number, y: number) {
    this.calls.push(`L${x},${y}`);
  }
  rect(x: number, y: number, w: number, h: number) {
    this.calls.push(`R${x},${y},${w},${h}`);
  }
  arc(x: number, y: number) {
    this.calls.push(`A${x},${y}`);
  }
  closePath() {
    this.calls.push('Z');
  }
}

/** A 2D context that records fills and strokes with the colour and dash in effect. */
function fakeContext() {
  const ops: { op: 'fill' | 'stroke'; color: string; alpha: number; dashed: boolean; path: FakePath }[] = [];
  let dash: number[] = [];
  const ctx = {
    fillStyle: '',
    strokeStyle: '',
    globalAlpha: 1,
    lineWidth: 1,
    lineJoin: 'miter',
    setTransform() {},
    setLineDash(d: number[]) {
      dash = d;
    },
    fill(p: FakePath) {
      ops.push({ op: 'fill', color: ctx.fillStyle, alpha: ctx.globalAlpha, dashed: dash.length > 0, path: p });
    },
    stroke(p: FakePath) {
      ops.push({ op: 'stroke', color: ctx.strokeStyle, alpha: ctx.globalAlpha, dashed: dash.length > 0, path: p });
    },
  };
  return { ctx: ctx as PaintContext, ops };
}

const saved = (globalThis as { Path2D?: unknown }).Path2D;
beforeAll(() => void ((globalThis as { Path2D?: unknown }).Path2D = FakePath));
afterAll(() => void ((globalThis as { Path2D?: unknown }).Path2D = saved));

const style: PaintStyle = { lineWidth: 1, pointRadius: 3, fillAlpha: 0.18, dash: [6, 4], maskAlpha: 0.45 };
const identity = { scale: 1, ox: 0, oy: 0 };
const base = { featureId: 7, labelId: 'l', attributes: {}, zIndex: 0, source: 'manual' as const };
const colorOf = (o: AnnotationObject) => (o.labelId === 'red' ? '#f00' : '#00f');

describe('painting batches', () => {
  it('paints a red box above a blue polygon after the polygon, fill then outline', () => {
    const blue: AnnotationObject = { ...base, id: 'p', labelId: 'blue', tool: 'polygon', geometry: { points: [{ x: 0, y: 0 }, { x: 40, y: 0 }, { x: 20, y: 40 }] } };
    const red: AnnotationObject = { ...base, id: 'b', labelId: 'red', zIndex: 1, tool: 'box', geometry: { x: 10, y: 10, width: 10, height: 10 } };
    const { ctx, ops } = fakeContext();
    paintObjects(ctx, [blue, red], identity, colorOf, style);
    expect(ops.map((o) => `${o.op} ${o.color}`)).toEqual(['fill #00f', 'stroke #00f', 'fill #f00', 'stroke #f00']);
    expect(ops[0]!.alpha).toBeCloseTo(0.18);
    expect(ops[1]!.alpha).toBe(1);
  });

  it('draws pre-annotations dashed and manual ones solid', () => {
    const ai: AnnotationObject = { ...base, id: 'a', source: 'ai', tool: 'box', geometry: { x: 0, y: 0, width: 10, height: 10 } };
    const manual: AnnotationObject = { ...base, id: 'm', zIndex: 1, tool: 'box', geometry: { x: 5, y: 5, width: 10, height: 10 } };
    const { ctx, ops } = fakeContext();
    paintObjects(ctx, [ai, manual], identity, colorOf, style);
    expect(ops.filter((o) => o.op === 'stroke').map((o) => o.dashed)).toEqual([true, false]);
  });

  it(`cuts a batch into paths of at most ${SEGMENTS_PER_PATH} segments`, () => {
    const boxes: AnnotationObject[] = Array.from({ length: 1000 }, (_, i) => ({ ...base, id: `b${i}`, zIndex: i, tool: 'box', geometry: { x: i * 20, y: 0, width: 10, height: 10 } }));
    const { ctx, ops } = fakeContext();
    paintObjects(ctx, boxes, identity, colorOf, style);
    const fills = ops.filter((o) => o.op === 'fill');
    expect(fills).toHaveLength(Math.ceil((1000 * 4) / SEGMENTS_PER_PATH));
    expect(fills.reduce((n, f) => n + f.path.calls.length, 0)).toBe(1000);
  });

  it('stops at the deadline and goes on where it stopped', () => {
    const boxes: AnnotationObject[] = Array.from({ length: 200 }, (_, i) => ({ ...base, id: `b${i}`, zIndex: i, labelId: i % 2 ? 'red' : 'blue', tool: 'box', geometry: { x: 0, y: 0, width: 10, height: 10 } }));
    const batches = planBatches(boxes, colorOf, boundsOf);
    const whole = fakeContext();
    new BatchPainter(batches, identity, style).step(whole.ctx);
    const sliced = fakeContext();
    const painter = new BatchPainter(batches, identity, style);
    let steps = 0;
    while (!painter.step(sliced.ctx, -Infinity)) steps++;
    expect(steps).toBeGreaterThan(5);
    expect(painter.done).toBe(true);
    const summary = (ops: typeof whole.ops) => ops.map((o) => `${o.op} ${o.color} ${o.path.calls.join(' ')}`);
    expect(summary(sliced.ops)).toEqual(summary(whole.ops));
  });
});

describe('keypoint skeletons', () => {
  const skeletons = prepareSkeletons(
    new Map([
      [
        7,
        {
          points: [{ id: 'head' }, { id: 'neck' }, { id: 'hip' }, { id: 'knee' }],
          edges: [
            { from: 0, to: 1 },
            { from: 1, to: 2 },
            { from: 2, to: 3 },
          ],
        },
      ],
    ]),
  );
  const person: AnnotationObject = {
    ...base,
    id: 'k',
    tool: 'keypoints',
    geometry: {
      points: [
        { pointId: 'head', x: 10, y: 0, visibility: 'visible' },
        { pointId: 'neck', x: 10, y: 10, visibility: 'occluded' },
        { pointId: 'hip', x: 10, y: 30, visibility: 'visible' },
        { pointId: 'knee', x: 10, y: 50, visibility: 'absent' },
      ],
    },
  };

  it('draws the edges between placed points, none to an absent one, under the points', () => {
    const { ctx, ops } = fakeContext();
    paintObjects(ctx, [person], identity, colorOf, style, skeletons);
    const strokes = ops.filter((o) => o.op === 'stroke');
    const lines = strokes.flatMap((o) => o.path.calls.join(' ').match(/M[\d.,-]+ L[\d.,-]+/g) ?? []);
    expect(lines).toEqual(['M10,0 L10,10', 'M10,10 L10,30']);
    // Visible points are filled marks, painted after the lines; the occluded one is a ring (stroked).
    const fills = ops.filter((o) => o.op === 'fill');
    expect(fills).toHaveLength(1);
    expect(fills[0]!.path.calls.filter((c) => c.startsWith('A'))).toEqual(['A10,0', 'A10,30']);
    expect(strokes.flatMap((o) => o.path.calls).filter((c) => c.startsWith('A'))).toEqual(['A10,10']);
    expect(ops.indexOf(fills[0]!)).toBeGreaterThan(ops.indexOf(strokes[0]!));
  });

  it('draws no edges for a feature without a skeleton', () => {
    const { ctx, ops } = fakeContext();
    paintObjects(ctx, [{ ...person, featureId: 8 }], identity, colorOf, style, skeletons);
    expect(ops.flatMap((o) => o.path.calls).some((c) => c.startsWith('L'))).toBe(false);
  });

  it('ignores edges that point past the skeleton', () => {
    const s = prepareSkeletons(new Map([[7, { points: [{ id: 'head' }], edges: [{ from: 0, to: 3 }] }]]));
    expect(s.get(7)!.edges).toEqual([]);
  });
});
