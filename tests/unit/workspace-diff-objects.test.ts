import { describe, expect, it } from 'vitest';
import type { AnnotationObject } from '../../src-shared/model/annotation';
import { diffObjects } from '../../src-renderer/src/features/work/workspace/diffObjects';

const box = (id: string, over: Partial<Extract<AnnotationObject, { tool: 'box' }>> = {}): AnnotationObject => ({
  id,
  featureId: 1,
  labelId: 'car',
  tool: 'box',
  geometry: { x: 10, y: 20, width: 30, height: 40 },
  attributes: { colour: 'red' },
  zIndex: 0,
  source: 'manual',
  ...over,
});
const polygon = (id: string, labelId = 'road'): AnnotationObject => ({
  id,
  featureId: 2,
  labelId,
  tool: 'polygon',
  geometry: { points: [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 10 }] },
  attributes: {},
  zIndex: 1,
  source: 'manual',
});
/** What changed on the one object both sides share. */
const changeOf = (before: AnnotationObject, after: AnnotationObject) => diffObjects([before], [after]).changed.map((c) => c.what);

describe('comparing an item with its previous submission', () => {
  it('finds nothing when the annotator sent the same objects back, in any order', () => {
    expect(diffObjects([box('a'), polygon('b')], [polygon('b'), box('a')])).toEqual({ added: [], removed: [], changed: [], unchanged: 2 });
  });

  it('a moved box is changed in geometry', () => {
    const moved = box('a', { geometry: { x: 15, y: 20, width: 30, height: 40 } });
    const diff = diffObjects([box('a')], [moved]);
    expect(diff.changed).toEqual([{ before: box('a'), after: moved, what: ['geometry'] }]);
    expect(diff.unchanged).toBe(0);
  });

  it('a box nudged by less than a hundredth of a pixel is unchanged', () => {
    expect(diffObjects([box('a')], [box('a', { geometry: { x: 10.004, y: 19.996, width: 30, height: 40 } })]).unchanged).toBe(1);
    expect(changeOf(box('a'), box('a', { geometry: { x: 10.02, y: 20, width: 30, height: 40 } }))).toEqual([['geometry']]);
  });

  it('a rotated box is changed in geometry, an unrotated one equals one at 0°', () => {
    expect(changeOf(box('a'), box('a', { geometry: { x: 10, y: 20, width: 30, height: 40, rotation: 15 } }))).toEqual([['geometry']]);
    expect(changeOf(box('a'), box('a', { geometry: { x: 10, y: 20, width: 30, height: 40, rotation: 0 } }))).toEqual([]);
  });

  it('a polygon with a vertex added is changed in geometry', () => {
    const before = polygon('p');
    const after = { ...before, geometry: { points: [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 10 }, { x: 0, y: 10 }] } } as AnnotationObject;
    expect(changeOf(before, after)).toEqual([['geometry']]);
  });

  it('a relabelled polygon is changed in label', () => {
    expect(changeOf(polygon('p', 'road'), polygon('p', 'sidewalk'))).toEqual([['label']]);
  });

  it('an object moved to another feature is changed in label', () => {
    expect(changeOf(box('a'), box('a', { featureId: 7 }))).toEqual([['label']]);
  });

  it('an answered attribute is changed in attributes, a cleared one equals an absent one', () => {
    expect(changeOf(box('a'), box('a', { attributes: { colour: 'blue' } }))).toEqual([['attributes']]);
    expect(changeOf(box('a'), box('a', { attributes: { colour: 'red', occluded: true } }))).toEqual([['attributes']]);
    expect(changeOf(box('a'), box('a', { attributes: { colour: 'red', occluded: null } }))).toEqual([]);
  });

  it('ticking the same checkbox options in another order is no change', () => {
    expect(changeOf(box('a', { attributes: { tags: ['x', 'y'] } }), box('a', { attributes: { tags: ['y', 'x'] } }))).toEqual([]);
    expect(changeOf(box('a', { attributes: { tags: ['x', 'y'] } }), box('a', { attributes: { tags: ['x'] } }))).toEqual([['attributes']]);
  });

  it('hiding, locking and reordering are each reported', () => {
    expect(changeOf(box('a'), box('a', { hidden: true }))).toEqual([['hidden']]);
    expect(changeOf(box('a', { hidden: false }), box('a'))).toEqual([]);
    expect(changeOf(box('a'), box('a', { locked: true }))).toEqual([['locked']]);
    expect(changeOf(box('a'), box('a', { zIndex: 5 }))).toEqual([['zIndex']]);
  });

  it('a box relabelled and moved lists both changes', () => {
    expect(changeOf(box('a'), box('a', { labelId: 'truck', geometry: { x: 0, y: 0, width: 30, height: 40 } }))).toEqual([['geometry', 'label']]);
  });

  it('a deleted object is removed and a new one is added, each counted once', () => {
    const diff = diffObjects([box('a'), box('b'), polygon('c')], [box('a'), polygon('d'), box('e')]);
    expect(diff.removed.map((o) => o.id)).toEqual(['b', 'c']);
    expect(diff.added.map((o) => o.id)).toEqual(['d', 'e']);
    expect(diff.changed).toEqual([]);
    expect(diff.unchanged).toBe(1);
  });

  it('an object redrawn with another tool under the same id is changed in geometry', () => {
    const asPolygon = { ...polygon('a', 'car'), featureId: 1 };
    expect(changeOf(box('a'), asPolygon)).toEqual([['geometry', 'attributes', 'zIndex']]);
  });

  it('everything is new when there was no earlier submission of the frame', () => {
    expect(diffObjects([], [box('a'), polygon('b')])).toMatchObject({ added: [{ id: 'a' }, { id: 'b' }], removed: [], unchanged: 0 });
  });
});
