import { describe, expect, it } from 'vitest';
import type { AnnotationObject, FrameData } from '../../src-shared/model/annotation';
import {
  acceptChange,
  acceptEverywhere,
  accepted,
  boundsIou,
  captionText,
  placeOnFrames,
  promptBox,
  rejectIds,
  showSuggestions,
  trackObjectsOf,
  unmappedText,
  withOriginalAnswers,
} from '../../src-renderer/src/features/work/workspace/ai/suggestions';

const box = (id: string, x: number, extra: Partial<AnnotationObject> = {}): AnnotationObject =>
  ({ id, featureId: 1, labelId: 'cat', attributes: {}, zIndex: 0, source: 'manual', tool: 'box', geometry: { x, y: 0, width: 100, height: 100 }, ...extra }) as AnnotationObject;
const ai = (id: string, x: number, score: number, extra: Partial<AnnotationObject> = {}) => box(id, x, { source: 'ai', score, ...extra });
const frame = (objects: AnnotationObject[]): FrameData => ({ version: 1, objects, classifications: [] });

/** The frame after an edit, as the engine would leave it. */
const after = (objects: AnnotationObject[], edit: { add: AnnotationObject[]; remove: string[] }) => [...objects.filter((o) => !edit.remove.includes(o.id)), ...edit.add];

describe('detected suggestions shown at a confidence', () => {
  const answer = [ai('s1', 0, 0.9), ai('s2', 300, 0.5), ai('s3', 600, 0.2)];

  it('adds the suggestions at or above the confidence and leaves the rest for the slider', () => {
    const edit = showSuggestions([], answer, 0.3);
    expect(edit.add.map((o) => o.id)).toEqual(['s1', 's2']);
    expect(edit.remove).toEqual([]);
  });

  it('does not add a suggestion over an object of the same label already there, drawn by the person or found before', () => {
    const mine = box('mine', 5);
    expect(showSuggestions([mine], answer, 0.3).add.map((o) => o.id)).toEqual(['s2']);
    // Another label in the same place is not a duplicate.
    expect(showSuggestions([box('dog', 5, { labelId: 'dog' })], answer, 0.3).add.map((o) => o.id)).toEqual(['s1', 's2']);
  });

  it('raising the confidence takes away the untouched suggestions below it, lowering it brings them back, without asking again', () => {
    let objects = after([], showSuggestions([], answer, 0.3));
    const up = showSuggestions(objects, answer, 0.6);
    expect(up).toEqual({ add: [], remove: ['s2'] });
    objects = after(objects, up);
    const down = showSuggestions(objects, answer, 0.1);
    expect(down.add.map((o) => o.id)).toEqual(['s2', 's3']);
    expect(down.remove).toEqual([]);
  });

  it('never takes away a suggestion the person changed or accepted, whatever its score', () => {
    const moved = { ...answer[1]!, geometry: { x: 310, y: 0, width: 100, height: 100 } } as AnnotationObject;
    const kept = accepted(answer[0]!);
    expect(showSuggestions([kept, moved], answer, 0.95)).toEqual({ add: [], remove: [] });
  });

  it('does not count the drawing order as a change (the engine puts added objects on top)', () => {
    const onTop = { ...answer[1]!, zIndex: 42 };
    expect(showSuggestions([onTop], answer, 0.6).remove).toEqual(['s2']);
  });
});

describe('accepting and rejecting suggestions', () => {
  const objects = [ai('a', 0, 0.8), ai('b', 200, 0.4), ai('locked', 400, 0.7, { locked: true }), box('mine', 600)];

  it('makes an accepted suggestion the person\'s own and drops the model\'s score', () => {
    const [one] = acceptChange(objects, ['a']);
    expect(one).toMatchObject({ id: 'a', source: 'manual' });
    expect(one).not.toHaveProperty('score');
  });

  it('accepts or rejects every suggestion of the frame, leaving locked ones and the person\'s own alone', () => {
    expect(acceptChange(objects, 'all').map((o) => o.id)).toEqual(['a', 'b']);
    expect(rejectIds(objects, 'all')).toEqual(['a', 'b']);
    expect(rejectIds(objects, ['mine', 'locked', 'b', 'gone'])).toEqual(['b']);
  });
});

