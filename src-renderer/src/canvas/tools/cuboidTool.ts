/**
 * The cuboid tool: the front face as a box (two clicks or a drag), then the pointer pulls the
 * back face (the same size) away from it, and a click puts it down.
 */
import type { Point2 } from '../../../../src-shared/model/annotation';
import { CLICK_SLOP_PX, distance, RectGesture, type Rect, type RectStep } from './boxTool';
import { HANDLED, NOT_HANDLED, type DrawingTemplate, type DrawingTool, type OverlayShape, type ToolKey, type ToolOutcome, type ToolPointer } from './tool';

/** A face's corners clockwise from top-left, the order the cuboid geometry keeps. */
const corners = (r: Rect, dx = 0, dy = 0): Point2[] => [
  { x: r.x + dx, y: r.y + dy },
  { x: r.x + r.width + dx, y: r.y + dy },
  { x: r.x + r.width + dx, y: r.y + r.height + dy },
  { x: r.x + dx, y: r.y + r.height + dy },
];

export class CuboidTool implements DrawingTool {
  readonly kind = 'cuboid' as const;
  private readonly front = new RectGesture();
  /** set once the front face is down: the face and where the pointer was then */
  private face: { rect: Rect; from: Point2 } | null = null;
  private pointer: Point2 = { x: 0, y: 0 };

  constructor(private readonly template: DrawingTemplate) {}

  get state(): string {
    return this.face ? 'back' : this.front.phase;
  }

  pointerDown(p: ToolPointer): ToolOutcome {
    if (!this.face) return this.afterFront(this.front.down(p));
    if (p.button !== 0) return NOT_HANDLED;
    this.pointer = { ...p.world };
    // A click where the front face was finished would make a flat cuboid no one can see: keep waiting.
    if (distance(this.face.from, p.world) < CLICK_SLOP_PX * p.pixelSize) return HANDLED;
    const points = this.points();
    this.cancel();
    const { featureId, labelId, attributes } = this.template;
    return { ...HANDLED, commit: { featureId, labelId, attributes: structuredClone(attributes), tool: 'cuboid', geometry: { points } } };
  }

  pointerMove(p: ToolPointer): ToolOutcome {
    if (!this.face) return this.front.move(p).handled ? HANDLED : NOT_HANDLED;
    this.pointer = { ...p.world };
    return HANDLED;
  }

  pointerUp(p: ToolPointer): ToolOutcome {
    if (!this.face) return this.afterFront(this.front.up(p));
    // the release of the click that finished the front face, or of a click too close to commit
    return p.button === 0 ? { handled: true } : NOT_HANDLED;
  }

  key(k: ToolKey): ToolOutcome {
    if (k.key !== 'Escape' || this.state === 'idle') return NOT_HANDLED;
    this.cancel();
    return HANDLED;
  }

  overlay(): OverlayShape[] {
    if (!this.face) {
      const rect = this.front.rect();
      return rect ? [{ kind: 'rect', ...rect }] : [];
    }
    const points = this.points();
    const front = points.slice(0, 4);
    const back = points.slice(4);
    const edges = front.map((f, i): OverlayShape => ({ kind: 'path', points: [f, back[i] ?? f], closed: false }));
    return [{ kind: 'path', points: back, closed: true, dashed: true }, ...edges, { kind: 'path', points: front, closed: true }];
  }

  cancel(): void {
    this.front.reset();
    this.face = null;
  }

  private afterFront(step: RectStep): ToolOutcome {
    if (!step.done || !step.at) return step.handled ? HANDLED : NOT_HANDLED;
    this.face = { rect: step.done, from: step.at };
    this.pointer = step.at;
    return HANDLED;
  }

  /** Front face then back face, each clockwise from top-left. */
  private points(): Point2[] {
    if (!this.face) return [];
    const { rect, from } = this.face;
    return [...corners(rect), ...corners(rect, this.pointer.x - from.x, this.pointer.y - from.y)];
  }
}
