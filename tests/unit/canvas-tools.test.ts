import { testDrawingContext } from '../support/drawingContext';
import { describe, expect, it } from 'vitest';
import { ANNOTATION_VERSION, validateFrameData } from '../../src-shared/model/annotation';
import type { Skeleton } from '../../src-shared/model/ontology';
import { createDrawingTool, type DrawingTemplate, type DrawingTool, type DrawnObject, type OverlayShape, type ToolOutcome, type ToolPointer } from '../../src-renderer/src/canvas/tools';

type Tool = DrawingTemplate['tool'];
type Mods = Partial<Omit<ToolPointer, 'world'>>;

const BODY: Skeleton = {
  points: [
    { id: 'head', name: 'Head' },
    { id: 'neck', name: 'Neck' },
    { id: 'hip', name: 'Hip' },
  ],
  edges: [
    { from: 0, to: 1 },
    { from: 1, to: 2 },
  ],
};

const template = (tool: Tool, extra: Partial<DrawingTemplate> = {}): DrawingTemplate => ({
  featureId: 7,
  labelId: 'car',
  tool,
  color: '#ff8800',
  attributes: { colour: 'red', tags: ['a'] },
  ...extra,
});

/** Someone at the canvas: every input goes to the tool, every finished object is kept. */
class User {
  readonly committed: DrawnObject[] = [];
  constructor(readonly tool: DrawingTool) {}

  static with(tool: Tool, extra: Partial<DrawingTemplate> = {}): User {
    return new User(createDrawingTool(template(tool, extra), testDrawingContext()));
  }

  private pointer(x: number, y: number, mods: Mods): ToolPointer {
    return { world: { x, y }, button: 0, shift: false, alt: false, mod: false, pixelSize: 1, ...mods };
  }

  private keep(outcome: ToolOutcome): ToolOutcome {
    if (outcome.commit) this.committed.push(outcome.commit);
    return outcome;
  }

  down(x: number, y: number, mods: Mods = {}) {
    return this.keep(this.tool.pointerDown(this.pointer(x, y, mods)));
  }
  move(x: number, y: number, mods: Mods = {}) {
    return this.keep(this.tool.pointerMove(this.pointer(x, y, mods)));
  }
  up(x: number, y: number, mods: Mods = {}) {
    return this.keep(this.tool.pointerUp(this.pointer(x, y, mods)));
  }
  click(x: number, y: number, mods: Mods = {}): this {
    this.move(x, y, mods);
    this.down(x, y, mods);
    this.up(x, y, mods);
    return this;
  }
  doubleClick(x: number, y: number): this {
    this.click(x, y);
    this.down(x, y, { double: true });
    this.up(x, y);
    return this;
  }
  /** Press at `from`, move there in `steps` even steps, release. */
  drag(from: [number, number], to: [number, number], mods: Mods = {}, steps = 10): this {
    this.down(from[0], from[1], mods);
    for (let i = 1; i <= steps; i++) this.move(from[0] + ((to[0] - from[0]) * i) / steps, from[1] + ((to[1] - from[1]) * i) / steps, mods);
    this.up(to[0], to[1], mods);
    return this;
  }
  press(key: string, mods: { shift?: boolean; alt?: boolean; mod?: boolean } = {}) {
    return this.keep(this.tool.key({ key, shift: false, alt: false, mod: false, ...mods }));
  }
  get last(): DrawnObject | undefined {
    return this.committed[this.committed.length - 1];
  }
  geometry(): unknown {
    return this.last?.geometry;
  }
}

/** The object as the engine would store it, checked against the frame schema and rules. */
const storable = (o: DrawnObject | undefined) =>
  validateFrameData({ version: ANNOTATION_VERSION, objects: [{ ...o, id: 'o1', zIndex: 0, source: 'manual' }], classifications: [] }).ok;

const kinds = (shapes: OverlayShape[]) => shapes.map((s) => s.kind);

