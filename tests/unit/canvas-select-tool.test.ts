import { describe, expect, it } from 'vitest';
import type { AnnotationObject } from '../../src-shared/model/annotation';
import { ObjectEditor } from '../../src-renderer/src/canvas/model/editor';
import { Scene } from '../../src-renderer/src/canvas/model/scene';
import { SelectTool, type SelectOutcome } from '../../src-renderer/src/canvas/tools/selectTool';
import type { ToolPointer } from '../../src-renderer/src/canvas/tools/tool';

const base = { featureId: 1, labelId: 'car', attributes: {}, source: 'manual' as const };
const box = (id: string, x: number, y: number, zIndex = 0, extra: Partial<AnnotationObject> = {}): AnnotationObject =>
  ({ ...base, id, zIndex, tool: 'box', geometry: { x, y, width: 100, height: 50 }, ...extra }) as AnnotationObject;
const triangle: AnnotationObject = { ...base, id: 'tri', zIndex: 5, tool: 'polygon', geometry: { points: [{ x: 300, y: 300 }, { x: 400, y: 300 }, { x: 350, y: 400 }] } };

/** The tool wired the way the engine wires it: the scene, an editor, and a selection it keeps. */
function workbench(objects: AnnotationObject[]) {
  const editor = new ObjectEditor(new Scene());
  editor.reset(objects);
  let selection: string[] = [];
  const tool = new SelectTool({ hitTest: (p, t) => editor.scene.hitTest(p, t), get: (id) => editor.scene.get(id), selection: () => selection });
  const feed = (out: SelectOutcome) => {
    if (out.select) selection = out.select;
    if (out.edit) editor.apply(out.edit);
    return out;
  };
  const at = (x: number, y: number, mods: Partial<ToolPointer> = {}): ToolPointer => ({ world: { x, y }, button: 0, shift: false, alt: false, mod: false, pixelSize: 1, ...mods });
  return {
    editor,
    tool,
    selection: () => selection,
    get: (id: string) => editor.scene.get(id)!,
    down: (x: number, y: number, mods?: Partial<ToolPointer>) => feed(tool.pointerDown(at(x, y, mods))),
    move: (x: number, y: number) => feed(tool.pointerMove(at(x, y))),
    up: (x: number, y: number) => feed(tool.pointerUp(at(x, y))),
    click(x: number, y: number, mods?: Partial<ToolPointer>) {
      const out = this.down(x, y, mods);
      this.up(x, y);
      return out;
    },
    drag(from: [number, number], to: [number, number], mods?: Partial<ToolPointer>) {
      this.down(from[0], from[1], mods);
      for (let i = 1; i <= 10; i++) this.move(from[0] + ((to[0] - from[0]) * i) / 10, from[1] + ((to[1] - from[1]) * i) / 10);
      return this.up(to[0], to[1]);
    },
  };
}

describe('select tool: selecting', () => {
  it('selects the top-most object under a click', () => {
    const w = workbench([box('under', 0, 0, 1), box('over', 50, 0, 2)]);
    w.click(75, 25);
    expect(w.selection()).toEqual(['over']);
  });
  it('adds and removes with shift', () => {
    const w = workbench([box('a', 0, 0), box('b', 200, 0)]);
    w.click(10, 10);
    w.click(210, 10, { shift: true });
    expect(w.selection()).toEqual(['a', 'b']);
    w.click(10, 10, { shift: true });
    expect(w.selection()).toEqual(['b']);
  });
  it('lets a press on empty space go to the engine (pan) and clears the selection on a plain click', () => {
    const w = workbench([box('a', 0, 0)]);
    w.click(10, 10);
    const out = w.down(600, 600);
    expect(out.handled).toBe(false);
    w.up(600, 600);
    expect(w.selection()).toEqual([]);
  });
  it('keeps the selection when the press on empty space became a pan', () => {
    const w = workbench([box('a', 0, 0)]);
    w.click(10, 10);
    w.down(600, 600);
    w.tool.cancel(); // the engine started panning
    w.up(640, 600);
    expect(w.selection()).toEqual(['a']);
  });
  it('cannot hit hidden objects', () => {
    const w = workbench([box('a', 0, 0, 1), box('ghost', 0, 0, 2, { hidden: true })]);
    w.click(10, 10);
    expect(w.selection()).toEqual(['a']);
  });
});

