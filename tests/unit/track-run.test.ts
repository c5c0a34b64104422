import { describe, expect, it } from 'vitest';
import { emptyFrameData, validateFrameData, type AnnotationObject, type FrameData } from '../../src-shared/model/annotation';
import { applyEdit } from '../../src-shared/model/applyEdit';
import { TrackIndex } from '../../src-shared/model/tracks';
import { confirmKeyframe, type FrameEdits } from '../../src-shared/model/trackOps';
import { placeStretch } from '../../src-shared/model/trackRun';
import { storedEdits } from '../../src-shared/model/trackScene';
import { ItemHistory } from '../../src-renderer/src/features/work/workspace/tracks/itemHistory';

const box = (id: string, x: number, extra: Partial<AnnotationObject> = {}): AnnotationObject =>
  ({ id, featureId: 1, labelId: 'car', attributes: { colour: 'red' }, zIndex: 0, source: 'manual', tool: 'box', geometry: { x, y: 10, width: 20, height: 20 }, ...extra }) as AnnotationObject;
const key = (id: string, x: number, extra: Partial<AnnotationObject> = {}) => box(id, x, { keyframe: true, ...extra });
/** What the tracker answers for an object on a frame (the server's objects: source ai, a score). */
const found = (id: string, x: number, unsure = false) => box(id, x, { source: 'ai', score: 0.7, labelId: 'other', attributes: {}, ...(unsure ? { keyframe: true, unsure: true } : {}) });

function item(n: number, on: Record<number, AnnotationObject[]>): (FrameData | undefined)[] {
  return Array.from({ length: n }, (_, i) => (on[i] ? { ...emptyFrameData(), objects: on[i]! } : undefined));
}
function apply(frames: (FrameData | undefined)[], edits: FrameEdits) {
  const out = frames.slice();
  for (const [i, e] of edits) out[i] = applyEdit(out[i], e);
  return out;
}
const xOf = (o: AnnotationObject | undefined) => (o && o.tool === 'box' ? o.geometry.x : null);

describe('automatic tracking: a stretch of the tracker answers made keyframes', () => {
  it('places a keyframe where the object was followed, with the track own label and answers, and marks the unsure ones', () => {
    const frames = item(6, { 0: [key('a', 0)] });
    const ix = new TrackIndex(frames);
    const s = placeStretch(ix, 0, [key('a', 0)], [
      { index: 1, objects: [found('a', 5)] },
      { index: 2, objects: [found('a', 11, true)] },
    ]);
    const after = apply(frames, s.edits);
    const k1 = after[1]!.objects[0]!;
    const k2 = after[2]!.objects[0]!;
    expect([xOf(k1), xOf(k2)]).toEqual([5, 11]);
    // the track's label, answers and source stay the person's: the tracker only moved it
    expect(k1).toMatchObject({ labelId: 'car', attributes: { colour: 'red' }, source: 'manual', keyframe: true });
    expect(k1.unsure).toBeUndefined();
    expect(k2.unsure).toBe(true);
    expect(s).toMatchObject({ lost: [], met: [], unsure: 1, placed: 2 });
    expect(s.following.map(xOf)).toEqual([11]);
    // what is stored passes the server's own check
    for (const f of [after[1]!, after[2]!]) expect(validateFrameData(f).ok).toBe(true);
  });

  it('puts a lost object out of view where it was lost, with its last shape, and follows it no further', () => {
    const frames = item(6, { 0: [key('a', 0), key('b', 50)] });
    const s = placeStretch(new TrackIndex(frames), 0, [key('a', 0), key('b', 50)], [
      { index: 1, objects: [found('a', 4), found('b', 52)] },
      { index: 2, objects: [found('b', 54)] },
      { index: 3, objects: [found('b', 56)] },
    ]);
    const after = apply(frames, s.edits);
    const lost = after[2]!.objects.find((o) => o.id === 'a')!;
    expect(lost).toMatchObject({ keyframe: true, outside: true });
    expect(xOf(lost)).toBe(4);
    expect(after[3]!.objects.map((o) => o.id)).toEqual(['b']);
    expect(s.lost).toEqual(['a']);
    expect(s.following.map((o) => o.id)).toEqual(['b']);
    // from the frame it was lost on, the track is not shown
    const ix = new TrackIndex(after);
    expect([1, 2, 3, 4].map((i) => ix.objectAt('a', i) !== null)).toEqual([true, false, false, false]);
  });

  it('stops at a keyframe a person placed, leaving it as it was', () => {
    const mine = key('a', 100);
    const frames = item(6, { 0: [key('a', 0)], 3: [mine] });
    const s = placeStretch(new TrackIndex(frames), 0, [key('a', 0)], [
      { index: 1, objects: [found('a', 5)] },
      { index: 2, objects: [found('a', 10)] },
      { index: 3, objects: [found('a', 15)] },
      { index: 4, objects: [found('a', 20)] },
    ]);
    expect([...s.edits.keys()]).toEqual([1, 2]);
    expect(s.met).toEqual(['a']);
    expect(s.placed).toBe(2);
    expect(s.following).toEqual([]);
  });

  it('goes backward as well: the frames before, nearest first', () => {
    const frames = item(6, { 5: [key('a', 50)] });
    const s = placeStretch(new TrackIndex(frames), 5, [key('a', 50)], [
      { index: 4, objects: [found('a', 45)] },
      { index: 3, objects: [found('a', 40)] },
    ]);
    const ix = new TrackIndex(apply(frames, s.edits));
    expect(ix.keyframes('a')).toEqual([3, 4, 5]);
    expect(s.following.map(xOf)).toEqual([40]);
  });

  it('makes a shape stored before tracks a track from the frame it started on', () => {
    const frames = item(4, { 1: [box('a', 0)] });
    const s = placeStretch(new TrackIndex(frames), 1, [box('a', 0)], [{ index: 2, objects: [found('a', 3)] }]);
    const ix = new TrackIndex(apply(frames, s.edits));
    expect(ix.keyframes('a')).toEqual([1, 2]);
  });
});

