/**
 * The edit mode when no drawing tool is active, as a state machine over pointer input in
 * image coordinates: idle; pointing (down on an object, not yet a drag); moving, resizing or
 * dragging a vertex (a preview the engine draws above the objects); empty (down on nothing:
 * the engine pans, and a release without a pan clears the selection). An edit is handed back
 * once, at pointerup, so a drag is one undo step and one journal entry however long it was.
 * It never changes objects or the selection itself: it answers what should change.
 */
import type { AnnotationObject, Point2 } from '../../../../src-shared/model/annotation';
import type { ObjectChange } from '../model/edit';
import { resizeBox, type BoxHandle } from '../geometry/boxResize';
import { insertVertex, moveVertex, removeVertex, translateObject } from '../geometry/transform';
import { edgeAt, gripAt } from './handles';
import { HANDLED, NOT_HANDLED, type ToolKey, type ToolOutcome, type ToolPointer } from './tool';

/** Screen pixels: how near a grip the pointer must be, how near an object, how far before a press is a drag. */
export const GRIP_PX = 6;
export const HIT_PX = 4;
export const DRAG_PX = 3;

/** What the select tool reads from the engine. */
export interface SelectContext {
  /** the top-most shown object under p (locked ones included) */
  hitTest(p: Point2, tolerance: number): AnnotationObject | null;
  get(id: string): AnnotationObject | undefined;
  selection(): readonly string[];
}

export interface SelectOutcome extends ToolOutcome {
  /** the new selection */
  select?: string[];
  /** one undoable edit */
  edit?: ObjectChange[];
}

type Gesture =
  | { kind: 'idle' }
  | { kind: 'empty'; shift: boolean }
  | { kind: 'pointing'; start: Point2; ids: string[] }
  | { kind: 'moving'; start: Point2; originals: AnnotationObject[]; preview: AnnotationObject[] }
  | { kind: 'resizing'; original: Extract<AnnotationObject, { tool: 'box' }>; handle: BoxHandle; drag: Drag; preview: AnnotationObject[] }
  | { kind: 'vertex'; original: AnnotationObject; base: AnnotationObject; index: number; drag: Drag; preview: AnnotationObject[] };

/**
 * Where the grabbed grip was and where the pointer went down: the grip follows the pointer's
 * movement, not the pointer itself, so a press a few pixels off a vertex does not make it jump.
 */
interface Drag {
  grip: Point2;
  start: Point2;
  /** past DRAG_PX: before that, a press and release is a click and changes nothing */
  moved?: boolean;
}
const dragging = (d: Drag, p: ToolPointer) => (d.moved ||= Math.hypot(p.world.x - d.start.x, p.world.y - d.start.y) >= DRAG_PX * p.pixelSize);
const dragTo = (d: Drag, p: Point2): Point2 => ({ x: d.grip.x + p.x - d.start.x, y: d.grip.y + p.y - d.start.y });

export class SelectTool {
  private gesture: Gesture = { kind: 'idle' };

  constructor(private readonly ctx: SelectContext) {}

  get state(): Gesture['kind'] {
    return this.gesture.kind;
  }

  /** The objects being changed, as they would be if the pointer were released now. */
  preview(): AnnotationObject[] {
    const g = this.gesture;
    return g.kind === 'moving' || g.kind === 'resizing' || g.kind === 'vertex' ? g.preview : [];
  }

