/** The point tool: a click puts a point down; while the button is held the point follows the pointer. */
import type { Point2 } from '../../../../src-shared/model/annotation';
import { HANDLED, NOT_HANDLED, type DrawingTemplate, type DrawingTool, type OverlayShape, type ToolKey, type ToolOutcome, type ToolPointer } from './tool';

/** idle -down-> pointing -up-> commit; Escape while pointing drops it. */
export class PointTool implements DrawingTool {
  readonly kind = 'point' as const;
  private pending: Point2 | null = null;

  constructor(private readonly template: DrawingTemplate) {}

  get state(): string {
    return this.pending ? 'pointing' : 'idle';
  }

  pointerDown(p: ToolPointer): ToolOutcome {
    if (p.button !== 0) return NOT_HANDLED;
    // the first click of a double click already made the point
    if (p.double) return HANDLED;
    this.pending = { x: p.world.x, y: p.world.y };
    return HANDLED;
  }

  pointerMove(p: ToolPointer): ToolOutcome {
    if (!this.pending) return NOT_HANDLED;
    this.pending = { x: p.world.x, y: p.world.y };
    return HANDLED;
  }

  pointerUp(p: ToolPointer): ToolOutcome {
    if (p.button !== 0 || !this.pending) return NOT_HANDLED;
    const geometry = { x: p.world.x, y: p.world.y };
    this.pending = null;
    const { featureId, labelId, attributes } = this.template;
    return { ...HANDLED, commit: { featureId, labelId, attributes: structuredClone(attributes), tool: 'point', geometry } };
  }

  key(k: ToolKey): ToolOutcome {
    if (k.key !== 'Escape' || !this.pending) return NOT_HANDLED;
    this.cancel();
    return HANDLED;
  }

  overlay(): OverlayShape[] {
    return this.pending ? [{ kind: 'handle', x: this.pending.x, y: this.pending.y, active: true }] : [];
  }

  cancel(): void {
    this.pending = null;
  }
}
