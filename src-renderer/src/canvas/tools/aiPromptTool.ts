/**
 * The AI polygon tool: the person shows a model what to outline and the model answers the
 * outline. A drag draws a box around the object; a click marks a point on it; a right click
 * (or Alt+click) marks a point of the background. Every change of the prompt goes to the
 * listener, which asks the model; its answer comes back as a preview, drawn dashed. Enter keeps
 * it, Backspace takes the last click (then the box) back, Escape leaves the tool. The tool only
 * gathers input and draws: asking the model and adding the object are the adapter's.
 */
import type { Point2 } from '../../../../src-shared/model/annotation';
import { CLICK_SLOP_PX, distance, rectBetween, type Rect } from './boxTool';
import { HANDLED, NOT_HANDLED, type DrawingTool, type OverlayShape, type ToolKey, type ToolOutcome, type ToolPointer } from './tool';

export interface AiPromptPoint {
  x: number;
  y: number;
  /** true: on the object; false: background */
  positive: boolean;
}

/** What the person has shown so far: a box, clicks, or both. */
export interface AiPrompt {
  box?: Rect;
  points: AiPromptPoint[];
}

export interface AiPromptListener {
  /** The prompt changed (it may now be empty: Backspace took the last of it back). */
  prompt(prompt: AiPrompt): void;
  /** Enter with an answer on screen: keep it. */
  accept(): void;
  /** Escape: leave the tool. */
  cancel(): void;
}

export const POSITIVE_COLOR = '#52c41a';
export const NEGATIVE_COLOR = '#ff4d4f';

type Press = { at: Point2; corner: Point2; button: number; alt: boolean; dragging: boolean };

/** idle -down-> pressing -move past the slop (left button)-> dragging -up-> box; pressing -up-> click. */
export class AiPromptTool implements DrawingTool {
  readonly kind = 'polygon' as const;
  private press: Press | null = null;
  private box: Rect | undefined;
  private points: AiPromptPoint[] = [];
  private previewPoints: Point2[] | null = null;
  private waiting = false;

  constructor(private readonly listener: AiPromptListener) {}

  get state(): string {
    if (this.press) return this.press.dragging ? 'dragging' : 'pressing';
    return this.box || this.points.length || this.previewPoints ? 'prompted' : 'idle';
  }

  /** The prompt as it stands. */
  prompt(): AiPrompt {
    return { ...(this.box ? { box: { ...this.box } } : {}), points: this.points.map((p) => ({ ...p })) };
  }

  /** The model's outline for the current prompt, or null; drawn dashed until kept. */
  setPreview(points: readonly Point2[] | null): void {
    this.previewPoints = points ? points.map((p) => ({ x: p.x, y: p.y })) : null;
  }

  preview(): Point2[] | null {
    return this.previewPoints;
  }

  /** An answer is awaited: a mark is drawn beside the prompt. */
  setWaiting(waiting: boolean): void {
    this.waiting = waiting;
  }

  /** Starts over for the next object (after the outline was kept). */
  clear(): void {
    this.cancel();
  }

  pointerDown(p: ToolPointer): ToolOutcome {
    if (p.button !== 0 && p.button !== 2) return NOT_HANDLED;
    // The second press of a double click would put a second point on the first.
    if (p.double) return HANDLED;
    this.press = { at: { ...p.world }, corner: { ...p.world }, button: p.button, alt: p.alt, dragging: false };
    return HANDLED;
  }

  pointerMove(p: ToolPointer): ToolOutcome {
    const press = this.press;
    if (!press) return NOT_HANDLED;
    if (!press.dragging) {
      // Only the left button draws a box; a right-button press stays a click however it wanders.
      if (press.button !== 0 || distance(press.at, p.world) < CLICK_SLOP_PX * p.pixelSize) return HANDLED;
      press.dragging = true;
    }
    press.corner = { ...p.world };
    return HANDLED;
  }

  pointerUp(p: ToolPointer): ToolOutcome {
    const press = this.press;
    if (!press || p.button !== press.button) return press ? HANDLED : NOT_HANDLED;
    this.press = null;
    if (press.dragging) {
      const rect = rectBetween(press.at, p.world);
      if (rect.width <= 0 || rect.height <= 0) return HANDLED;
      this.box = rect;
    } else {
      this.points.push({ x: press.at.x, y: press.at.y, positive: press.button === 0 && !press.alt });
    }
    this.listener.prompt(this.prompt());
    return HANDLED;
  }

  key(k: ToolKey): ToolOutcome {
    switch (k.key) {
      case 'Escape':
        this.listener.cancel();
        return HANDLED;
      case 'Enter':
        if (this.previewPoints && !this.waiting) this.listener.accept();
        return HANDLED;
      case 'Backspace':
        if (this.points.length) this.points.pop();
        else if (this.box) this.box = undefined;
        else return NOT_HANDLED;
        if (!this.box && !this.points.length) this.previewPoints = null;
        this.listener.prompt(this.prompt());
        return HANDLED;
      default:
        return NOT_HANDLED;
    }
  }

  overlay(): OverlayShape[] {
    const shapes: OverlayShape[] = [];
    if (this.previewPoints) shapes.push({ kind: 'path', points: this.previewPoints, closed: true, dashed: true });
    if (this.box) shapes.push({ kind: 'rect', ...this.box, dashed: true });
    if (this.press?.dragging) shapes.push({ kind: 'rect', ...rectBetween(this.press.at, this.press.corner) });
    for (const q of this.points) shapes.push({ kind: 'handle', x: q.x, y: q.y, color: q.positive ? POSITIVE_COLOR : NEGATIVE_COLOR });
    if (this.waiting) {
      const at = this.points.at(-1) ?? (this.box ? { x: this.box.x + this.box.width, y: this.box.y } : null);
      if (at) shapes.push({ kind: 'label', x: at.x, y: at.y, text: '…' });
    }
    return shapes;
  }

  cancel(): void {
    this.press = null;
    this.box = undefined;
    this.points = [];
    this.previewPoints = null;
    this.waiting = false;
  }
}