describe('following the selection into the next frames', () => {
  it('sends the selected boxes and polygons as they are now, and counts what cannot be followed', () => {
    const polygon = { ...box('p', 0), tool: 'polygon', geometry: { points: [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 5, y: 8 }] } } as AnnotationObject;
    const point = { ...box('pt', 0), tool: 'point', geometry: { x: 3, y: 4 } } as AnnotationObject;
    const { objects, skipped } = trackObjectsOf([box('b', 20), polygon, point, box('other', 90)], ['b', 'p', 'pt']);
    expect(objects).toEqual([
      { id: 'b', featureId: 1, labelId: 'cat', tool: 'box', box: { x: 20, y: 0, width: 100, height: 100 } },
      { id: 'p', featureId: 1, labelId: 'cat', tool: 'polygon', points: [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 5, y: 8 }] },
    ]);
    expect(skipped).toBe(1);
  });

  it('puts what was followed above each frame\'s objects, with ids the frame does not use, leaving out repeats and empty frames', () => {
    const frames = new Map<number, FrameData>([
      [2, frame([box('x', 500, { zIndex: 7 })])],
      [3, frame([box('dup', 0, { zIndex: 1 })])],
    ]);
    let n = 0;
    const placed = placeOnFrames(
      [
        { frameId: 2, objects: [ai('x', 0, 0.9)] },
        { frameId: 3, objects: [ai('t3', 2, 0.9)] },
        { frameId: 4, objects: [ai('t4', 0, 0.9)] },
        { frameId: 5, objects: [] },
      ],
      frames,
      () => `new${++n}`,
    );
    expect(placed).toEqual([
      { frameId: 2, upsert: [expect.objectContaining({ id: 'new1', zIndex: 8, source: 'ai' })] },
      { frameId: 4, upsert: [expect.objectContaining({ id: 't4', zIndex: 1 })] },
    ]);
  });
});

describe('small helpers', () => {
  it('measures overlap by bounds', () => {
    expect(boundsIou(box('a', 0), box('b', 0))).toBe(1);
    expect(boundsIou(box('a', 0), box('b', 50))).toBeCloseTo(50 / 150);
    expect(boundsIou(box('a', 0), box('b', 200))).toBe(0);
  });

  it('prompts with a rotated box\'s bounds', () => {
    const turned = box('r', 0, { geometry: { x: 0, y: 0, width: 100, height: 100, rotation: 45 } } as Partial<AnnotationObject>);
    const b = promptBox(turned);
    expect(b.width).toBeCloseTo(100 * Math.SQRT2);
    expect(b.x).toBeCloseTo(50 - 50 * Math.SQRT2);
  });

  it('writes the caption and the classes no label took', () => {
    expect(captionText('Cat', 0.5)).toBe('Cat 0.50');
    expect(captionText('Cat', undefined)).toBe('Cat');
    expect(captionText('Cat', 0.5, 'unconfirmed')).toBe('Cat 0.50 · unconfirmed');
    expect(unmappedText([{ className: 'dog', count: 1 }, { className: 'car', count: 3 }])).toBe('car × 3, dog');
  });
});

describe('what a person answered goes with their objects (issue 31)', () => {
  it('gives followed copies the answers of the object they follow, over the defaults the server gave them', () => {
    const original = box('o1', 0, { attributes: { truncated: 'yes', note: 'front' } });
    const answer = [{ frameId: 2, objects: [ai('o1', 10, 0.8, { attributes: { truncated: 'no', pose: 'sitting' } })] }];
    expect(withOriginalAnswers(answer, [original])[0]!.objects[0]!.attributes).toEqual({ truncated: 'yes', note: 'front', pose: 'sitting' });
  });

  it('accepts every suggestion of the item, locked ones too, frame by frame', () => {
    const frames = new Map([
      [1, frame([box('mine', 0), ai('s1', 100, 0.9)])],
      [2, frame([ai('s2', 0, 0.4, { locked: true })])],
      [3, frame([box('other', 0)])],
    ]);
    const change = acceptEverywhere(frames);
    expect(change.map((c) => [c.frameId, c.replace.map((o) => `${o.id}:${o.source}:${o.score ?? '-'}`)])).toEqual([[1, ['s1:manual:-']], [2, ['s2:manual:-']]]);
  });
});