describe('select tool: editing', () => {
  it('moves the selection by a drag, as one undo step', () => {
    const w = workbench([box('a', 0, 0)]);
    w.click(10, 10);
    w.drag([10, 10], [60, 30]);
    expect(w.get('a').geometry).toMatchObject({ x: 50, y: 20 });
    expect(w.tool.state).toBe('idle');
    w.editor.undo();
    expect(w.get('a').geometry).toMatchObject({ x: 0, y: 0 });
    expect(w.editor.history.canUndo()).toBe(false);
  });
  it('moves an unselected object grabbed by a drag, showing it while the drag goes on', () => {
    const w = workbench([box('a', 0, 0)]);
    w.down(10, 10);
    w.move(30, 10);
    expect(w.tool.preview()[0]?.geometry).toMatchObject({ x: 20 });
    // Nothing is stored until the pointer is released.
    expect(w.get('a').geometry).toMatchObject({ x: 0 });
    w.up(30, 10);
    expect(w.get('a').geometry).toMatchObject({ x: 20 });
  });
  it('puts everything back when the drag is cancelled with Escape', () => {
    const w = workbench([box('a', 0, 0)]);
    w.down(10, 10);
    w.move(30, 10);
    expect(w.tool.key({ key: 'Escape', shift: false, alt: false, mod: false }).handled).toBe(true);
    w.up(30, 10);
    expect(w.get('a').geometry).toMatchObject({ x: 0 });
    expect(w.editor.history.canUndo()).toBe(false);
  });
  it('resizes a selected box by its corner handle', () => {
    const w = workbench([box('a', 0, 0)]);
    w.click(50, 25);
    w.drag([100, 50], [150, 80]);
    expect(w.get('a').geometry).toEqual({ x: 0, y: 0, width: 150, height: 80 });
  });
  it('drags a polygon vertex', () => {
    const w = workbench([triangle]);
    w.click(350, 330);
    w.drag([350, 400], [350, 450]);
    expect(w.get('tri').geometry).toEqual({ points: [{ x: 300, y: 300 }, { x: 400, y: 300 }, { x: 350, y: 450 }] });
  });
  it('does not make a vertex jump to a press a few pixels off it', () => {
    const w = workbench([triangle]);
    w.click(350, 330);
    w.click(353, 398);
    expect(w.get('tri')).toBe(triangle);
  });
  it('deletes a polygon vertex on alt-click, but keeps three', () => {
    const square: AnnotationObject = { ...base, id: 'sq', zIndex: 0, tool: 'polygon', geometry: { points: [{ x: 0, y: 0 }, { x: 100, y: 0 }, { x: 100, y: 100 }, { x: 0, y: 100 }] } };
    const w = workbench([square]);
    w.click(50, 50);
    w.click(100, 100, { alt: true });
    expect(w.get('sq').geometry).toEqual({ points: [{ x: 0, y: 0 }, { x: 100, y: 0 }, { x: 0, y: 100 }] });
    w.click(0, 0, { alt: true });
    const sq = w.get('sq');
    expect(sq.tool === 'polygon' && sq.geometry.points).toHaveLength(3);
  });
  it('inserts a vertex on a mod-click on an edge, undone in one step', () => {
    const w = workbench([triangle]);
    w.click(350, 330);
    w.click(350, 301, { mod: true });
    expect(w.get('tri').geometry).toEqual({ points: [{ x: 300, y: 300 }, { x: 350, y: 300 }, { x: 400, y: 300 }, { x: 350, y: 400 }] });
    w.editor.undo();
    expect(w.get('tri')).toEqual(triangle);
  });
  it('selects a locked object but does not move or resize it', () => {
    const w = workbench([box('a', 0, 0, 0, { locked: true })]);
    w.click(10, 10);
    expect(w.selection()).toEqual(['a']);
    w.drag([10, 10], [60, 60]);
    w.drag([100, 50], [150, 80]);
    expect(w.get('a').geometry).toEqual({ x: 0, y: 0, width: 100, height: 50 });
    expect(w.editor.history.canUndo()).toBe(false);
  });
  it('moves all selected objects together', () => {
    const w = workbench([box('a', 0, 0), box('b', 200, 0)]);
    w.click(10, 10);
    w.click(210, 10, { shift: true });
    w.drag([10, 10], [20, 20]);
    expect(w.get('a').geometry).toMatchObject({ x: 10, y: 10 });
    expect(w.get('b').geometry).toMatchObject({ x: 210, y: 10 });
    w.editor.undo();
    expect(w.get('b').geometry).toMatchObject({ x: 200, y: 0 });
  });
});
