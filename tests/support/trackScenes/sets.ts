/**
 * The scenes trackers are measured on (bench/tracking-quality.ts) and tested with: each made
 * from a seed, so every run draws the same footage. Two sets with nothing in common (objects,
 * occluders, backgrounds, seeds): `tune`, the one the tracker's settings were chosen on, and
 * `heldOut`, never looked at while choosing, to say how far the choice carries. `loss`: scenes
 * where objects leave the frame or are hidden for good, for choosing when to stop.
 */
import path from 'node:path';
import { DEMO_IMAGES, OUTLINES } from './cutouts';
import { random, type Mover, type Occluder, type Scene } from './render';

export const FRAMES = 30;
const WIDTH = 960;
const HEIGHT = 540;

/** Objects of tests/fixtures/outlines not cut by their photo's edge, split in two. */
const TUNE_OBJECTS = ['ibex', 'camels_calf', 'spoon_left', 'irish_p1', 'irish_p3', 'irish_bouzouki', 'didg_person', 'moto', 'drum_racktom', 'boat2_big'];
const HELD_OUT_OBJECTS = ['rhino', 'camels_adult', 'spoon_right', 'irish_p2', 'irish_p4', 'irish_mandolin1', 'didg_didgeridoo', 'drum_bassdrum', 'boat3_middle', 'boat4_right'];
/** The objects cut by their photo's edge (a straight side) pass in front, as occluders. */
const TUNE_OCCLUDERS = ['group_p1_green', 'stairs_backpack', 'drum_guitar', 'raccoon'];
const HELD_OUT_OCCLUDERS = ['group_p2_red', 'stairs_p_right', 'hopper_person', 'boat1_leftedge'];

const outline = (f: string) => path.join(OUTLINES, 'images', f);
const demo = (f: string) => path.join(DEMO_IMAGES, f);

export interface Recipe {
  name: string;
  seed: number;
  background: string;
  objects: string[];
  occluderPool: string[];
  /** how many of the objects move fast (20-60 px a frame), the first ones */
  fast: number;
  /** how many objects an occluder passes over */
  occluded: number;
  pan: boolean;
  grey: boolean;
  /** objects leave the frame (no bounce) or are covered for good, from mid-sequence */
  lose?: 'exit' | 'cover';
}

/** Heading, speed and size of one object over the frames; bounces off the frame's sides unless `exit`. */
function movement(rnd: () => number, fast: boolean, side: number, exit: boolean): Pick<Mover, 'cx' | 'cy' | 'scale'> {
  const between = (a: number, b: number) => a + (b - a) * rnd();
  const vMin = fast ? between(20, 30) : between(1, 8);
  const vMax = fast ? between(35, 60) : between(vMin + 2, 20);
  const omega = between(0.1, 0.4);
  const phase = between(0, 2 * Math.PI);
  let heading = between(0, 2 * Math.PI);
  const curve = between(-0.12, 0.12);
  const wobble = between(0, 0.15);
  const scaleKind = rnd();
  const ramp = between(-0.3, 0.3);
  const sinAmp = between(0.1, 0.3);
  const sinOmega = between(0.1, 0.3);
  const scale = Array.from({ length: FRAMES }, (_, t) => (scaleKind < 0.5 ? 1 + (ramp * t) / (FRAMES - 1) : 1 + sinAmp * Math.sin(sinOmega * t)));
  const margin = side * 0.5;
  let x = exit ? between(WIDTH * 0.35, WIDTH * 0.65) : between(margin, WIDTH - margin);
  let y = exit ? between(HEIGHT * 0.35, HEIGHT * 0.65) : between(margin, HEIGHT - margin);
  const cx: number[] = [];
  const cy: number[] = [];
  for (let t = 0; t < FRAMES; t++) {
    cx.push(x);
    cy.push(y);
    const v = exit ? Math.max(vMin, 14) : vMin + (vMax - vMin) * (0.5 + 0.5 * Math.sin(omega * t + phase));
    heading += exit ? 0 : curve + wobble * Math.sin(0.7 * t);
    x += v * Math.cos(heading);
    y += v * Math.sin(heading);
    if (exit) continue;
    const m = margin * scale[Math.min(t + 1, FRAMES - 1)]!;
    if (x < m || x > WIDTH - m) {
      heading = Math.PI - heading;
      x = Math.min(Math.max(x, m), WIDTH - m);
    }
    if (y < m || y > HEIGHT - m) {
      heading = -heading;
      y = Math.min(Math.max(y, m), HEIGHT - m);
    }
  }
  return { cx, cy, scale };
}

