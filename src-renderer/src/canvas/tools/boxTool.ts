/**
 * The box tool, and the rectangle gesture it shares with the cuboid tool's front face: two
 * clicks (corner, opposite corner) or one press-drag-release.
 */
import type { Point2 } from '../../../../src-shared/model/annotation';
import { HANDLED, NOT_HANDLED, type DrawingTemplate, type DrawingTool, type OverlayShape, type ToolKey, type ToolOutcome, type ToolPointer } from './tool';

/** A normalised rectangle: top-left corner and non-negative size, in image pixels. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A press that moves less than this many screen pixels before release is a click, not a drag. */
export const CLICK_SLOP_PX = 3;

export const distance = (a: Point2, b: Point2): number => Math.hypot(a.x - b.x, a.y - b.y);

export const rectBetween = (a: Point2, b: Point2): Rect => ({
  x: Math.min(a.x, b.x),
  y: Math.min(a.y, b.y),
  width: Math.abs(b.x - a.x),
  height: Math.abs(b.y - a.y),
});

/** The opposite corner as the pointer puts it; with shift, pulled out to a square on the longer side. */
function cornerFor(anchor: Point2, p: ToolPointer): Point2 {
  if (!p.shift) return { ...p.world };
  const dx = p.world.x - anchor.x;
  const dy = p.world.y - anchor.y;
  const side = Math.max(Math.abs(dx), Math.abs(dy));
  return { x: anchor.x + (dx < 0 ? -side : side), y: anchor.y + (dy < 0 ? -side : side) };
}

export type RectPhase = 'idle' | 'pointing' | 'dragging' | 'placing';

/** What one input did to the gesture; `done` is a finished rectangle, always of positive area. */
export interface RectStep {
  handled: boolean;
  done?: Rect;
  /** where the pointer was when the rectangle was finished */
  at?: Point2;
}

/**
 * idle -down-> pointing -move past the slop-> dragging -up-> done (or idle when it has no area);
 * pointing -up-> placing -down-> done (a second click of no area keeps placing).
 */
export class RectGesture {
  phase: RectPhase = 'idle';
  private anchor: Point2 = { x: 0, y: 0 };
  private corner: Point2 = { x: 0, y: 0 };
  /** the release of the click that finished a rectangle still belongs to this gesture */
  private finishingClick = false;

  /** The rectangle under way, or null when idle. */
  rect(): Rect | null {
    return this.phase === 'idle' ? null : rectBetween(this.anchor, this.corner);
  }

  down(p: ToolPointer): RectStep {
    if (p.button !== 0) return { handled: false };
    if (this.phase === 'placing') {
      const corner = cornerFor(this.anchor, p);
      const rect = rectBetween(this.anchor, corner);
      this.corner = corner;
      if (rect.width <= 0 || rect.height <= 0) return { handled: true };
      this.reset();
      this.finishingClick = true;
      return { handled: true, done: rect, at: corner };
    }
    if (p.double) {
      // the second press of a double click that finished a rectangle: it starts nothing
      this.finishingClick = true;
      return { handled: true };
    }
    this.anchor = { ...p.world };
    this.corner = { ...p.world };
    this.phase = 'pointing';
    return { handled: true };
  }

  move(p: ToolPointer): RectStep {
    if (this.phase === 'idle') return { handled: false };
    if (this.phase === 'pointing') {
      if (distance(this.anchor, p.world) < CLICK_SLOP_PX * p.pixelSize) return { handled: true };
      this.phase = 'dragging';
    }
    this.corner = cornerFor(this.anchor, p);
    return { handled: true };
  }

  up(p: ToolPointer): RectStep {
    if (p.button !== 0) return { handled: false };
    if (this.phase === 'pointing') {
      this.phase = 'placing';
      return { handled: true };
    }
    if (this.phase === 'dragging') {
      this.corner = cornerFor(this.anchor, p);
      const rect = rectBetween(this.anchor, this.corner);
      const at = this.corner;
      this.reset();
      return rect.width > 0 && rect.height > 0 ? { handled: true, done: rect, at } : { handled: true };
    }
    const handled = this.finishingClick || this.phase === 'placing';
    this.finishingClick = false;
    return { handled };
  }

  reset(): void {
    this.phase = 'idle';
    this.finishingClick = false;
  }
}

const outcome = (step: RectStep): ToolOutcome => (step.handled ? HANDLED : NOT_HANDLED);

/** A box: two clicks or a drag; shift keeps it square; Escape drops it. */
export class BoxTool implements DrawingTool {
  readonly kind = 'box' as const;
  private readonly gesture = new RectGesture();

  constructor(private readonly template: DrawingTemplate) {}

  get state(): string {
    return this.gesture.phase;
  }

  pointerDown(p: ToolPointer): ToolOutcome {
    return this.finish(this.gesture.down(p));
  }

  pointerMove(p: ToolPointer): ToolOutcome {
    return outcome(this.gesture.move(p));
  }

  pointerUp(p: ToolPointer): ToolOutcome {
    return this.finish(this.gesture.up(p));
  }

  key(k: ToolKey): ToolOutcome {
    if (k.key !== 'Escape' || this.gesture.phase === 'idle') return NOT_HANDLED;
    this.cancel();
    return HANDLED;
  }

  overlay(): OverlayShape[] {
    const rect = this.gesture.rect();
    if (!rect) return [];
    return [{ kind: 'rect', ...rect }];
  }

  cancel(): void {
    this.gesture.reset();
  }

  private finish(step: RectStep): ToolOutcome {
    if (!step.done) return outcome(step);
    const { featureId, labelId, attributes } = this.template;
    return { ...HANDLED, commit: { featureId, labelId, attributes: structuredClone(attributes), tool: 'box', geometry: step.done } };
  }
}
