import { describe, expect, it } from 'vitest';
import { withoutPoint } from '../../src-renderer/src/features/ontology/skeletonEdit';
import { LABEL_PALETTE, nextLabelColour } from '../../src-renderer/src/features/ontology/labelColours';
import { lengthLimit } from '../../src-renderer/src/app/lengthLimit';

describe('ontology editing', () => {
  it('removes a skeleton point with the lines that use it, and re-points the lines after it', () => {
    const s = {
      points: [{ id: 'a', name: 'head' }, { id: 'b', name: 'neck' }, { id: 'c', name: 'hip' }, { id: 'd', name: 'knee' }],
      edges: [{ from: 0, to: 1 }, { from: 1, to: 2 }, { from: 2, to: 3 }, { from: 0, to: 3 }],
    };
    expect(withoutPoint(s, 1)).toEqual({
      points: [{ id: 'a', name: 'head' }, { id: 'c', name: 'hip' }, { id: 'd', name: 'knee' }],
      edges: [{ from: 1, to: 2 }, { from: 0, to: 2 }],
    });
    expect(withoutPoint({ points: [{ id: 'a', name: '' }], edges: [] }, 0)).toEqual({ points: [], edges: [] });
  });

  it('gives each new label a colour no label of the ontology has yet', () => {
    expect(nextLabelColour([])).toBe(LABEL_PALETTE[0]);
    // The second feature's first label is not red again.
    expect(nextLabelColour([LABEL_PALETTE[0].toUpperCase()])).toBe(LABEL_PALETTE[1]);
    expect(nextLabelColour([LABEL_PALETTE[1]])).toBe(LABEL_PALETTE[0]);
    const all = [...LABEL_PALETTE];
    expect(all).toHaveLength(new Set(all).size);
    expect(LABEL_PALETTE).toContain(nextLabelColour(all));
  });

  it('counts and cuts text by characters as the server does, and shows the counter near the limit', () => {
    const { count } = lengthLimit(64);
    const show = count!.show as (a: { value: string; count: number; maxLength?: number }) => unknown;
    expect(count!.strategy!('👍👍')).toBe(2);
    expect(count!.exceedFormatter!('é'.repeat(70), { max: 64 })).toBe('é'.repeat(64));
    expect(show({ value: 'x', count: 10, maxLength: 64 })).toBeNull();
    expect(show({ value: 'x', count: 64, maxLength: 64 })).toBe('64 / 64');
  });
});
