import { describe, expect, it } from 'vitest';
import { emptyFrameData, type AnnotationObject, type FrameData } from '../../src-shared/model/annotation';
import { applyEdit } from '../../src-shared/model/applyEdit';
import { objectsShownOn, resolvedFrames, TrackIndex } from '../../src-shared/model/tracks';
import { shownObjects, storedEdits } from '../../src-shared/model/trackScene';
import { deleteTrack, invertFrameEdits, mergeTracks, propagate, removeKeyframe, setOutside, splitTrack, changeTrack, type FrameEdits } from '../../src-shared/model/trackOps';

const box = (id: string, x: number, extra: Partial<AnnotationObject> = {}): AnnotationObject =>
  ({ id, featureId: 1, labelId: 'car', attributes: {}, zIndex: 0, source: 'manual', tool: 'box', geometry: { x, y: 10, width: 20, height: 20 }, ...extra }) as AnnotationObject;
const key = (id: string, x: number, extra: Partial<AnnotationObject> = {}) => box(id, x, { keyframe: true, ...extra });

/** An item of n frames with the given objects on given frames. */
function item(n: number, on: Record<number, AnnotationObject[]>): (FrameData | undefined)[] {
  return Array.from({ length: n }, (_, i) => (on[i] ? { ...emptyFrameData(), objects: on[i]! } : undefined));
}
/** Where a track is shown on each frame: its x, or null. */
const xs = (frames: (FrameData | undefined)[], id: string) => {
  const ix = new TrackIndex(frames);
  return frames.map((_, i) => {
    const o = ix.at(i).find((s) => s.object.id === id)?.object;
    return o && o.tool === 'box' ? o.geometry.x : null;
  });
};
function apply(frames: (FrameData | undefined)[], edits: FrameEdits) {
  const out = frames.slice();
  for (const [i, e] of edits) out[i] = applyEdit(out[i], e);
  return out;
}

describe('a track on the frames of an item', () => {
  it('is absent before its first keyframe, moves between keyframes, and stays after its last', () => {
    const frames = item(8, { 2: [key('a', 0)], 4: [key('a', 100)] });
    expect(xs(frames, 'a')).toEqual([null, null, 0, 50, 100, 100, 100, 100]);
    const ix = new TrackIndex(frames);
    expect(ix.at(3)[0]!.kind).toBe('interpolated');
    expect(ix.at(4)[0]!.kind).toBe('keyframe');
    // a carried object has no keyframe marks (editing it makes a keyframe)
    expect(ix.at(3)[0]!.object.keyframe).toBeUndefined();
    expect(ix.keyframes('a')).toEqual([2, 4]);
  });

  it('goes out of view from a keyframe marked outside until the next, moving towards where it left', () => {
    const frames = item(8, { 0: [key('a', 0)], 2: [key('a', 40, { outside: true })], 5: [key('a', 70)] });
    expect(xs(frames, 'a')).toEqual([0, 20, null, null, null, 70, 70, 70]);
  });

  it('keeps an object without a keyframe mark on its own frame only, and polygons of other point counts keep the earlier shape', () => {
    const tri = (id: string, k: number, n: number) => ({ id, featureId: 2, labelId: 'p', attributes: {}, zIndex: 0, source: 'manual', tool: 'polygon', keyframe: true, geometry: { points: Array.from({ length: n }, (_, i) => ({ x: k + i, y: i * 2 })) } }) as AnnotationObject;
    const frames = item(5, { 1: [box('s', 5)], 0: [tri('p', 0, 3)], 4: [tri('p', 40, 4)] });
    const ix = new TrackIndex(frames);
    expect(ix.at(0).map((s) => s.object.id)).toEqual(['p']);
    expect(ix.at(1).map((s) => [s.object.id, s.kind])).toEqual([['s', 'shape'], ['p', 'interpolated']]);
    const p = ix.at(2).find((s) => s.object.id === 'p')!.object;
    expect(p.tool === 'polygon' && p.geometry.points[0]).toEqual({ x: 0, y: 0 });
  });

  it('follows edits frame by frame: a moved keyframe moves the frames around it', () => {
    const frames = item(5, { 0: [key('a', 0)], 4: [key('a', 40)] });
    const ix = new TrackIndex(frames);
    expect((ix.objectAt('a', 2)!.object.geometry as { x: number }).x).toBe(20);
    ix.setFrame(4, { ...emptyFrameData(), objects: [key('a', 80)] });
    expect((ix.objectAt('a', 2)!.object.geometry as { x: number }).x).toBe(40);
    ix.setFrame(4, undefined);
    expect((ix.objectAt('a', 2)!.object.geometry as { x: number }).x).toBe(0);
    expect(ix.keyframes('a')).toEqual([0]);
  });

  it('answers one frame\'s objects from the stored frames by id, as the item viewer shows them', () => {
    const frames = [{ frameId: 70 }, { frameId: 71 }, { frameId: 72 }];
    const stored = [{ frameId: 70, data: { ...emptyFrameData(), objects: [key('a', 0)] } }, { frameId: 72, data: { ...emptyFrameData(), objects: [key('a', 20), box('s', 1)] } }];
    expect(objectsShownOn(frames, stored, 71).map((o) => [o.id, (o.geometry as { x: number }).x])).toEqual([['a', 10]]);
    expect(objectsShownOn(frames, stored, 72).map((o) => o.id)).toEqual(['s', 'a']);
    expect(objectsShownOn(frames, stored, 99)).toEqual([]);
  });

  it('resolves every frame for exports: interpolated objects present, outside ones absent, no keyframe marks', () => {
    const frames = item(4, { 0: [key('a', 0)], 2: [key('a', 20, { outside: true })], 1: [box('s', 9)] });
    const out = resolvedFrames(frames);
    expect(out.map((objs) => objs.map((o) => o.id))).toEqual([['a'], ['s', 'a'], [], []]);
    expect(out.flat().every((o) => o.keyframe === undefined && o.outside === undefined)).toBe(true);
  });
});

