import { describe, expect, it } from 'vitest';
import type { AnnotationObject } from '../../src-shared/model/annotation';
import { maskHasPixel } from '../../src-shared/mask/maskRuns';
import { countsArea, decodeCounts } from '../../src-shared/mask/rle';
import { MaskTool, type ToolOutcome, type ToolPointer } from '../../src-renderer/src/canvas/tools';
import { testDrawingContext } from '../support/drawingContext';

type Mask = Extract<AnnotationObject, { tool: 'mask' }>;

/** A frame of objects worked on with the mask tool, each outcome applied as the engine applies it. */
class Canvas {
  objects: AnnotationObject[] = [];
  readonly ctx = testDrawingContext(this.objects, { width: 200, height: 100 });
  notices: string[] = [];

  tool(labelId = 'road', featureId = 5) {
    return new MaskTool({ featureId, labelId, tool: 'mask', color: '#00ff00', attributes: {} }, { ...this.ctx, objects: () => this.objects });
  }

  apply(out: ToolOutcome): ToolOutcome {
    const c = out.change;
    if (c) {
      const removed = new Set(c.remove ?? []);
      const replaced = new Map((c.replace ?? []).map((o) => [o.id, o]));
      this.objects.splice(0, this.objects.length, ...this.objects.filter((o) => !removed.has(o.id)).map((o) => replaced.get(o.id) ?? o), ...(c.add ?? []));
    }
    if (out.select) this.ctx.selected = out.select;
    if (out.notice) this.notices.push(out.notice);
    return out;
  }

  stroke(tool: MaskTool, points: [number, number][]) {
    const p = (x: number, y: number): ToolPointer => ({ world: { x, y }, button: 0, shift: false, alt: false, mod: false, pixelSize: 0.5 });
    this.apply(tool.pointerDown(p(...points[0]!)));
    for (const q of points.slice(1)) this.apply(tool.pointerMove(p(...q)));
    return this.apply(tool.pointerUp(p(...points[points.length - 1]!)));
  }

  click(tool: MaskTool, x: number, y: number) {
    return this.apply(tool.pointerDown({ world: { x, y }, button: 0, shift: false, alt: false, mod: false, pixelSize: 1 }));
  }

  mask(id: string): Mask {
    return this.objects.find((o) => o.id === id) as Mask;
  }

  pixels(id: string): number {
    return countsArea(decodeCounts(this.mask(id).geometry.rle)!).set;
  }
}

