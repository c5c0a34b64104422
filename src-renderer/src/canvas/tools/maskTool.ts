/**
 * The mask tool: a round brush that paints a label's mask, an eraser, and a fill of an area the
 * mask encloses. Each stroke (press to release) or fill is one undoable edit, of every mask it
 * changed: the mask painted into and, under the overlap rule, the masks that gave up pixels.
 *
 * - Brush: paints into the selected mask when it is of this label (and not locked or hidden),
 *   else starts a new mask, which is then selected, so the next strokes add to it. Enter or
 *   Escape lets go of it: the next stroke starts another mask.
 * - Overlap rule (MaskBrush.takeOthers): on, the stroke's pixels leave every other visible,
 *   unlocked mask (a mask left with none is removed); off, the stroke paints only where no other
 *   visible mask is. Locked masks always keep their pixels.
 * - Eraser: takes the stroke's pixels out of the selected masks, or with none selected out of
 *   every visible, unlocked mask it crosses.
 * - Fill: fills the area around the click that the selected mask (or the topmost mask whose box
 *   holds the click) encloses; an area open to the mask's edge is not filled, and says why.
 *
 * Pixels are those of the picture: a stroke past its edge is cut at the edge.
 */
import type { AnnotationObject, MaskGeometry, Point2 } from '../../../../src-shared/model/annotation';
import { fillEnclosed } from '../../../../src-shared/mask/fill';
import { clipRegion, geometryOfRegion, regionOfGeometry, regionsOverlap, subtractRegion, unionRegions, type MaskRegion } from '../../../../src-shared/mask/region';
import { patchGeometry } from '../../../../src-shared/mask/patch';
import { rasterizeStroke } from '../../../../src-shared/mask/stroke';
import type { ObjectsChange } from '../model/objectsChange';
import { HANDLED, NOT_HANDLED, type DrawingContext, type DrawingTemplate, type DrawingTool, type OverlayShape, type ToolKey, type ToolOutcome, type ToolPointer } from './tool';

type MaskObject = Extract<AnnotationObject, { tool: 'mask' }>;
const isMask = (o: AnnotationObject): o is MaskObject => o.tool === 'mask';
const editable = (o: MaskObject) => !o.locked && !o.hidden;

/** Screen pixels a pointer must move before the stroke takes another point. */
const POINT_SPACING_PX = 1.5;

export class MaskTool implements DrawingTool {
  readonly kind = 'mask' as const;
  private stroke: Point2[] | null = null;
  private hover: Point2 | null = null;

  constructor(
    private readonly template: DrawingTemplate,
    private readonly ctx: DrawingContext,
  ) {}

  get state(): string {
    return this.stroke ? 'drawing' : 'idle';
  }

  pointerDown(p: ToolPointer): ToolOutcome {
    if (p.button !== 0) return NOT_HANDLED;
    this.hover = p.world;
    if (this.ctx.brush.get().mode === 'fill') return this.fill(p.world);
    this.stroke = [{ x: p.world.x, y: p.world.y }];
    return HANDLED;
  }

  pointerMove(p: ToolPointer): ToolOutcome {
    this.hover = p.world;
    if (!this.stroke) return { handled: false, repaint: this.ctx.brush.get().mode !== 'fill' };
    const last = this.stroke[this.stroke.length - 1]!;
    if (Math.hypot(p.world.x - last.x, p.world.y - last.y) >= POINT_SPACING_PX * p.pixelSize) this.stroke.push({ x: p.world.x, y: p.world.y });
    return HANDLED;
  }

  pointerUp(p: ToolPointer): ToolOutcome {
    if (p.button !== 0 || !this.stroke) return NOT_HANDLED;
    const points = this.stroke;
    this.stroke = null;
    const { mode, radius } = this.ctx.brush.get();
    const region = this.clip(rasterizeStroke(points, radius));
    if (!region) return HANDLED;
    return mode === 'eraser' ? this.erase(region) : this.paint(region);
  }

  key(k: ToolKey): ToolOutcome {
    // (The mode and the size have keys of the workspace's keymap, which the user can remap.)
    if (k.key === 'Escape' && this.stroke) {
      this.cancel();
      return HANDLED;
    }
    // Let go of the mask in hand: the next stroke starts a new one.
    if ((k.key === 'Enter' || k.key === 'Escape') && this.target()) return { ...HANDLED, select: [] };
    return NOT_HANDLED;
  }

  wheel(p: ToolPointer, deltaY: number): ToolOutcome {
    if (!p.shift || deltaY === 0) return NOT_HANDLED;
    this.ctx.brush.resize(deltaY < 0 ? 1 : -1);
    this.hover = p.world;
    return HANDLED;
  }

  overlay(): OverlayShape[] {
    const { mode, radius } = this.ctx.brush.get();
    const erase = mode === 'eraser';
    const shapes: OverlayShape[] = [];
    if (this.stroke) shapes.push({ kind: 'stroke', points: this.stroke, radius, erase });
    if (this.hover && mode !== 'fill') shapes.push({ kind: 'brush', x: this.hover.x, y: this.hover.y, radius, erase });
    return shapes;
  }

  cancel(): void {
    this.stroke = null;
  }

