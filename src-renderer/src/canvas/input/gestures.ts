/**
 * What a pointer press becomes, and where its moves and release go: a pan of the view (middle
 * button, Space held, or a left drag no tool took), or the active tool's input (the drawing
 * tool's, else the select tool's). A left press on empty space in select mode waits: once it has
 * travelled CLICK_SLOP_PX it pans (and the select tool's press is cancelled); released before
 * that, the select tool hears the release as a click (which clears the selection).
 * A drawing tool also sees moves without a press (the rubber band to the next vertex).
 */
import type { Point2 } from '../../../../src-shared/model/annotation';
import type { SelectOutcome, SelectTool } from '../tools/selectTool';
import type { DrawingTool, ToolOutcome, ToolPointer } from '../tools/tool';
import type { Viewport } from '../view/viewport';
import type { PointerHandlers, ScreenPointer } from './pointerInput';

/** Screen pixels a press must travel before it is a pan rather than a click. */
const CLICK_SLOP_PX = 3;

/** The tools gestures drive, and what the engine does with their answers. */
export interface GestureTarget {
  readonly select: SelectTool;
  /** the drawing tool, or null while selecting (read at each step: a listener may switch it) */
  drawing(): DrawingTool | null;
  afterDrawing(out: ToolOutcome): void;
  afterSelect(out: SelectOutcome): void;
  /** the gestures panned or zoomed the viewport */
  viewChanged(): void;
}

type Gesture = { kind: 'none' } | { kind: 'tool' } | { kind: 'pan'; start: Point2; last: Point2; moved: boolean; emptyClick: boolean };

export class PointerGestures implements PointerHandlers {
  /** Space is held (the engine's key() and keyUp() say so): a left drag pans. */
  spaceHeld = false;
  private gesture: Gesture = { kind: 'none' };

  constructor(
    private readonly vp: Viewport,
    private readonly target: GestureTarget,
  ) {}

  down(p: ScreenPointer): void {
    const { select } = this.target;
    const tp = this.toolPointer(p);
    const startPan = (emptyClick: boolean) => (this.gesture = { kind: 'pan', start: p.screen, last: p.screen, moved: false, emptyClick });
    if (p.button === 1 || (this.spaceHeld && p.button === 0)) return void startPan(false);
    const drawing = this.target.drawing();
    const out = drawing ? drawing.pointerDown(tp) : select.pointerDown(tp);
    if (drawing) this.target.afterDrawing(out);
    else this.target.afterSelect(out);
    if (out.handled) this.gesture = { kind: 'tool' };
    else if (p.button === 0) startPan(!this.target.drawing() && select.state === 'empty');
  }

  move(p: ScreenPointer): void {
    const g = this.gesture;
    if (g.kind === 'pan') {
      if (!g.moved && Math.hypot(p.screen.x - g.start.x, p.screen.y - g.start.y) < CLICK_SLOP_PX) return;
      if (!g.moved && g.emptyClick) this.target.select.cancel();
      g.moved = true;
      this.vp.panBy(p.screen.x - g.last.x, p.screen.y - g.last.y);
      g.last = p.screen;
      this.target.viewChanged();
      return;
    }
    const drawing = this.target.drawing();
    if (drawing) this.target.afterDrawing(drawing.pointerMove(this.toolPointer(p)));
    else if (g.kind === 'tool') this.target.afterSelect(this.target.select.pointerMove(this.toolPointer(p)));
  }

  up(p: ScreenPointer): void {
    const g = this.gesture;
    this.gesture = { kind: 'none' };
    if (g.kind === 'pan') {
      if (!g.moved && g.emptyClick) this.target.afterSelect(this.target.select.pointerUp(this.toolPointer(p)));
      return;
    }
    if (g.kind !== 'tool') return;
    const drawing = this.target.drawing();
    if (drawing) this.target.afterDrawing(drawing.pointerUp(this.toolPointer(p)));
    else this.target.afterSelect(this.target.select.pointerUp(this.toolPointer(p)));
  }

  cancel(): void {
    this.gesture = { kind: 'none' };
    this.target.select.cancel();
    this.target.afterSelect({ handled: true, repaint: true });
  }

  wheel(p: ScreenPointer, deltaY: number): boolean {
    const drawing = this.target.drawing();
    if (!drawing?.wheel) return false;
    const out = drawing.wheel(this.toolPointer(p), deltaY);
    this.target.afterDrawing(out);
    return out.handled;
  }

  zoom(screen: Point2, factor: number): void {
    this.vp.zoomAt(screen, factor);
    this.target.viewChanged();
  }

  private toolPointer(p: ScreenPointer): ToolPointer {
    return { world: this.vp.toWorld(p.screen), button: p.button, shift: p.shift, alt: p.alt, mod: p.mod, pixelSize: this.vp.pixelSize, double: p.double };
  }
}
