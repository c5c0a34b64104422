import type { AnnotationObject, FrameData } from '../../../../../src-shared/model/annotation';
import { interpolateObjects } from '../../../../../src-shared/model/interpolate';

/** Edits to write, frame by frame: the objects to upsert on each. */
export type FrameUpserts = { frameId: number; upsert: AnnotationObject[] }[];

const sameShape = (a: AnnotationObject, b: AnnotationObject) => JSON.stringify(a.geometry) === JSON.stringify(b.geometry);

/**
 * Interpolation of tracked objects. One id across frames is one track ("copy to the next frame"
 * keeps the id). A keyframe is where the track starts or ends, or where its shape differs from
 * the frame before: copies carried forward are not keyframes, a frame the annotator adjusted
 * is. For each selected object on the current frame (a keyframe by being adjusted), the frames
 * between it and the nearest keyframe before and after get the object in between (boxes, and
 * shapes with as many points, move linearly; others keep the earlier keyframe's shape).
 */
export function interpolationEdits(
  frameIds: readonly number[],
  frames: ReadonlyMap<number, FrameData>,
  currentIndex: number,
  objectIds: readonly string[],
): FrameUpserts {
  const byFrame = new Map<number, AnnotationObject[]>();
  for (const id of objectIds) {
    const objectOn = (index: number) => (index >= 0 && index < frameIds.length ? frames.get(frameIds[index]!)?.objects.find((o) => o.id === id) : undefined);
    const here = objectOn(currentIndex);
    if (!here) continue;
    /** The nearest keyframe from the current frame in one direction (frames without the object skipped), or -1. */
    const keyframe = (step: -1 | 1): number => {
      let last = currentIndex;
      for (let i = currentIndex + step; i >= 0 && i < frameIds.length; i += step) {
        const o = objectOn(i);
        if (!o) continue;
        // A keyframe: the frame before it lacks the object (a track starts or resumes) or differs from it.
        const before = objectOn(i - 1);
        if (!before || !sameShape(o, before)) return i;
        last = i;
      }
      // Forward, a track that runs on unchanged ends in a keyframe only if it moved from here.
      return step === 1 && last !== currentIndex && !sameShape(objectOn(last)!, here) ? last : -1;
    };
    for (const other of [keyframe(-1), keyframe(1)]) {
      if (other < 0 || Math.abs(other - currentIndex) < 2) continue;
      const keyframes = [
        { frameIndex: currentIndex, object: here },
        { frameIndex: other, object: objectOn(other)! },
      ];
      const [from, to] = other < currentIndex ? [other, currentIndex] : [currentIndex, other];
      for (let i = from + 1; i < to; i++) {
        const between = interpolateObjects(keyframes, i);
        if (!between) continue;
        const list = byFrame.get(frameIds[i]!) ?? [];
        list.push(between);
        byFrame.set(frameIds[i]!, list);
      }
    }
  }
  return [...byFrame.entries()].map(([frameId, upsert]) => ({ frameId, upsert }));
}