describe('track operations, as per-frame edits', () => {
  it('marks a track outside at a frame and back, deletes a keyframe, and deletes the track', () => {
    const frames = item(6, { 0: [key('a', 0)], 4: [key('a', 40)] });
    const ix = new TrackIndex(frames);
    const out = apply(frames, setOutside(ix, 'a', 2, true));
    expect(xs(out, 'a')).toEqual([0, 10, null, null, 40, 40]);
    const back = apply(out, setOutside(new TrackIndex(out), 'a', 2, false));
    expect(xs(back, 'a')).toEqual([0, 10, 20, 30, 40, 40]);
    expect(xs(apply(frames, removeKeyframe(ix, 'a', 4)), 'a')).toEqual([0, 0, 0, 0, 0, 0]);
    const gone = deleteTrack(ix, 'a');
    expect([...gone.keys()]).toEqual([0, 4]);
    expect(xs(apply(frames, gone), 'a')).toEqual([null, null, null, null, null, null]);
  });

  it('splits a track at a frame: the old id up to the frame before, the new one from there with the shape it had', () => {
    const frames = item(6, { 0: [key('a', 0)], 4: [key('a', 40)] });
    const out = apply(frames, splitTrack(new TrackIndex(frames), 'a', 2, 'b'));
    expect(xs(out, 'a')).toEqual([0, 10, null, null, null, null]);
    expect(xs(out, 'b')).toEqual([null, null, 20, 30, 40, 40]);
    // at its first keyframe there is nothing to split off
    expect(splitTrack(new TrackIndex(frames), 'a', 0, 'b').size).toBe(0);
  });

  it('merges a track into another: its keyframes take the kept label; the kept keyframe wins on a shared frame; not across tools', () => {
    const frames = item(6, { 0: [key('a', 0)], 1: [key('a', 10), key('b', 99, { labelId: 'bus' })], 3: [key('b', 30, { labelId: 'bus' })] });
    const out = apply(frames, mergeTracks(new TrackIndex(frames), 'a', 'b'));
    expect(xs(out, 'a')).toEqual([0, 10, 20, 30, 30, 30]);
    expect(xs(out, 'b')).toEqual([null, null, null, null, null, null]);
    expect(out[3]!.objects[0]!.labelId).toBe('car');
    const point = { id: 'p', featureId: 3, labelId: 'x', attributes: {}, zIndex: 0, source: 'manual', tool: 'point', keyframe: true, geometry: { x: 1, y: 1 } } as AnnotationObject;
    const mixed = item(2, { 0: [key('a', 0)], 1: [point] });
    expect(mergeTracks(new TrackIndex(mixed), 'a', 'p').size).toBe(0);
  });

  it('propagates objects to the next frames as keyframes, within the item, making a shape a track', () => {
    const edits = propagate([box('s', 5)], 3, 5, 6);
    expect([...edits.keys()]).toEqual([3, 4, 5]);
    const out = apply(item(6, { 3: [box('s', 5)] }), edits);
    expect(xs(out, 's')).toEqual([null, null, null, 5, 5, 5]);
    expect(out[3]!.objects[0]!.keyframe).toBe(true);
  });

  it('changes a track\'s label on every keyframe', () => {
    const frames = item(4, { 0: [key('a', 0)], 3: [key('a', 30)] });
    const out = apply(frames, changeTrack(new TrackIndex(frames), 'a', (o) => ({ ...o, labelId: 'bus' })));
    expect([out[0]!.objects[0]!.labelId, out[3]!.objects[0]!.labelId]).toEqual(['bus', 'bus']);
  });

  it('takes any operation back exactly with its inverse', () => {
    const frames = item(6, { 0: [key('a', 0), box('s', 1)], 2: [key('b', 5)], 4: [key('a', 40)] });
    const ix = new TrackIndex(frames);
    for (const edits of [splitTrack(ix, 'a', 2, 'c'), mergeTracks(ix, 'a', 'b'), deleteTrack(ix, 'a'), setOutside(ix, 'a', 3, true), propagate([box('s', 1)], 0, 3, 6)]) {
      const after = apply(frames, edits);
      const undo = invertFrameEdits(edits, (i) => frames[i]?.objects ?? []);
      const back = apply(after, undo);
      for (let i = 0; i < frames.length; i++) {
        const sorted = (f: FrameData | undefined) => [...(f?.objects ?? [])].sort((p, q) => p.id.localeCompare(q.id));
        expect(sorted(back[i])).toEqual(sorted(frames[i]));
      }
    }
  });
});