  /** The selected mask this label paints into, if there is one. */
  private target(): MaskObject | null {
    const ids = this.ctx.selection();
    if (ids.length !== 1) return null;
    const o = this.ctx.objects().find((x) => x.id === ids[0]);
    return o && isMask(o) && editable(o) && o.featureId === this.template.featureId && o.labelId === this.template.labelId ? o : null;
  }

  private clip(region: MaskRegion): MaskRegion | null {
    const { width, height } = this.ctx.frameSize();
    return width > 0 && height > 0 ? clipRegion(region, width, height) : region;
  }

  private paint(stroke: MaskRegion): ToolOutcome {
    const { takeOthers } = this.ctx.brush.get();
    const target = this.target();
    const others = this.ctx.objects().filter((o): o is MaskObject => isMask(o) && o.id !== target?.id && !o.hidden);
    const replace: AnnotationObject[] = [];
    const remove: string[] = [];
    // First what the stroke may not paint (every mask that keeps its pixels), then what it takes.
    let paint = stroke;
    for (const o of others) {
      if ((takeOthers && !o.locked) || !boxesMeet(o.geometry, paint)) continue;
      const theirs = regionOfGeometry(o.geometry);
      if (regionsOverlap(theirs, paint)) paint = subtractRegion(paint, theirs);
    }
    for (const o of takeOthers ? others : []) {
      if (o.locked || !boxesMeet(o.geometry, paint)) continue;
      const left = without(o.geometry, paint);
      if (left === o.geometry) continue;
      if (left) replace.push({ ...o, geometry: left });
      else remove.push(o.id);
    }
    const geometry = target ? withStroke(target.geometry, paint) : geometryOfRegion(paint);
    if (!geometry) return { ...HANDLED, notice: 'mask.notice.nothingFree' };
    const change: ObjectsChange = { replace, remove };
    if (target) {
      if (sameGeometry(target.geometry, geometry) && !replace.length && !remove.length) return HANDLED;
      replace.push({ ...target, geometry });
      return { ...HANDLED, change, select: [target.id] };
    }
    const id = this.ctx.newId();
    const { featureId, labelId, attributes } = this.template;
    const created = { id, featureId, labelId, attributes: structuredClone(attributes), tool: 'mask', geometry, zIndex: 0, source: 'manual' } as MaskObject;
    return { ...HANDLED, change: { ...change, add: [created] }, select: [id] };
  }

  private erase(stroke: MaskRegion): ToolOutcome {
    const selected = new Set(this.ctx.selection());
    const masks = this.ctx.objects().filter((o): o is MaskObject => isMask(o) && editable(o));
    const chosen = masks.filter((o) => selected.has(o.id));
    const replace: AnnotationObject[] = [];
    const remove: string[] = [];
    for (const o of chosen.length ? chosen : masks) {
      if (!boxesMeet(o.geometry, stroke)) continue;
      const left = without(o.geometry, stroke);
      if (left === o.geometry) continue;
      if (left) replace.push({ ...o, geometry: left });
      else remove.push(o.id);
    }
    if (!replace.length && !remove.length) return HANDLED;
    return { ...HANDLED, change: { replace, remove } };
  }

  private fill(at: Point2): ToolOutcome {
    const px = Math.floor(at.x);
    const py = Math.floor(at.y);
    const holds = (o: MaskObject) => px >= o.geometry.x && py >= o.geometry.y && px < o.geometry.x + o.geometry.width && py < o.geometry.y + o.geometry.height;
    const masks = this.ctx.objects().filter((o): o is MaskObject => isMask(o) && editable(o));
    const selected = new Set(this.ctx.selection());
    const target = masks.find((o) => selected.has(o.id) && holds(o)) ?? [...masks].reverse().find(holds);
    if (!target) return { ...HANDLED, notice: 'mask.notice.fillNoMask' };
    const filled = fillEnclosed(regionOfGeometry(target.geometry), px, py);
    if (filled === 'set') return HANDLED;
    if (filled === 'open') return { ...HANDLED, notice: 'mask.notice.fillOpen' };
    const geometry = geometryOfRegion(filled);
    if (!geometry) return HANDLED;
    return { ...HANDLED, change: { replace: [{ ...target, geometry }] }, select: [target.id] };
  }
}

const boxesMeet = (g: MaskGeometry, r: MaskRegion) => g.x < r.x + r.width && r.x < g.x + g.width && g.y < r.y + r.height && r.y < g.y + g.height;

/**
 * The mask without the stroke's pixels (the same geometry when it had none of them, null when
 * none are left): patched in the stroke's columns where the box cannot change, else done whole.
 */
function without(g: MaskGeometry, stroke: MaskRegion): MaskGeometry | null {
  const patched = patchGeometry(g, stroke, 'subtract');
  if (patched !== 'whole') return patched;
  const theirs = regionOfGeometry(g);
  return regionsOverlap(theirs, stroke) ? geometryOfRegion(subtractRegion(theirs, stroke)) : g;
}

/** The mask with the stroke's pixels added, patched where the stroke stays inside its box. */
function withStroke(g: MaskGeometry, stroke: MaskRegion): MaskGeometry | null {
  const patched = patchGeometry(g, stroke, 'union');
  return patched !== 'whole' ? patched : geometryOfRegion(unionRegions(regionOfGeometry(g), stroke));
}

const sameGeometry = (a: MaskGeometry, b: MaskGeometry) => a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height && a.rle === b.rle;
