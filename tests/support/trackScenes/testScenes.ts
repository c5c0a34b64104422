/**
 * Short scenes for the tracker's tests (tests/integration/ai-service-models.test.ts), made the
 * way the bench's are (render.ts) but small: 640x360, 12 frames, one object, each showing one
 * thing a tracker must do.
 */
import path from 'node:path';
import { DEMO_IMAGES, OUTLINES } from './cutouts';
import type { Scene } from './render';

const N = 12;
const frames = <T>(f: (t: number) => T) => Array.from({ length: N }, (_, t) => f(t));
const base = { width: 640, height: 360, frames: N, occluders: [], grey: false, gain: frames(() => 1), noise: 2, jpegQuality: 75 };

/**
 * A small drum (56 px) thrown across the frame: 50 px a frame along a curve, growing by 30 %,
 * smeared by motion blur, while the camera pans over the rocket photo.
 */
export function drumThrown(): Scene {
  return {
    ...base,
    name: 'drum-thrown',
    seed: 11,
    background: path.join(DEMO_IMAGES, 'rocket.jpg'),
    panX: frames((t) => 6 * t),
    panY: frames((t) => 2 * t),
    objects: [{ id: 'drum_racktom', side: 56, cx: frames((t) => 50 + 50 * t), cy: frames((t) => 250 - 30 * t + 3 * t * t), scale: frames((t) => 1 + (0.3 * t) / (N - 1)) }],
  };
}

/** The same boat leaving through the right side at 30 px a frame: gone from frame 7 on. */
export function boatLeaving(): Scene {
  return {
    ...base,
    name: 'boat-leaving',
    seed: 12,
    background: path.join(OUTLINES, 'images', 'animals_spoonbills.jpg'),
    panX: frames(() => 0),
    panY: frames(() => 0),
    objects: [{ id: 'boat3_middle', side: 110, cx: frames((t) => 420 + 30 * t), cy: frames(() => 180), scale: frames(() => 1) }],
  };
}

/** A walking musician that `by` (an object of tests/fixtures/outlines, 360 px) steps in front of at frame 6 and covers to the end. */
export function musicianCovered(by: 'raccoon' | 'group_p2_red'): Scene {
  const cx = frames((t) => 250 + 8 * t);
  const cy = frames(() => 190);
  return {
    ...base,
    name: `musician-covered-by-${by}`,
    seed: 13,
    background: path.join(DEMO_IMAGES, 'coffee.png'),
    panX: frames(() => 0),
    panY: frames(() => 0),
    objects: [{ id: 'irish_p3', side: 150, cx, cy, scale: frames(() => 1) }],
    occluders: [{ id: by, side: 360, cx, cy, scale: frames(() => 1), from: 6, to: N - 1 }],
  };
}