/** Something that passes in front of `m` around frame `at`: across its path, over a few frames, hiding part of it. */
function passing(rnd: () => number, m: Mover, id: string, at: number): Occluder {
  const between = (a: number, b: number) => a + (b - a) * rnd();
  const size = m.side * m.scale[at]!;
  const side = size * between(0.45, 0.75);
  const dx = m.cx[Math.min(at + 1, FRAMES - 1)]! - m.cx[Math.max(at - 1, 0)]!;
  const dy = m.cy[Math.min(at + 1, FRAMES - 1)]! - m.cy[Math.max(at - 1, 0)]!;
  const len = Math.hypot(dx, dy) || 1;
  const [px, py] = [-dy / len, dx / len];
  const rel = (size + side) / between(4, 7);
  const off = size * between(-0.25, 0.25);
  const cx = m.cx.map((x, t) => x + px * (t - at) * rel + (dx / len) * off);
  const cy = m.cy.map((y, t) => y + py * (t - at) * rel + (dy / len) * off);
  return { id, side, cx, cy, scale: m.scale.map(() => 1), from: at - 4, to: at + 4 };
}

/** Hides `m` for good from frame `at` on: something larger sits on it. */
function covering(m: Mover, id: string, at: number): Occluder {
  const side = m.side * Math.max(...m.scale) * 2.2;
  return { id, side, cx: m.cx, cy: m.cy, scale: m.scale.map(() => 1), from: at, to: FRAMES - 1 };
}

export function makeScene(r: Recipe): Scene {
  const rnd = random(r.seed);
  const between = (a: number, b: number) => a + (b - a) * rnd();
  const objects: Mover[] = r.objects.map((id, i) => {
    const fast = i < r.fast;
    const side = Math.round(fast ? between(28, 90) : between(60, 220));
    return { id, side, ...movement(rnd, fast, side, r.lose === 'exit') };
  });
  const occluders: Occluder[] = [];
  for (let i = 0; i < r.occluded; i++) {
    const m = objects[(i + 1) % objects.length]!;
    const id = r.occluderPool[(r.seed + i) % r.occluderPool.length]!;
    if (r.lose === 'cover') occluders.push(covering(m, id, Math.round(between(10, 18))));
    else occluders.push(passing(rnd, m, id, Math.round(between(8, FRAMES - 9))));
  }
  const panSpeed = between(2, 12);
  const panOmega = between(0.05, 0.2);
  const panTurn = between(0, 2 * Math.PI);
  const walk = (f: (t: number) => number) => {
    const at = [0];
    for (let t = 1; t < FRAMES; t++) at.push(at[t - 1]! + f(t));
    const low = Math.min(...at);
    return at.map((v) => v - low);
  };
  const panX = r.pan ? walk((t) => panSpeed * Math.cos(panTurn + panOmega * t)) : new Array<number>(FRAMES).fill(0);
  const panY = r.pan ? walk((t) => 0.4 * panSpeed * Math.sin(panTurn + panOmega * t)) : new Array<number>(FRAMES).fill(0);
  const drift = rnd() < 0.5 ? between(0.05, 0.15) : 0;
  const gain = Array.from({ length: FRAMES }, (_, t) => 1 + drift * Math.sin(0.2 * t));
  return {
    name: r.name,
    width: WIDTH,
    height: HEIGHT,
    frames: FRAMES,
    background: r.background,
    panX,
    panY,
    objects,
    occluders,
    grey: r.grey,
    gain,
    noise: between(1.5, 5),
    jpegQuality: Math.round(between(55, 85)),
    seed: r.seed,
  };
}

