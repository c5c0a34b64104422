import { describe, expect, it } from 'vitest';
import type { AnnotationObject } from '../../src-shared/model/annotation';
import { objectsChangeEdit } from '../../src-renderer/src/canvas/model/objectsChange';
import { Scene } from '../../src-renderer/src/canvas/model/scene';
import { CaptionList } from '../../src-renderer/src/canvas/render/captions';
import { Viewport } from '../../src-renderer/src/canvas/view/viewport';

const box = (id: string, x: number, zIndex: number, extra: Partial<AnnotationObject> = {}): AnnotationObject =>
  ({ id, featureId: 1, labelId: 'car', attributes: {}, source: 'manual', zIndex, tool: 'box', geometry: { x, y: 0, width: 10, height: 10 }, ...extra }) as AnnotationObject;

function sceneOf(objects: AnnotationObject[]) {
  const s = new Scene();
  s.setObjects(objects);
  return s;
}

describe('several changes as one edit', () => {
  it('puts added objects above the top in their own order, and gives taken ids new ones', () => {
    const scene = sceneOf([box('a', 0, 7)]);
    let n = 0;
    const { added, edit } = objectsChangeEdit(scene, { add: [box('late', 0, 5), box('a', 0, 1), box('x', 0, 2), box('x', 0, 3)] }, () => `new${n++}`);
    expect(added.map((o) => [o.id, o.zIndex])).toEqual([
      ['new0', 8],
      ['x', 9],
      ['new1', 10],
      ['late', 11],
    ]);
    expect(edit.every((c) => c.before === null)).toBe(true);
  });

  it('removes and replaces in the same edit; a replace of a removed or unknown object is dropped', () => {
    const scene = sceneOf([box('a', 0, 1), box('b', 20, 2)]);
    const { edit } = objectsChangeEdit(scene, { remove: ['a', 'gone'], replace: [box('a', 5, 1), box('b', 30, 2), box('nobody', 0, 1)] }, () => 'unused');
    scene.apply(edit);
    expect(scene.ordered().map((o) => [o.id, (o.geometry as { x: number }).x])).toEqual([['b', 30]]);
    expect(edit).toHaveLength(2);
  });
});

describe('captions', () => {
  function view() {
    const vp = new Viewport();
    vp.setCanvasSize(100, 100, 1);
    vp.setImageSize(1000, 1000);
    vp.oneToOne();
    vp.panBy(vp.toScreen({ x: 0, y: 0 }).x * -1, vp.toScreen({ x: 0, y: 0 }).y * -1);
    return vp;
  }

  it('draws those of shown objects in the view, in their colour, and asks for the texts once per change of the objects', () => {
    const objects = [box('in', 10, 1), box('hidden', 20, 2, { hidden: true }), box('far', 500, 3)];
    const list = new CaptionList(() => objects);
    let asked = 0;
    list.set((o) => (asked++, `${o.id} 0.9`));
    const vp = view();
    expect(list.visible(vp, () => '#00ff00')).toEqual([{ x: 10, y: 0, text: 'in 0.9', color: '#00ff00' }]);
    vp.panBy(-450, 0);
    expect(list.visible(vp, () => '#00ff00').map((c) => c.text)).toEqual(['far 0.9']);
    expect(asked).toBe(2);
    list.invalidate();
    list.visible(vp, () => '#00ff00');
    expect(asked).toBe(4);
    list.set(null);
    expect(list.visible(vp, () => '#00ff00')).toEqual([]);
  });

  it('draws at most 200, however many are on screen', () => {
    const objects = Array.from({ length: 300 }, (_, i) => box(`o${i}`, 1, i));
    const list = new CaptionList(() => objects);
    list.set(() => 'car');
    expect(list.visible(view(), () => '#fff')).toHaveLength(200);
  });
});