describe('box tool', () => {
  it('a box takes two clicks, corner then opposite corner, and comes out normalised', () => {
    const user = User.with('box').click(100, 80);
    expect(user.committed).toEqual([]);
    expect(user.tool.state).not.toBe('idle');
    user.click(10, 20);
    expect(user.committed).toHaveLength(1);
    expect(user.last).toMatchObject({ tool: 'box', featureId: 7, labelId: 'car', geometry: { x: 10, y: 20, width: 90, height: 60 } });
    expect(user.tool.state).toBe('idle');
    expect(storable(user.last)).toBe(true);
  });

  it('shows the live rectangle following the pointer between the two clicks', () => {
    const user = User.with('box').click(10, 10);
    user.move(40, 30);
    expect(user.tool.overlay()).toEqual([{ kind: 'rect', x: 10, y: 10, width: 30, height: 20 }]);
  });

  it('a drag draws a box in one gesture', () => {
    const user = User.with('box').drag([50, 60], [10, 20]);
    expect(user.geometry()).toEqual({ x: 10, y: 20, width: 40, height: 40 });
    expect(user.tool.overlay()).toEqual([]);
    expect(storable(user.last)).toBe(true);
  });

  it('a press that moves less than 3 screen pixels is a click, measured at the current zoom', () => {
    const user = User.with('box');
    // zoomed out: one screen pixel is 2 image pixels, so 5 image pixels is 2.5 screen pixels
    user.drag([0, 0], [5, 0], { pixelSize: 2 });
    expect(user.committed).toEqual([]);
    user.click(30, 40, { pixelSize: 2 });
    expect(user.geometry()).toEqual({ x: 0, y: 0, width: 30, height: 40 });
  });

  it('shift keeps a square, on the longer side and in the direction dragged', () => {
    const user = User.with('box').drag([100, 100], [70, 90], { shift: true });
    expect(user.geometry()).toEqual({ x: 70, y: 70, width: 30, height: 30 });
  });

  it('Escape leaves nothing behind', () => {
    const user = User.with('box').click(10, 10);
    user.move(50, 50);
    expect(user.press('Escape').handled).toBe(true);
    expect(user.tool.state).toBe('idle');
    expect(user.tool.overlay()).toEqual([]);
    user.click(60, 60);
    expect(user.committed).toEqual([]);
  });

  it('never commits a box of no area, by clicks or by a drag', () => {
    const user = User.with('box').click(10, 10).click(50, 10);
    expect(user.committed).toEqual([]);
    expect(user.tool.state).not.toBe('idle');
    user.press('Escape');
    user.drag([10, 10], [10, 60]);
    expect(user.committed).toEqual([]);
    expect(user.tool.state).toBe('idle');
  });

  it('a double click on the second corner makes one box and starts no other', () => {
    const user = User.with('box').click(0, 0).doubleClick(20, 20);
    expect(user.committed).toHaveLength(1);
    expect(user.tool.state).toBe('idle');
    expect(user.tool.overlay()).toEqual([]);
  });

  it('leaves other buttons and keys to the engine', () => {
    const user = User.with('box');
    expect(user.down(5, 5, { button: 1 }).handled).toBe(false);
    expect(user.press('Escape').handled).toBe(false);
    expect(user.move(5, 5).handled).toBe(false);
  });

  it('gives each object its own copy of the default answers', () => {
    const tool = createDrawingTool(template('box'), testDrawingContext());
    const user = new User(tool).drag([0, 0], [10, 10]).drag([20, 20], [30, 30]);
    const [a, b] = user.committed;
    expect(a?.attributes).toEqual({ colour: 'red', tags: ['a'] });
    expect(a?.attributes.tags).not.toBe(b?.attributes.tags);
  });
});

