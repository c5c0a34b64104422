/**
 * The keypoints tool: the skeleton's points are placed in order, one click each (alt-click: the
 * point is there but hidden), `n` or Tab skips one as absent, Backspace takes the last back and
 * Enter finishes early with the rest absent. Without a skeleton it places one point, `p1`.
 */
import type { AnnotationObject, Point2 } from '../../../../src-shared/model/annotation';
import type { Skeleton } from '../../../../src-shared/model/ontology';
import { HANDLED, NOT_HANDLED, type DrawingTemplate, type DrawingTool, type OverlayShape, type ToolKey, type ToolOutcome, type ToolPointer } from './tool';

type Keypoint = Extract<AnnotationObject, { tool: 'keypoints' }>['geometry']['points'][number];

/** What a keypoints feature without a skeleton places. */
export const SINGLE_POINT_SKELETON: Skeleton = { points: [{ id: 'p1', name: 'p1' }], edges: [] };
/** The next point's name sits this far (screen pixels) right of and below the pointer, clear of the cursor. */
const LABEL_OFFSET_PX = 12;

const shown = (k: Keypoint | undefined): k is Keypoint => k !== undefined && k.visibility !== 'absent';

/** idle -click/n-> placing -click/n ... last point, or Enter-> commit (when one point is shown). */
export class KeypointsTool implements DrawingTool {
  readonly kind = 'keypoints' as const;
  private readonly skeleton: Skeleton;
  private placed: Keypoint[] = [];
  private pointer: Point2 | null = null;
  private pixelSize = 1;
  /** the release of a click this tool took still belongs to it, even after the click finished the object */
  private pressed = false;

  constructor(private readonly template: DrawingTemplate) {
    this.skeleton = template.skeleton && template.skeleton.points.length > 0 ? template.skeleton : SINGLE_POINT_SKELETON;
  }

  get state(): string {
    return this.placed.length === 0 ? 'idle' : 'placing';
  }

  pointerDown(p: ToolPointer): ToolOutcome {
    if (p.button !== 0) return NOT_HANDLED;
    this.track(p);
    this.pressed = true;
    return this.place({ x: p.world.x, y: p.world.y }, p.alt ? 'occluded' : 'visible');
  }

  pointerMove(p: ToolPointer): ToolOutcome {
    this.track(p);
    // idle, the move is still the engine's; the next point's name follows the pointer all the same
    return this.placed.length === 0 ? { handled: false, repaint: true } : HANDLED;
  }

  pointerUp(p: ToolPointer): ToolOutcome {
    if (p.button !== 0 || !this.pressed) return NOT_HANDLED;
    this.pressed = false;
    return { handled: true };
  }

  key(k: ToolKey): ToolOutcome {
    const underWay = this.placed.length > 0;
    if (!k.mod && (k.key === 'n' || k.key === 'N' || (k.key === 'Tab' && !k.shift && underWay))) return this.skip();
    if (!underWay) return NOT_HANDLED;
    switch (k.key) {
      case 'Enter':
        return this.finish(true);
      case 'Backspace':
        this.placed.pop();
        return HANDLED;
      case 'Escape':
        this.cancel();
        return HANDLED;
      default:
        return NOT_HANDLED;
    }
  }

  overlay(): OverlayShape[] {
    const shapes: OverlayShape[] = [];
    for (const { from, to } of this.skeleton.edges) {
      const a = this.placed[from];
      const b = this.placed[to];
      if (!shown(a) || !shown(b)) continue;
      const dashed = a.visibility === 'occluded' || b.visibility === 'occluded';
      shapes.push({ kind: 'path', points: [{ x: a.x, y: a.y }, { x: b.x, y: b.y }], closed: false, dashed });
    }
    for (const k of this.placed) if (shown(k)) shapes.push({ kind: 'handle', x: k.x, y: k.y });
    const next = this.skeleton.points[this.placed.length];
    const at = this.pointer ?? this.placed[this.placed.length - 1];
    if (next && at) {
      const offset = LABEL_OFFSET_PX * this.pixelSize;
      shapes.push({ kind: 'label', x: at.x + offset, y: at.y + offset, text: next.name });
    }
    return shapes;
  }

  cancel(): void {
    this.placed = [];
    this.pressed = false;
  }

  private track(p: ToolPointer): void {
    this.pointer = { x: p.world.x, y: p.world.y };
    this.pixelSize = p.pixelSize;
  }

  /** An absent point has no position of its own: it sits on the last placed one (or the origin). */
  private skip(): ToolOutcome {
    const last = this.placed[this.placed.length - 1];
    return this.place({ x: last?.x ?? 0, y: last?.y ?? 0 }, 'absent');
  }

  private place(at: Point2, visibility: Keypoint['visibility']): ToolOutcome {
    const next = this.skeleton.points[this.placed.length];
    if (!next) return HANDLED;
    this.placed.push({ pointId: next.id, x: at.x, y: at.y, visibility });
    return this.placed.length === this.skeleton.points.length ? this.finish(false) : HANDLED;
  }

  /**
   * Commits with the points not placed yet absent. With no point shown there is nothing to keep:
   * Enter leaves the object under way, the last skip drops it.
   */
  private finish(early: boolean): ToolOutcome {
    if (!this.placed.some((k) => shown(k))) {
      if (!early) this.placed = [];
      return HANDLED;
    }
    const last = this.placed[this.placed.length - 1];
    const rest = this.skeleton.points
      .slice(this.placed.length)
      .map((s): Keypoint => ({ pointId: s.id, x: last?.x ?? 0, y: last?.y ?? 0, visibility: 'absent' }));
    const points = [...this.placed, ...rest];
    this.placed = [];
    const { featureId, labelId, attributes } = this.template;
    return { ...HANDLED, commit: { featureId, labelId, attributes: structuredClone(attributes), tool: 'keypoints', geometry: { points } } };
  }
}
