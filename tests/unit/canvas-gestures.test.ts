import { testDrawingContext } from '../support/drawingContext';
import { describe, expect, it } from 'vitest';
import type { AnnotationObject } from '../../src-shared/model/annotation';
import { PointerGestures } from '../../src-renderer/src/canvas/input/gestures';
import type { ScreenPointer } from '../../src-renderer/src/canvas/input/pointerInput';
import { ObjectEditor } from '../../src-renderer/src/canvas/model/editor';
import { Scene } from '../../src-renderer/src/canvas/model/scene';
import { createDrawingTool } from '../../src-renderer/src/canvas/tools';
import { SelectTool, type SelectOutcome } from '../../src-renderer/src/canvas/tools/selectTool';
import type { DrawingTool, ToolOutcome } from '../../src-renderer/src/canvas/tools/tool';
import { Viewport } from '../../src-renderer/src/canvas/view/viewport';

const box = (id: string, x: number, y: number): AnnotationObject =>
  ({ id, featureId: 1, labelId: 'car', attributes: {}, source: 'manual', zIndex: 1, tool: 'box', geometry: { x, y, width: 100, height: 100 } }) as AnnotationObject;

/** The gestures wired as the engine wires them, over a 1:1 view (screen pixels are image pixels). */
function canvas(objects: AnnotationObject[]) {
  const editor = new ObjectEditor(new Scene());
  editor.reset(objects);
  const vp = new Viewport();
  vp.setCanvasSize(1000, 1000, 1);
  vp.setImageSize(1000, 1000);
  vp.oneToOne();
  const origin = vp.toScreen({ x: 0, y: 0 });
  vp.panBy(-origin.x, -origin.y);
  let selection: string[] = [];
  let drawing: DrawingTool | null = null;
  const drawn: unknown[] = [];
  let viewChanges = 0;
  const select = new SelectTool({ hitTest: (p, t) => editor.scene.hitTest(p, t), get: (id) => editor.scene.get(id), selection: () => selection });
  const gestures = new PointerGestures(vp, {
    select,
    drawing: () => drawing,
    afterDrawing: (out: ToolOutcome) => void (out.commit && drawn.push(out.commit)),
    afterSelect: (out: SelectOutcome) => {
      if (out.select) selection = out.select;
      if (out.edit) editor.apply(out.edit);
    },
    viewChanged: () => viewChanges++,
  });
  const at = (x: number, y: number, button = 0): ScreenPointer => ({ screen: { x, y }, button, shift: false, alt: false, mod: false, double: false });
  const drag = (from: [number, number], to: [number, number], button = 0) => {
    gestures.down(at(...from, button));
    for (let i = 1; i <= 5; i++) gestures.move(at(from[0] + ((to[0] - from[0]) * i) / 5, from[1] + ((to[1] - from[1]) * i) / 5, button));
    gestures.up(at(...to, button));
  };
  return {
    gestures,
    vp,
    drag,
    at,
    drawn,
    get: (id: string) => editor.scene.get(id)!,
    selection: () => selection,
    viewChanges: () => viewChanges,
    select: (ids: string[]) => (selection = ids),
    draw: (tool: DrawingTool | null) => (drawing = tool),
  };
}

describe('pointer gestures', () => {
  it('a click on empty space clears the selection; a press that travels pans instead and keeps it', () => {
    const c = canvas([box('a', 0, 0)]);
    c.select(['a']);
    const before = c.vp.toWorld({ x: 500, y: 500 });
    c.drag([500, 500], [502, 501]);
    expect(c.selection()).toEqual([]);
    expect(c.vp.toWorld({ x: 500, y: 500 })).toEqual(before);

    c.select(['a']);
    c.drag([500, 500], [560, 540]);
    expect(c.selection()).toEqual(['a']);
    const after = c.vp.toWorld({ x: 560, y: 540 });
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
    expect(c.viewChanges()).toBeGreaterThan(0);
  });

  it('a left drag on an object moves the object, not the view', () => {
    const c = canvas([box('a', 0, 0)]);
    c.drag([50, 50], [150, 80]);
    expect(c.get('a').geometry).toMatchObject({ x: 100, y: 30 });
    expect(c.viewChanges()).toBe(0);
  });

  it('a middle drag, or a left drag with Space held, pans over an object and leaves it where it was', () => {
    const c = canvas([box('a', 0, 0)]);
    c.drag([50, 50], [150, 50], 1);
    expect(c.vp.toWorld({ x: 150, y: 50 }).x).toBeCloseTo(50);
    c.gestures.spaceHeld = true;
    c.drag([150, 50], [250, 50]);
    expect(c.vp.toWorld({ x: 250, y: 50 }).x).toBeCloseTo(50);
    expect(c.get('a').geometry).toMatchObject({ x: 0, y: 0 });
    expect(c.selection()).toEqual([]);
  });

  it('a drawing tool gets the drag, and the view does not move', () => {
    const c = canvas([box('a', 0, 0)]);
    c.draw(createDrawingTool({ featureId: 1, labelId: 'car', tool: 'box', color: '#ff0000', attributes: {} }, testDrawingContext()));
    c.drag([300, 300], [400, 350]);
    expect(c.drawn).toEqual([expect.objectContaining({ tool: 'box', geometry: expect.objectContaining({ x: 300, y: 300, width: 100, height: 50 }) })]);
    expect(c.viewChanges()).toBe(0);
  });

  it('the wheel zooms about the pointer', () => {
    const c = canvas([]);
    const under = c.vp.toWorld({ x: 200, y: 700 });
    const before = c.vp.scale;
    c.gestures.zoom({ x: 200, y: 700 }, 2);
    expect(c.vp.scale / before).toBeCloseTo(2);
    expect(c.vp.toWorld({ x: 200, y: 700 }).x).toBeCloseTo(under.x);
    expect(c.vp.toWorld({ x: 200, y: 700 }).y).toBeCloseTo(under.y);
  });
});