  pointerDown(p: ToolPointer): SelectOutcome {
    this.gesture = { kind: 'idle' };
    if (p.button !== 0) return NOT_HANDLED;
    const selection = this.ctx.selection();
    const editable = selection.map((id) => this.ctx.get(id)).filter((o): o is AnnotationObject => !!o && !o.hidden && !o.locked);
    const gripTolerance = GRIP_PX * p.pixelSize;

    const grip = gripAt(editable, p.world, gripTolerance);
    if (grip) {
      const o = this.ctx.get(grip.id)!;
      if (grip.kind === 'box' && o.tool === 'box') {
        this.gesture = { kind: 'resizing', original: o, handle: grip.handle, drag: { grip: grip.point, start: p.world }, preview: [o] };
        return HANDLED;
      }
      if (grip.kind === 'vertex') {
        if (p.alt && (o.tool === 'polygon' || o.tool === 'polyline')) {
          const after = removeVertex(o, grip.index);
          return after === o ? HANDLED : { ...HANDLED, edit: [{ id: o.id, before: o, after }] };
        }
        this.gesture = { kind: 'vertex', original: o, base: o, index: grip.index, drag: { grip: grip.point, start: p.world }, preview: [o] };
        return HANDLED;
      }
    }

    if (p.mod) {
      const edge = edgeAt(editable, p.world, gripTolerance);
      if (edge) {
        const o = this.ctx.get(edge.id)!;
        const base = insertVertex(o, edge.index, edge.point);
        // The new vertex follows the pointer until release; insert and drag are one edit.
        this.gesture = { kind: 'vertex', original: o, base, index: edge.index + 1, drag: { grip: edge.point, start: p.world }, preview: [base] };
        return HANDLED;
      }
    }

    const hit = this.ctx.hitTest(p.world, HIT_PX * p.pixelSize);
    if (!hit) {
      this.gesture = { kind: 'empty', shift: p.shift };
      return NOT_HANDLED;
    }
    if (p.shift) {
      const select = selection.includes(hit.id) ? selection.filter((id) => id !== hit.id) : [...selection, hit.id];
      return { ...HANDLED, select };
    }
    const ids = selection.includes(hit.id) ? [...selection] : [hit.id];
    this.gesture = { kind: 'pointing', start: p.world, ids };
    return selection.includes(hit.id) ? HANDLED : { ...HANDLED, select: ids };
  }

  pointerMove(p: ToolPointer): SelectOutcome {
    const g = this.gesture;
    switch (g.kind) {
      case 'pointing': {
        if (Math.hypot(p.world.x - g.start.x, p.world.y - g.start.y) < DRAG_PX * p.pixelSize) return { handled: true };
        // Locked objects stay selected but do not move.
        const originals = g.ids.map((id) => this.ctx.get(id)).filter((o): o is AnnotationObject => !!o && !o.hidden && !o.locked);
        if (!originals.length) return { handled: true };
        this.gesture = { kind: 'moving', start: g.start, originals, preview: originals };
        return this.pointerMove(p);
      }
      case 'moving':
        g.preview = g.originals.map((o) => translateObject(o, p.world.x - g.start.x, p.world.y - g.start.y));
        return HANDLED;
      case 'resizing':
        if (!dragging(g.drag, p)) return { handled: true };
        g.preview = [{ ...g.original, geometry: resizeBox(g.original.geometry, g.handle, dragTo(g.drag, p.world)) }];
        return HANDLED;
      case 'vertex':
        if (!dragging(g.drag, p)) return { handled: true };
        g.preview = [moveVertex(g.base, g.index, dragTo(g.drag, p.world))];
        return HANDLED;
      default:
        return NOT_HANDLED;
    }
  }

  pointerUp(p: ToolPointer): SelectOutcome {
    const g = this.gesture;
    this.gesture = { kind: 'idle' };
    switch (g.kind) {
      case 'empty':
        return g.shift ? NOT_HANDLED : { ...HANDLED, select: [] };
      case 'pointing':
        return { handled: true };
      case 'moving':
      case 'resizing':
      case 'vertex': {
        const last = this.withPointer(g, p);
        const originals = g.kind === 'moving' ? g.originals : [g.original];
        const edit = last.map((after, i) => ({ id: after.id, before: originals[i]!, after })).filter((c) => c.before !== c.after);
        return edit.length ? { ...HANDLED, edit } : HANDLED;
      }
      default:
        return NOT_HANDLED;
    }
  }

  /** Escape drops a drag under way (the objects go back where they were). */
  key(k: ToolKey): SelectOutcome {
    if (k.key === 'Escape' && this.gesture.kind !== 'idle') {
      this.cancel();
      return HANDLED;
    }
    return NOT_HANDLED;
  }

  /** Drops whatever is under way; the engine calls it when a press on empty space became a pan. */
  cancel(): void {
    this.gesture = { kind: 'idle' };
  }

  /** The preview at the release position (the last move may not have reached it). */
  private withPointer(g: Extract<Gesture, { preview: AnnotationObject[] }>, p: ToolPointer): AnnotationObject[] {
    this.gesture = g;
    this.pointerMove(p);
    const preview = this.preview();
    this.gesture = { kind: 'idle' };
    return preview;
  }
}