describe('polygon tool', () => {
  const triangle = (user: User) => user.click(0, 0).click(100, 0).click(50, 80);

  it('closes by clicking its first vertex, whose handle lights up when the pointer is near', () => {
    const user = triangle(User.with('polygon'));
    user.move(5, 4);
    expect(user.tool.overlay()).toContainEqual({ kind: 'handle', x: 0, y: 0, active: true });
    user.click(5, 4);
    expect(user.geometry()).toEqual({ points: [{ x: 0, y: 0 }, { x: 100, y: 0 }, { x: 50, y: 80 }] });
    expect(user.tool.state).toBe('idle');
    expect(storable(user.last)).toBe(true);
  });

  it('measures "near the first vertex" in screen pixels', () => {
    const user = triangle(User.with('polygon'));
    // zoomed in 4x: 5 image pixels are 20 screen pixels, too far to close
    user.click(5, 0, { pixelSize: 0.25 });
    expect(user.committed).toEqual([]);
    user.press('Enter');
    expect((user.geometry() as { points: unknown[] }).points).toHaveLength(4);
  });

  it('closes on a double click or Enter', () => {
    const byDouble = triangle(User.with('polygon'));
    byDouble.doubleClick(50, 80);
    expect(byDouble.geometry()).toEqual({ points: [{ x: 0, y: 0 }, { x: 100, y: 0 }, { x: 50, y: 80 }] });
    const byEnter = triangle(User.with('polygon'));
    byEnter.press('Enter');
    expect(byEnter.geometry()).toEqual(byDouble.geometry());
  });

  it('a double click on the first vertex closes it once and starts nothing new', () => {
    const user = triangle(User.with('polygon')).doubleClick(1, 1);
    expect(user.committed).toHaveLength(1);
    expect(user.tool.state).toBe('idle');
  });

  it('shows the path, the rubber band to the pointer and the first vertex', () => {
    const user = User.with('polygon').click(0, 0).click(100, 0);
    user.move(60, 60);
    const overlay = user.tool.overlay();
    expect(overlay).toContainEqual({ kind: 'path', points: [{ x: 0, y: 0 }, { x: 100, y: 0 }], closed: false });
    expect(overlay).toContainEqual(expect.objectContaining({ kind: 'path', points: [{ x: 100, y: 0 }, { x: 60, y: 60 }, { x: 0, y: 0 }], dashed: true }));
    expect(overlay).toContainEqual({ kind: 'handle', x: 0, y: 0, active: false });
  });

  it('Backspace removes the last vertex', () => {
    const user = triangle(User.with('polygon')).click(0, 80);
    user.press('Backspace');
    user.press('Enter');
    expect(user.geometry()).toEqual({ points: [{ x: 0, y: 0 }, { x: 100, y: 0 }, { x: 50, y: 80 }] });
  });

  it('Backspace past the first vertex leaves nothing under way', () => {
    const user = User.with('polygon').click(0, 0);
    user.press('Backspace');
    expect(user.tool.state).toBe('idle');
    expect(user.tool.overlay()).toEqual([]);
  });

  it('Escape leaves nothing behind', () => {
    const user = triangle(User.with('polygon'));
    expect(user.press('Escape').handled).toBe(true);
    expect(user.tool.overlay()).toEqual([]);
    user.press('Enter');
    expect(user.committed).toEqual([]);
  });

  it('a polygon of two distinct points is never committed, and drawing goes on', () => {
    const user = User.with('polygon').click(0, 0).click(100, 0);
    user.press('Enter');
    user.doubleClick(100, 0);
    user.click(2, 2);
    expect(user.committed).toEqual([]);
    expect(user.tool.state).not.toBe('idle');
    user.click(50, 80).press('Enter');
    expect(user.geometry()).toEqual({ points: [{ x: 0, y: 0 }, { x: 100, y: 0 }, { x: 50, y: 80 }] });
  });

  it('does not add a vertex that repeats the last one', () => {
    const user = User.with('polygon').click(0, 0).click(0, 0).click(100, 0).click(100, 0).click(50, 80);
    user.press('Enter');
    expect(user.geometry()).toEqual({ points: [{ x: 0, y: 0 }, { x: 100, y: 0 }, { x: 50, y: 80 }] });
  });

  it('adds vertices freehand about 4 screen pixels apart while shift-dragging', () => {
    const user = User.with('polygon');
    user.down(0, 0, { shift: true });
    for (let x = 1; x <= 40; x++) user.move(x, 0, { shift: true });
    for (let y = 1; y <= 40; y++) user.move(40, y, { shift: true });
    user.up(40, 40);
    // a plain move with the button up only moves the rubber band
    user.move(0, 40);
    user.press('Enter');
    const points = (user.geometry() as { points: { x: number; y: number }[] }).points;
    expect(points).toHaveLength(21);
    for (let i = 1; i < points.length; i++) {
      const [a, b] = [points[i - 1]!, points[i]!];
      expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(4);
    }
    expect(storable(user.last)).toBe(true);
  });
});