/** n objects of `pool` chosen by the seed, none cut from the background's own photo. */
function pick(pool: string[], n: number, seed: number, background: string): string[] {
  const rnd = random(seed * 7919);
  const photoOf: Record<string, string> = { ibex: 'animal_ibex', rhino: 'animal_rhinoceros', camels_calf: 'animals_camels', camels_adult: 'animals_camels', spoon_left: 'animals_spoonbills', spoon_right: 'animals_spoonbills', moto: 'thing_motorcycle', boat2_big: 'things_rowing', boat3_middle: 'things_rowing', boat4_right: 'things_rowing', drum_racktom: 'things_drum', drum_bassdrum: 'things_drum' };
  const left = pool.filter((id) => !(photoOf[id] && background.includes(photoOf[id])));
  const out: string[] = [];
  while (out.length < n && left.length) out.push(left.splice(Math.floor(rnd() * left.length), 1)[0]!);
  return out;
}

type Plan = [name: string, seed: number, background: string, objects: number, fast: number, occluded: number, pan: boolean, grey: boolean];
const recipes = (plans: Plan[], pool: string[], occluderPool: string[], lose?: Recipe['lose']): Recipe[] =>
  plans.map(([name, seed, background, n, fast, occluded, pan, grey]) => ({ name, seed, background, objects: pick(pool, n, seed, background), occluderPool, fast, occluded, pan, grey, ...(lose ? { lose } : {}) }));

/** The scenes the tracker was tuned on. */
export const TUNE: Recipe[] = recipes(
  [
    ['tune-spoonbills', 101, outline('animals_spoonbills.jpg'), 4, 1, 1, false, false],
    ['tune-boats-pan', 102, outline('things_rowing_boats.jpg'), 4, 2, 1, true, false],
    ['tune-group-grey', 103, outline('people_group_four.jpg'), 3, 1, 1, false, true],
    ['tune-astronaut-pan', 104, demo('astronaut.png'), 3, 1, 1, true, false],
    ['tune-coffee', 105, demo('coffee.png'), 4, 2, 2, false, false],
    ['tune-rocket-pan-grey', 106, demo('rocket.jpg'), 3, 1, 1, true, true],
    ['tune-hubble', 107, demo('hubble_deep_field.jpg'), 4, 2, 1, false, false],
    ['tune-stairs-pan', 108, outline('people_stairs_grey.png'), 3, 1, 1, true, false],
  ],
  TUNE_OBJECTS,
  TUNE_OCCLUDERS,
);

/** Scenes with other seeds, objects, occluders and backgrounds: never tuned on. */
export const HELD_OUT: Recipe[] = recipes(
  [
    ['held-rhino-pan', 201, outline('animal_rhinoceros.jpg'), 4, 1, 1, true, false],
    ['held-camels', 202, outline('animals_camels.jpg'), 3, 1, 1, false, false],
    ['held-drums-grey', 203, outline('things_drum_kit.jpg'), 4, 2, 1, false, true],
    ['held-ibex-pan', 204, outline('animal_ibex.jpg'), 3, 1, 1, true, false],
    ['held-chelsea', 205, demo('chelsea.png'), 4, 2, 2, false, false],
    ['held-retina-pan-grey', 206, demo('retina.jpg'), 3, 1, 1, true, true],
    ['held-horse-pan', 207, demo('horse.png'), 4, 2, 1, true, false],
    ['held-moto', 208, outline('thing_motorcycle_grey.jpg'), 3, 1, 1, false, false],
  ],
  HELD_OUT_OBJECTS,
  HELD_OUT_OCCLUDERS,
);

/** Objects that leave the frame, or that something covers for good: where a tracker must stop. */
export const LOSS: Recipe[] = [
  ...recipes([['loss-exit-boats', 301, outline('things_rowing_boats.jpg'), 4, 0, 0, false, false]], TUNE_OBJECTS, TUNE_OCCLUDERS, 'exit'),
  ...recipes([['loss-cover-coffee', 302, demo('coffee.png'), 4, 1, 4, true, false]], TUNE_OBJECTS, TUNE_OCCLUDERS, 'cover'),
  ...recipes([['loss-exit-rhino', 303, outline('animal_rhinoceros.jpg'), 4, 0, 0, true, true]], HELD_OUT_OBJECTS, HELD_OUT_OCCLUDERS, 'exit'),
  ...recipes([['loss-cover-chelsea', 304, demo('chelsea.png'), 4, 1, 4, false, false]], HELD_OUT_OBJECTS, HELD_OUT_OCCLUDERS, 'cover'),
];