describe('the mask tool', () => {
  it('paints a new mask, then adds the next stroke to it while it is selected; Enter lets go of it', () => {
    const c = new Canvas();
    const tool = c.tool();
    c.ctx.brush.set({ radius: 5 });
    c.stroke(tool, [[20, 20], [60, 20]]);
    expect(c.objects).toHaveLength(1);
    const [first] = c.objects as Mask[];
    expect(first!.tool).toBe('mask');
    expect(c.ctx.selected).toEqual([first!.id]);
    const before = c.pixels(first!.id);
    // A round brush of radius 5 along 40 px: about a 40 x 10 band with round ends.
    expect(before).toBeGreaterThan(400);
    expect(before).toBeLessThan(520);
    c.stroke(tool, [[20, 50], [60, 50]]);
    expect(c.objects).toHaveLength(1);
    expect(c.pixels(first!.id)).toBeGreaterThan(1.8 * before);
    c.apply(tool.key({ key: 'Enter', shift: false, alt: false, mod: false }));
    expect(c.ctx.selected).toEqual([]);
    c.stroke(tool, [[120, 50], [150, 50]]);
    expect(c.objects).toHaveLength(2);
  });

  it('takes the pixels of other masks a stroke crosses, or leaves them theirs; a locked mask always keeps them', () => {
    const c = new Canvas();
    c.ctx.brush.set({ radius: 6 });
    c.stroke(c.tool('road'), [[20, 50], [180, 50]]);
    const road = c.objects[0]!.id;
    const roadPixels = c.pixels(road);
    c.apply({ handled: true, select: [] });
    // Across the road, taking: the road loses where the car now is.
    c.stroke(c.tool('car'), [[100, 20], [100, 80]]);
    const car = c.objects[1]!.id;
    expect(c.pixels(road)).toBeLessThan(roadPixels);
    expect(maskHasPixel(c.mask(road).geometry, 100, 50)).toBe(false);
    expect(maskHasPixel(c.mask(car).geometry, 100, 50)).toBe(true);
    // Not taking: a new stroke paints only around the other masks.
    c.ctx.brush.set({ takeOthers: false });
    c.apply({ handled: true, select: [] });
    c.stroke(c.tool('sign'), [[60, 40], [60, 60]]);
    const sign = c.objects[2]!.id;
    expect(maskHasPixel(c.mask(road).geometry, 60, 50)).toBe(true);
    expect(maskHasPixel(c.mask(sign).geometry, 60, 50)).toBe(false);
    // Locked: kept whole even by a taking stroke.
    c.ctx.brush.set({ takeOthers: true });
    c.objects[0] = { ...c.objects[0]!, locked: true };
    const lockedPixels = c.pixels(road);
    c.apply({ handled: true, select: [] });
    c.stroke(c.tool('car'), [[140, 20], [140, 80]]);
    expect(c.pixels(road)).toBe(lockedPixels);
  });

  it('a stroke entirely over masks that keep their pixels paints nothing and says why', () => {
    const c = new Canvas();
    c.ctx.brush.set({ radius: 10 });
    c.stroke(c.tool('road'), [[50, 50], [60, 50]]);
    c.apply({ handled: true, select: [] });
    c.ctx.brush.set({ takeOthers: false, radius: 3 });
    c.stroke(c.tool('car'), [[55, 50], [56, 50]]);
    expect(c.objects).toHaveLength(1);
    expect(c.notices).toEqual(['mask.notice.nothingFree']);
  });

  it('erases from the selected mask, and a mask erased to nothing is removed', () => {
    const c = new Canvas();
    c.ctx.brush.set({ radius: 4 });
    c.stroke(c.tool(), [[20, 20], [80, 20]]);
    const id = c.objects[0]!.id;
    const whole = c.pixels(id);
    c.ctx.brush.set({ mode: 'eraser', radius: 6 });
    c.stroke(c.tool(), [[50, 10], [50, 30]]);
    expect(c.pixels(id)).toBeLessThan(whole);
    expect(maskHasPixel(c.mask(id).geometry, 50, 20)).toBe(false);
    c.ctx.brush.set({ radius: 60 });
    c.stroke(c.tool(), [[50, 20]]);
    expect(c.objects).toHaveLength(0);
  });

  it('fills the area a ring encloses, refuses an open one, and says when there is no mask to fill', () => {
    const c = new Canvas();
    c.ctx.brush.set({ radius: 3 });
    c.stroke(c.tool(), [[20, 20], [80, 20], [80, 80], [20, 80], [20, 20]]);
    const id = c.objects[0]!.id;
    const ring = c.pixels(id);
    c.ctx.brush.set({ mode: 'fill' });
    c.click(c.tool(), 150, 50);
    expect(c.notices).toEqual(['mask.notice.fillNoMask']);
    c.click(c.tool(), 50, 50);
    expect(c.pixels(id)).toBeGreaterThan(ring + 2500);
    // A U shape is open to its box's edge: nothing is filled.
    c.apply({ handled: true, select: [] });
    c.ctx.brush.set({ mode: 'brush' });
    c.stroke(c.tool('cup'), [[110, 20], [110, 80], [170, 80], [170, 20]]);
    const cup = c.objects[1]!.id;
    const u = c.pixels(cup);
    c.ctx.brush.set({ mode: 'fill' });
    c.click(c.tool('cup'), 140, 40);
    expect(c.notices).toEqual(['mask.notice.fillNoMask', 'mask.notice.fillOpen']);
    expect(c.pixels(cup)).toBe(u);
  });

  it('cuts a stroke at the picture edge, sizes the brush with Shift+wheel, and shows the brush where it would paint', () => {
    const c = new Canvas();
    const tool = c.tool();
    c.ctx.brush.set({ radius: 10 });
    c.stroke(tool, [[195, 95], [260, 140]]);
    const g = c.mask(c.objects[0]!.id).geometry;
    expect(g.x + g.width).toBeLessThanOrEqual(200);
    expect(g.y + g.height).toBeLessThanOrEqual(100);
    const at: ToolPointer = { world: { x: 30, y: 30 }, button: 0, shift: true, alt: false, mod: false, pixelSize: 1 };
    expect(tool.wheel(at, -100).handled).toBe(true);
    expect(c.ctx.brush.get().radius).toBe(12);
    expect(tool.wheel({ ...at, shift: false }, -100).handled).toBe(false);
    tool.pointerMove({ ...at, shift: false });
    expect(tool.overlay()).toEqual([{ kind: 'brush', x: 30, y: 30, radius: 12, erase: false }]);
  });
});