describe('an unsure keyframe', () => {
  it('loses its mark when a person moves it or says it looks right, and keeps it when only the label changes', () => {
    const frames = item(4, { 0: [key('a', 0)], 2: [key('a', 20, { unsure: true })] });
    const ix = new TrackIndex(frames);
    const moved = storedEdits(ix, 2, { upsert: [key('a', 25, { unsure: true })] });
    expect(moved.get(2)!.upsert![0]!.unsure).toBeUndefined();
    const relabelled = storedEdits(ix, 2, { upsert: [key('a', 20, { unsure: true, labelId: 'bus' })] });
    expect(relabelled.get(2)!.upsert![0]).toMatchObject({ labelId: 'bus', unsure: true });
    const confirmed = apply(frames, confirmKeyframe(ix, 'a', 2));
    expect(confirmed[2]!.objects[0]!.unsure).toBeUndefined();
    expect(xOf(confirmed[2]!.objects[0])).toBe(20);
    // nothing to confirm on a sure keyframe
    expect(confirmKeyframe(ix, 'a', 0).size).toBe(0);
    // the frames carried from it are not unsure themselves
    expect(ix.objectAt('a', 3)!.object.unsure).toBeUndefined();
  });

  it('is only on a keyframe', () => {
    expect(validateFrameData({ ...emptyFrameData(), objects: [box('a', 0, { unsure: true })] }).ok).toBe(false);
  });
});

describe('a tracking run in the item history', () => {
  const edits = (i: number): FrameEdits => new Map([[i, { upsert: [key('a', i)] }]]);
  it('is one undo step however many stretches it stored, and a person edit between stretches stays its own step', () => {
    const h = new ItemHistory();
    const run = Symbol('run');
    h.record(edits(1), edits(1), run);
    h.record(edits(2), edits(2), run);
    h.record(edits(3), edits(3), run);
    expect([...h.undo()!.keys()]).toEqual([1, 2, 3]);
    expect(h.undo()).toBeNull();
    h.redo();
    // a person's step in the middle: the run's next stretch does not join it
    h.record(edits(7), edits(7));
    h.record(edits(4), edits(4), run);
    expect([...h.undo()!.keys()]).toEqual([4]);
    expect([...h.undo()!.keys()]).toEqual([7]);
    expect([...h.undo()!.keys()]).toEqual([1, 2, 3]);
  });
});