describe('polyline tool', () => {
  it('Enter finishes an open line of two points', () => {
    const user = User.with('polyline').click(0, 0).click(30, 40);
    user.press('Enter');
    expect(user.last).toMatchObject({ tool: 'polyline', geometry: { points: [{ x: 0, y: 0 }, { x: 30, y: 40 }] } });
    expect(storable(user.last)).toBe(true);
  });

  it('a double click finishes it, and clicking the first point does not close it', () => {
    const user = User.with('polyline').click(0, 0).click(30, 40).click(1, 1);
    expect(user.committed).toEqual([]);
    user.doubleClick(60, 0);
    expect(user.geometry()).toEqual({ points: [{ x: 0, y: 0 }, { x: 30, y: 40 }, { x: 1, y: 1 }, { x: 60, y: 0 }] });
  });

  it('a single point is not a line', () => {
    const user = User.with('polyline').click(5, 5);
    user.press('Enter');
    user.doubleClick(5, 5);
    expect(user.committed).toEqual([]);
    expect(user.tool.state).not.toBe('idle');
  });
});

describe('point tool', () => {
  it('one click commits a point', () => {
    const user = User.with('point').click(12, 34);
    expect(user.last).toMatchObject({ tool: 'point', geometry: { x: 12, y: 34 } });
    expect(user.tool.state).toBe('idle');
    expect(storable(user.last)).toBe(true);
  });

  it('a double click makes one point, not two', () => {
    const user = User.with('point').doubleClick(12, 34);
    expect(user.committed).toHaveLength(1);
  });

  it('the point follows the pointer while the button is held, and Escape drops it', () => {
    const user = User.with('point').drag([0, 0], [10, 10]);
    expect(user.geometry()).toEqual({ x: 10, y: 10 });
    user.down(50, 50);
    user.move(55, 55);
    expect(user.tool.overlay()).toEqual([{ kind: 'handle', x: 55, y: 55, active: true }]);
    user.press('Escape');
    user.up(55, 55);
    expect(user.committed).toHaveLength(1);
  });
});

