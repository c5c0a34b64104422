/**
 * The polygon tool, and the vertex-by-vertex drawing it shares with the polyline tool: a click
 * adds a vertex, shift-drag adds them freehand, Backspace takes the last one back, Enter or a
 * double click finishes; a polygon also closes by a click on its first vertex.
 */
import { ANNOTATION_LIMITS, type AnnotationTool, type Point2 } from '../../../../src-shared/model/annotation';
import { distance } from './boxTool';
import { HANDLED, NOT_HANDLED, type DrawingTemplate, type DrawingTool, type OverlayShape, type ToolKey, type ToolOutcome, type ToolPointer } from './tool';

/** A click this close to the first vertex (in screen pixels) closes the polygon. */
export const CLOSE_RADIUS_PX = 8;
/** Freehand vertices are at least this far apart (in screen pixels). */
export const FREEHAND_SPACING_PX = 4;

const same = (a: Point2, b: Point2) => a.x === b.x && a.y === b.y;
const repeatsFirst = (points: readonly Point2[]) => {
  const first = points[0];
  const last = points[points.length - 1];
  return first !== undefined && last !== undefined && same(first, last);
};
const distinctCount = (points: readonly Point2[]) => new Set(points.map((p) => `${p.x},${p.y}`)).size;

/** idle -click-> drawing (-click/shift-drag-> drawing) -Enter/double click/first vertex-> commit. */
export class PathTool implements DrawingTool {
  private points: Point2[] = [];
  private pointer: Point2 | null = null;
  private pixelSize = 1;
  /** the primary button is down over this tool (a click or a freehand stroke under way) */
  private pressed = false;

  constructor(
    readonly kind: Extract<AnnotationTool, 'polygon' | 'polyline'>,
    private readonly template: DrawingTemplate,
  ) {}

  private get closed(): boolean {
    return this.kind === 'polygon';
  }

  /** fewest distinct points the shape needs: a polygon needs an area, a polyline a length */
  private get minimum(): number {
    return this.closed ? 3 : 2;
  }

  get state(): string {
    return this.points.length === 0 ? 'idle' : 'drawing';
  }

  pointerDown(p: ToolPointer): ToolOutcome {
    if (p.button !== 0) return NOT_HANDLED;
    this.track(p);
    const outcome = this.press(p);
    // set after a finish cleared it: the release that follows belongs to this click
    this.pressed = true;
    return outcome;
  }

  private press(p: ToolPointer): ToolOutcome {
    // a double click finishes; one that lands after the shape was closed starts nothing
    if (p.double) return this.points.length > 0 ? this.finish() : HANDLED;
    if (this.nearFirst(p)) return this.canFinish() ? this.finish() : HANDLED;
    this.add(p.world);
    return HANDLED;
  }

  pointerMove(p: ToolPointer): ToolOutcome {
    this.track(p);
    if (this.points.length === 0) return NOT_HANDLED;
    const last = this.points[this.points.length - 1];
    if (this.pressed && p.shift && last && distance(last, p.world) >= FREEHAND_SPACING_PX * p.pixelSize) this.add(p.world);
    return HANDLED;
  }

  pointerUp(p: ToolPointer): ToolOutcome {
    if (p.button !== 0) return NOT_HANDLED;
    const wasPressed = this.pressed;
    this.pressed = false;
    return wasPressed || this.points.length > 0 ? { handled: true } : NOT_HANDLED;
  }

  key(k: ToolKey): ToolOutcome {
    if (this.points.length === 0) return NOT_HANDLED;
    switch (k.key) {
      case 'Enter':
        return this.finish();
      case 'Backspace':
        this.points.pop();
        return HANDLED;
      case 'Escape':
        this.cancel();
        return HANDLED;
      default:
        return NOT_HANDLED;
    }
  }

  overlay(): OverlayShape[] {
    const first = this.points[0];
    const last = this.points[this.points.length - 1];
    if (!first || !last) return [];
    const shapes: OverlayShape[] = [{ kind: 'path', points: this.points.map((p) => ({ ...p })), closed: false }];
    if (this.pointer) {
      const band = [last, this.pointer];
      // the polygon's closing side, so the shape it would make is plain before it is finished
      if (this.closed && this.points.length > 1) band.push(first);
      shapes.push({ kind: 'path', points: band.map((p) => ({ ...p })), closed: false, dashed: true });
    }
    if (this.closed) {
      const active = this.pointer !== null && this.canFinish() && distance(first, this.pointer) <= CLOSE_RADIUS_PX * this.pixelSize;
      shapes.push({ kind: 'handle', x: first.x, y: first.y, active });
    }
    return shapes;
  }

  cancel(): void {
    this.points = [];
    this.pressed = false;
  }

  private track(p: ToolPointer): void {
    this.pointer = { ...p.world };
    this.pixelSize = p.pixelSize;
  }

  private nearFirst(p: ToolPointer): boolean {
    const first = this.points[0];
    return this.closed && this.points.length > 1 && first !== undefined && distance(first, p.world) <= CLOSE_RADIUS_PX * p.pixelSize;
  }

  /** Appends a vertex unless it repeats the last one or the shape is full. */
  private add(point: Point2): void {
    const last = this.points[this.points.length - 1];
    if ((last && same(last, point)) || this.points.length >= ANNOTATION_LIMITS.pointsPerShape) return;
    this.points.push({ x: point.x, y: point.y });
  }

  private canFinish(): boolean {
    return distinctCount(this.points) >= this.minimum;
  }

  /** Commits the shape when it has enough distinct points; otherwise drawing goes on. */
  private finish(): ToolOutcome {
    if (!this.canFinish()) return HANDLED;
    const points = this.points;
    // a freehand stroke that ends on the first vertex would repeat it as the last
    while (this.closed && points.length > 3 && repeatsFirst(points)) points.pop();
    this.cancel();
    const { featureId, labelId, attributes } = this.template;
    return { ...HANDLED, commit: { featureId, labelId, attributes: structuredClone(attributes), tool: this.kind, geometry: { points } } };
  }
}

export class PolygonTool extends PathTool {
  constructor(template: DrawingTemplate) {
    super('polygon', template);
  }
}
