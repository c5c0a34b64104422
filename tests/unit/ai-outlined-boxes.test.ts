import { describe, expect, it } from 'vitest';
import type { OutlineSpec, Prediction } from '../../src-shared/ai/protocol';
import { geometryOfRegion } from '../../src-shared/mask/region';
import { predictionsToObjects } from '../../src-server/ai/suggestions';
import { boxesToOutline } from '../../src-ai/outlines';
import { drawn } from '../support/maskReference';

/** A mask feature, a polygon feature and a box feature, each with one label a detector class maps to. */
const features = [
  { featureId: 1, name: 'People', tool: 'mask', labels: [{ id: 'person', name: 'Person', color: '#f00' }] },
  { featureId: 2, name: 'Tableware', tool: 'polygon', labels: [{ id: 'cup', name: 'Cup', color: '#0f0' }] },
  { featureId: 3, name: 'Furniture', tool: 'box', labels: [{ id: 'table', name: 'Table', color: '#00f' }] },
];
const box = { x: 2, y: 1, width: 6, height: 5 };
const detection = (className: string, label: string, extra: Partial<Prediction> = {}): Prediction => ({ tool: 'box', className, label, score: 0.8, box, ...extra });
const outline = [{ x: 3, y: 1 }, { x: 7, y: 2 }, { x: 6, y: 6 }, { x: 2, y: 5 }];

describe('a detector\'s boxes into outline labels (pre-annotation with masks)', () => {
  it('a mask label takes the segmenter\'s mask, a polygon label its outline, a box label the box', () => {
    const mask = geometryOfRegion(drawn(['.##.', '####', '.##.'], 3, 2))!;
    const made = predictionsToObjects([detection('person', '1:person', { points: outline, mask }), detection('cup', '2:cup', { points: outline }), detection('table', '3:table', { points: outline, mask })], { features, picture: { width: 20, height: 20 } });
    expect(made.objects.map((o) => [o.tool, o.labelId])).toEqual([['mask', 'person'], ['polygon', 'cup'], ['box', 'table']]);
    expect(made.objects[0]!.geometry).toEqual(mask);
    expect(made.objects[1]!.geometry).toEqual({ points: outline });
    expect(made.notOutlined).toBe(0);
  });

  it('a box the segmenter did not outline: the polygon label gets its corners, the mask label nothing, both counted', () => {
    const made = predictionsToObjects([detection('person', '1:person'), detection('cup', '2:cup')], { features });
    expect(made.objects.map((o) => [o.tool, o.labelId])).toEqual([['polygon', 'cup']]);
    expect(made.objects[0]!.geometry).toEqual({ points: [{ x: 2, y: 1 }, { x: 8, y: 1 }, { x: 8, y: 6 }, { x: 2, y: 6 }] });
    expect(made.notOutlined).toBe(2);
    expect(made.unmapped.size).toBe(0);
  });

  it('keeps what strays past the picture on it, and counts an outline left with nothing there', () => {
    // the mask's left column and the outline's corner lie left of the picture
    const mask = geometryOfRegion(drawn(['###', '###'], -1, 0))!;
    const made = predictionsToObjects(
      [detection('person', '1:person', { mask, points: outline }), detection('cup', '2:cup', { points: [{ x: -5, y: -5 }, { x: 4, y: -1 }, { x: 4, y: 3 }] }), detection('person', '1:person', { mask: geometryOfRegion(drawn(['#'], 30, 2))!, points: outline })],
      { features, picture: { width: 10, height: 10 } },
    );
    expect(made.objects.map((o) => o.tool)).toEqual(['mask', 'polygon']);
    expect(made.objects[0]!.geometry).toEqual(geometryOfRegion(drawn(['##', '##'], 0, 0)));
    expect(made.objects[1]!.geometry).toEqual({ points: [{ x: 0, y: 0 }, { x: 4, y: 0 }, { x: 4, y: 3 }] });
    // the third, a mask wholly right of the picture, is not made
    expect(made.notOutlined).toBe(1);
  });
});

describe('which boxes the service outlines', () => {
  const spec: OutlineSpec = { model: { kind: 'segmenter', runtime: 'builtin', name: 'segmenter' }, classes: { person: 0.5, cup: 0.3 }, maxPerImage: 2 };
  it('those of the named classes at their scores, best first, at most maxPerImage a picture', () => {
    const p = (className: string, score: number): Prediction => ({ tool: 'box', className, score, box });
    const predictions = [p('person', 0.45), p('cup', 0.35), p('table', 0.9), p('person', 0.7), p('cup', 0.31)];
    expect(boxesToOutline(predictions, spec)).toEqual([3, 1]);
    expect(boxesToOutline([p('person', 0.9), { ...p('person', 0.95), box: { ...box, width: 0 } }], spec)).toEqual([0]);
  });
});