describe('edits of the objects shown on a frame, stored', () => {
  const run = (frames: (FrameData | undefined)[], index: number, edit: Parameters<typeof storedEdits>[2]) => apply(frames, storedEdits(new TrackIndex(frames), index, edit));

  it('moves a track on a carried frame by making a keyframe there; the frames around follow it', () => {
    const frames = item(5, { 0: [key('a', 0)], 4: [key('a', 40)] });
    const shown = shownObjects(new TrackIndex(frames), 2)[0]!;
    expect(shown.keyframe).toBe(true);
    const out = run(frames, 2, { upsert: [{ ...shown, geometry: { x: 100, y: 10, width: 20, height: 20 } } as AnnotationObject] });
    expect(xs(out, 'a')).toEqual([0, 50, 100, 70, 40]);
    expect(new TrackIndex(out).keyframes('a')).toEqual([0, 2, 4]);
  });

  it('changes a track\'s label on every keyframe, without making a keyframe where only the label changed', () => {
    const frames = item(5, { 0: [key('a', 0)], 4: [key('a', 40)] });
    const shown = shownObjects(new TrackIndex(frames), 2)[0]!;
    const out = run(frames, 2, { upsert: [{ ...shown, labelId: 'bus', hidden: true } as AnnotationObject] });
    expect(new TrackIndex(out).keyframes('a')).toEqual([0, 4]);
    expect([out[0]!.objects[0], out[4]!.objects[0]].map((o) => [o!.labelId, o!.hidden])).toEqual([['bus', true], ['bus', true]]);
    // and back: hidden taken off everywhere
    const back = run(out, 1, { upsert: [{ ...shownObjects(new TrackIndex(out), 1)[0]!, hidden: undefined } as AnnotationObject] });
    expect([back[0]!.objects[0]!.hidden, back[4]!.objects[0]!.hidden]).toEqual([undefined, undefined]);
  });

  it('makes a new object a track, keeps a shape a shape, and a removed carried track leaves view from there', () => {
    const frames = item(5, { 0: [key('a', 0)], 1: [box('s', 5)] });
    const drawn = run(frames, 3, { upsert: [box('n', 7)] });
    expect(xs(drawn, 'n')).toEqual([null, null, null, 7, 7]);
    const moved = run(frames, 1, { upsert: [box('s', 9)] });
    expect(moved[1]!.objects.find((o) => o.id === 's')).toEqual(box('s', 9));
    expect(xs(run(frames, 2, { remove: ['a'] }), 'a')).toEqual([0, 0, null, null, null]);
    // a keyframe removed where it is stored: the track is gone from there (here its only one)
    expect(xs(run(frames, 0, { remove: ['a'] }), 'a')).toEqual([null, null, null, null, null]);
  });
});
