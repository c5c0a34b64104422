import { describe, expect, it } from 'vitest';
import type { AnnotationObject } from '../../src-shared/model/annotation';
import { ObjectEditor } from '../../src-renderer/src/canvas/model/editor';
import { History } from '../../src-renderer/src/canvas/model/history';
import { Scene } from '../../src-renderer/src/canvas/model/scene';

const box = (id: string, extra: Partial<AnnotationObject> = {}): AnnotationObject =>
  ({ id, featureId: 1, labelId: 'cat', attributes: {}, zIndex: 0, source: 'ai', score: 0.8, tool: 'box', geometry: { x: 0, y: 0, width: 10, height: 10 }, ...extra }) as AnnotationObject;

/** Objects on the item's other frames, as the journal would hold them: what a side effect writes. */
function otherFrames() {
  const frames = new Map<number, string[]>();
  const log: string[] = [];
  const put = () => {
    frames.set(2, ['t2']);
    frames.set(3, ['t3']);
    log.push('put');
  };
  const takeBack = () => {
    frames.set(2, []);
    frames.set(3, []);
    log.push('takeBack');
  };
  return { frames, log, put, aside: { undo: takeBack, redo: put } };
}

describe('one undo step for what an AI tool did', () => {
  it('takes back every suggestion of a detection with one undo and brings them back with one redo', () => {
    const editor = new ObjectEditor(new Scene());
    editor.reset([box('mine', { source: 'manual' })]);
    editor.apply([
      { id: 's1', before: null, after: box('s1') },
      { id: 's2', before: null, after: box('s2') },
    ]);
    expect(editor.scene.size).toBe(3);
    expect(editor.undo()).toBe(true);
    expect(editor.scene.size).toBe(1);
    expect(editor.redo()).toBe(true);
    expect(editor.scene.size).toBe(3);
  });

  it('replaces a box with its outline in one step when asked to', () => {
    const editor = new ObjectEditor(new Scene());
    const drawn = box('b', { source: 'manual' });
    editor.reset([drawn]);
    const outline = { ...box('p'), tool: 'polygon', geometry: { points: [{ x: 0, y: 0 }, { x: 9, y: 0 }, { x: 4, y: 9 }] } } as AnnotationObject;
    editor.apply([
      { id: 'b', before: drawn, after: null },
      { id: 'p', before: null, after: outline },
    ]);
    editor.undo();
    expect(editor.scene.get('b')).toBe(drawn);
    expect(editor.scene.get('p')).toBeUndefined();
  });

  it('runs the objects put on other frames back and forth with the step of the frame the person is on', () => {
    const editor = new ObjectEditor(new Scene());
    editor.reset([box('selected', { source: 'manual' })]);
    const other = otherFrames();
    other.put();
    expect(editor.apply([], other.aside)).toBe(true);
    expect(editor.history.canUndo()).toBe(true);
    editor.undo();
    expect(other.frames.get(2)).toEqual([]);
    expect(other.frames.get(3)).toEqual([]);
    editor.redo();
    expect(other.frames.get(2)).toEqual(['t2']);
    expect(other.log).toEqual(['put', 'takeBack', 'put']);
    // The frame the person is on did not change at any point.
    expect(editor.scene.size).toBe(1);
  });

  it('keeps the order of steps: an edit after the propagation is undone first', () => {
    const editor = new ObjectEditor(new Scene());
    editor.reset([]);
    const other = otherFrames();
    other.put();
    editor.apply([], other.aside);
    editor.apply([{ id: 'drawn', before: null, after: box('drawn', { source: 'manual' }) }]);
    editor.undo();
    expect(editor.scene.get('drawn')).toBeUndefined();
    expect(other.frames.get(2)).toEqual(['t2']);
    editor.undo();
    expect(other.frames.get(2)).toEqual([]);
  });

  it('forgets the side effect with the rest of the history when another frame is shown, and a new edit drops its redo', () => {
    const editor = new ObjectEditor(new Scene());
    editor.reset([]);
    const other = otherFrames();
    editor.apply([], other.aside);
    editor.undo();
    editor.apply([{ id: 'x', before: null, after: box('x') }]);
    expect(editor.redo()).toBe(false);
    editor.reset([]);
    expect(editor.undo()).toBe(false);
    expect(other.log).toEqual(['takeBack']);
  });

  it('still answers the plain edit to apply for callers of undo() and redo()', () => {
    const h = new History();
    const a = box('a');
    h.record([{ id: 'a', before: null, after: a }], { undo: () => undefined, redo: () => undefined });
    expect(h.undo()).toEqual([{ id: 'a', before: a, after: null }]);
    expect(h.redo()).toEqual([{ id: 'a', before: null, after: a }]);
  });
});