describe('keypoints tool', () => {
  const labelText = (user: User) => user.tool.overlay().find((s) => s.kind === 'label');

  it('places the skeleton points in order and finishes after the last', () => {
    const user = User.with('keypoints', { skeleton: BODY });
    user.move(10, 10);
    expect(labelText(user)).toMatchObject({ text: 'Head' });
    user.click(10, 10);
    expect(labelText(user)).toMatchObject({ text: 'Neck' });
    user.click(10, 30, { alt: true }).click(10, 60);
    expect(user.geometry()).toEqual({
      points: [
        { pointId: 'head', x: 10, y: 10, visibility: 'visible' },
        { pointId: 'neck', x: 10, y: 30, visibility: 'occluded' },
        { pointId: 'hip', x: 10, y: 60, visibility: 'visible' },
      ],
    });
    expect(user.tool.state).toBe('idle');
    expect(storable(user.last)).toBe(true);
  });

  it('shows the placed points and the edges between them', () => {
    const user = User.with('keypoints', { skeleton: BODY }).click(10, 10).click(10, 30);
    const overlay = user.tool.overlay();
    expect(kinds(overlay).sort()).toEqual(['handle', 'handle', 'label', 'path']);
    expect(overlay).toContainEqual(expect.objectContaining({ kind: 'path', points: [{ x: 10, y: 10 }, { x: 10, y: 30 }] }));
  });

  it('keypoints skip with n and finish with the rest absent', () => {
    const user = User.with('keypoints', { skeleton: BODY });
    user.press('n');
    expect(user.tool.state).not.toBe('idle');
    user.click(20, 20);
    user.press('Enter');
    expect(user.geometry()).toEqual({
      points: [
        { pointId: 'head', x: 0, y: 0, visibility: 'absent' },
        { pointId: 'neck', x: 20, y: 20, visibility: 'visible' },
        { pointId: 'hip', x: 20, y: 20, visibility: 'absent' },
      ],
    });
    expect(storable(user.last)).toBe(true);
  });

  it('Tab skips a point once an object is under way', () => {
    const user = User.with('keypoints', { skeleton: BODY });
    expect(user.press('Tab').handled).toBe(false);
    user.click(5, 5);
    user.press('Tab');
    user.click(9, 9);
    expect(user.geometry()).toMatchObject({ points: [{ visibility: 'visible' }, { pointId: 'neck', visibility: 'absent' }, { pointId: 'hip', visibility: 'visible' }] });
  });

  it('Backspace undoes the last placement', () => {
    const user = User.with('keypoints', { skeleton: BODY }).click(1, 1).click(2, 2);
    user.press('Backspace');
    expect(labelText(user)).toMatchObject({ text: 'Neck' });
    user.click(3, 3).click(4, 4);
    expect(user.geometry()).toMatchObject({ points: [{ x: 1 }, { pointId: 'neck', x: 3 }, { pointId: 'hip', x: 4 }] });
  });

  it('commits nothing when no point was placed visibly', () => {
    const user = User.with('keypoints', { skeleton: BODY });
    user.press('n');
    user.press('Enter');
    expect(user.committed).toEqual([]);
    expect(user.tool.state).not.toBe('idle');
    user.press('n');
    user.press('n');
    expect(user.committed).toEqual([]);
    expect(user.tool.state).toBe('idle');
  });

  it('Escape leaves nothing behind', () => {
    const user = User.with('keypoints', { skeleton: BODY }).click(1, 1);
    user.press('Escape');
    user.press('Enter');
    expect(user.committed).toEqual([]);
    expect(user.tool.state).toBe('idle');
  });

  it('without a skeleton one click makes a single keypoint p1', () => {
    const user = User.with('keypoints').click(7, 8);
    expect(user.geometry()).toEqual({ points: [{ pointId: 'p1', x: 7, y: 8, visibility: 'visible' }] });
    expect(storable(user.last)).toBe(true);
  });
});

describe('cuboid tool', () => {
  it('cuboid gives eight corners: the front face, then the back face offset by the pointer', () => {
    const user = User.with('cuboid').drag([10, 10], [50, 40]);
    expect(user.committed).toEqual([]);
    user.move(60, 30);
    expect(kinds(user.tool.overlay())).toContain('path');
    user.click(60, 30);
    expect(user.last).toMatchObject({ tool: 'cuboid' });
    expect(user.geometry()).toEqual({
      points: [
        { x: 10, y: 10 }, { x: 50, y: 10 }, { x: 50, y: 40 }, { x: 10, y: 40 },
        { x: 20, y: 0 }, { x: 60, y: 0 }, { x: 60, y: 30 }, { x: 20, y: 30 },
      ],
    });
    expect(user.tool.state).toBe('idle');
    expect(storable(user.last)).toBe(true);
  });

  it('takes the front face by two clicks like a box', () => {
    const user = User.with('cuboid').click(10, 10).click(50, 40);
    expect(user.committed).toEqual([]);
    user.click(40, 50);
    expect((user.geometry() as { points: unknown[] }).points).toHaveLength(8);
  });

  it('a click that has not moved the back face away commits nothing', () => {
    const user = User.with('cuboid').drag([10, 10], [50, 40]);
    user.click(51, 41);
    expect(user.committed).toEqual([]);
    expect(user.tool.state).not.toBe('idle');
  });

  it('Escape leaves nothing behind, front face included', () => {
    const user = User.with('cuboid').drag([10, 10], [50, 40]);
    user.press('Escape');
    expect(user.tool.overlay()).toEqual([]);
    user.click(90, 90);
    expect(user.committed).toEqual([]);
  });
});

describe('tool choice', () => {
  it('builds the tool the template names', () => {
    for (const tool of ['box', 'polygon', 'polyline', 'point', 'keypoints', 'cuboid'] as const) {
      const made = createDrawingTool(template(tool), testDrawingContext());
      expect(made.kind).toBe(tool);
      expect(made.state).toBe('idle');
    }
  });
});
