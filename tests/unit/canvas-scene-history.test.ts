import { describe, expect, it } from 'vitest';
import type { AnnotationObject } from '../../src-shared/model/annotation';
import { ObjectEditor } from '../../src-renderer/src/canvas/model/editor';
import { History } from '../../src-renderer/src/canvas/model/history';
import { reorderEdit } from '../../src-renderer/src/canvas/model/reorder';
import { Scene, type SceneChange } from '../../src-renderer/src/canvas/model/scene';

const rect = (id: string, x: number, zIndex: number, extra: Partial<AnnotationObject> = {}): AnnotationObject =>
  ({ id, featureId: 1, labelId: 'car', attributes: {}, zIndex, source: 'manual', tool: 'box', geometry: { x, y: 0, width: 10, height: 10 }, ...extra }) as AnnotationObject;
const ids = (objects: AnnotationObject[]) => objects.map((o) => o.id);

describe('scene', () => {
  it('keeps objects in z-order, equal zIndex in arrival order', () => {
    const s = new Scene();
    s.setObjects([rect('c', 0, 5), rect('a', 0, 1), rect('b', 0, 1)]);
    expect(ids(s.ordered())).toEqual(['a', 'b', 'c']);
  });
  it('hits the top-most object, passes over hidden ones, and still hits locked ones', () => {
    const s = new Scene();
    s.setObjects([rect('low', 0, 1), rect('high', 5, 2)]);
    expect(s.hitTest({ x: 7, y: 5 }, 1)?.id).toBe('high');
    s.apply([{ id: 'high', before: s.get('high')!, after: { ...s.get('high')!, hidden: true } }]);
    expect(s.hitTest({ x: 7, y: 5 }, 1)?.id).toBe('low');
    s.apply([{ id: 'low', before: s.get('low')!, after: { ...s.get('low')!, locked: true } }]);
    expect(s.hitTest({ x: 7, y: 5 }, 1)?.id).toBe('low');
  });
  it('tells listeners what an edit changed, and a new frame apart from an edit', () => {
    const s = new Scene();
    const seen: SceneChange[] = [];
    s.onChange((c) => seen.push(c));
    s.setObjects([rect('a', 0, 1)]);
    s.apply([{ id: 'a', before: s.get('a')!, after: null }, { id: 'b', before: null, after: rect('b', 0, 2) }]);
    expect(seen[0]).toEqual({ kind: 'reset' });
    expect(seen[1]).toMatchObject({ kind: 'edit', remove: ['a'], upsert: [{ id: 'b' }] });
  });
});

describe('history', () => {
  it('undoes and redoes an edit, and a new edit drops what could be redone', () => {
    const editor = new ObjectEditor(new Scene());
    editor.reset([rect('a', 0, 1)]);
    const a = editor.scene.get('a')!;
    editor.apply([{ id: 'a', before: a, after: { ...a, labelId: 'bus' } }]);
    expect(editor.undo()).toBe(true);
    expect(editor.scene.get('a')?.labelId).toBe('car');
    expect(editor.redo()).toBe(true);
    expect(editor.scene.get('a')?.labelId).toBe('bus');
    editor.undo();
    editor.apply([{ id: 'b', before: null, after: rect('b', 20, 2) }]);
    expect(editor.history.canRedo()).toBe(false);
    editor.undo();
    expect(editor.scene.get('b')).toBeUndefined();
  });
  it('brings back a removed object and removes an added one', () => {
    const editor = new ObjectEditor(new Scene());
    editor.reset([rect('a', 0, 1)]);
    editor.apply(editor.changesOf(['a'], () => null));
    expect(editor.scene.size).toBe(0);
    editor.undo();
    expect(editor.scene.get('a')?.geometry).toEqual({ x: 0, y: 0, width: 10, height: 10 });
  });
  it('forgets the oldest edits past its depth', () => {
    const h = new History(3);
    for (let i = 0; i < 5; i++) h.record([{ id: String(i), before: null, after: rect(String(i), 0, i) }]);
    let undone = 0;
    while (h.undo()) undone++;
    expect(undone).toBe(3);
  });
  it('records nothing for an edit that changes nothing', () => {
    const editor = new ObjectEditor(new Scene());
    editor.reset([rect('a', 0, 1)]);
    const a = editor.scene.get('a')!;
    expect(editor.apply([{ id: 'a', before: a, after: a }])).toBe(false);
    expect(editor.history.canUndo()).toBe(false);
  });
  it('starts empty for a new frame', () => {
    const editor = new ObjectEditor(new Scene());
    editor.reset([]);
    editor.apply([{ id: 'b', before: null, after: rect('b', 20, 2) }]);
    editor.reset([rect('a', 0, 1)]);
    expect(editor.history.canUndo()).toBe(false);
  });
});

describe('reordering', () => {
  const frame = [rect('a', 0, 1), rect('b', 0, 2), rect('c', 0, 3), rect('d', 0, 4)];
  const after = (edit: ReturnType<typeof reorderEdit>) => {
    const s = new Scene();
    s.setObjects(frame);
    s.apply(edit);
    return ids(s.ordered());
  };
  it('brings objects to the front and sends them to the back in their own order', () => {
    expect(after(reorderEdit(frame, ['a', 'b'], 'front'))).toEqual(['c', 'd', 'a', 'b']);
    expect(after(reorderEdit(frame, ['d'], 'back'))).toEqual(['d', 'a', 'b', 'c']);
  });
  it('moves one step forward or backward past the neighbour', () => {
    expect(after(reorderEdit(frame, ['a'], 'forward'))).toEqual(['b', 'a', 'c', 'd']);
    expect(after(reorderEdit(frame, ['c'], 'backward'))).toEqual(['a', 'c', 'b', 'd']);
    expect(reorderEdit(frame, ['d'], 'forward')).toEqual([]);
  });
  it('is undoable as one step', () => {
    const editor = new ObjectEditor(new Scene());
    editor.reset(frame);
    editor.apply(reorderEdit(editor.scene.ordered(), ['a'], 'front'));
    editor.undo();
    expect(ids(editor.scene.ordered())).toEqual(['a', 'b', 'c', 'd']);
  });
});
