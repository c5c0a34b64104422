import { describe, expect, it } from 'vitest';
import type { AnnotationObject } from '../../src-shared/model/annotation';
import { drawOutlines, type OutlineContext } from '../../src-renderer/src/features/work/workspace/snapshotDrawing';

/** A context that records what was drawn, with the style each stroke or fill had. */
function recorder() {
  const calls: string[] = [];
  const marks: { kind: 'stroke' | 'fill'; color: unknown; width: number; alpha: number; dashed: boolean }[] = [];
  let dash: number[] = [];
  const ctx: OutlineContext = {
    strokeStyle: '', fillStyle: '', lineWidth: 1, globalAlpha: 1,
    save: () => {}, restore: () => {}, beginPath: () => {}, closePath: () => calls.push('close'),
    moveTo: (x, y) => calls.push(`M${x},${y}`), lineTo: (x, y) => calls.push(`L${x},${y}`),
    arc: (x, y, r) => calls.push(`A${x},${y},${r}`), rect: (x, y, w, h) => calls.push(`R${x},${y},${w},${h}`),
    translate: (x, y) => calls.push(`T${x},${y}`), rotate: (a) => calls.push(`rot${a.toFixed(4)}`),
    setLineDash: (d) => { dash = d; },
    stroke: () => marks.push({ kind: 'stroke', color: ctx.strokeStyle, width: ctx.lineWidth, alpha: ctx.globalAlpha, dashed: dash.length > 0 }),
    fill: () => marks.push({ kind: 'fill', color: ctx.fillStyle, width: ctx.lineWidth, alpha: ctx.globalAlpha, dashed: dash.length > 0 }),
  };
  return { ctx, calls, marks };
}

const base = { featureId: 1, labelId: 'car', attributes: {}, zIndex: 0, source: 'manual' as const };
const box: AnnotationObject = { ...base, id: 'b', tool: 'box', geometry: { x: 10, y: 20, width: 40, height: 20, rotation: 90 } };
const poly: AnnotationObject = { ...base, id: 'p', tool: 'polygon', zIndex: 1, hidden: true, geometry: { points: [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 10 }] } };
const point: AnnotationObject = { ...base, id: 'pt', tool: 'point', geometry: { x: 4, y: 4 } };

describe('the outlines of an earlier submission', () => {
  it('draws a rotated box about its centre at half scale', () => {
    const { ctx, calls } = recorder();
    drawOutlines(ctx, [box], { colorOf: () => '#f00', scale: 0.5 });
    expect(calls).toEqual(['T15,15', `rot${(Math.PI / 2).toFixed(4)}`, 'R-10,-5,20,10']);
  });

  it('draws a polygon closed and dashed when it was hidden, a point filled', () => {
    const { ctx, calls, marks } = recorder();
    drawOutlines(ctx, [poly, point], { colorOf: (o) => (o.tool === 'point' ? 'blue' : 'green'), scale: 1 });
    expect(calls.slice(-4)).toEqual(['M0,0', 'L10,0', 'L10,10', 'close']);
    expect(marks).toEqual([
      { kind: 'fill', color: 'blue', width: 2, alpha: 1, dashed: false },
      { kind: 'stroke', color: 'green', width: 2, alpha: 1, dashed: true },
    ]);
  });

  it('draws what changed bold and the rest faint', () => {
    const { ctx, marks } = recorder();
    drawOutlines(ctx, [box, poly], { colorOf: () => '#f00', scale: 1, emphasis: new Set(['p']) });
    expect(marks.map((m) => [m.width, m.alpha])).toEqual([[1, 0.45], [2, 1]]);
  });
});
