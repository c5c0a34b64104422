/**
 * The mask brush's settings: what a press does (paint, erase, fill an enclosed area), the
 * brush's radius in image pixels, and the overlap rule (whether a stroke takes the pixels of
 * other masks it crosses, or leaves them theirs). One per workspace, shared by every mask label,
 * changed from the toolbar and from the keyboard ([ and ], Shift+wheel); listeners hear changes.
 */
import { Emitter } from '../emitter';

export const MASK_MODES = ['brush', 'eraser', 'fill'] as const;
export type MaskMode = (typeof MASK_MODES)[number];

export interface MaskBrushState {
  mode: MaskMode;
  /** image pixels */
  radius: number;
  /** a stroke over another mask takes its pixels (true) or paints only where no other mask is (false) */
  takeOthers: boolean;
}

export const BRUSH_RADIUS = { min: 1, max: 500, initial: 12 } as const;
/** Each step of [ ] or of the wheel changes the radius by this factor (and by at least a pixel). */
const STEP = 1.2;

export class MaskBrush {
  private state: MaskBrushState;
  private readonly events = new Emitter<{ change: MaskBrushState }>();

  constructor(initial: Partial<MaskBrushState> = {}) {
    this.state = { mode: 'brush', radius: BRUSH_RADIUS.initial, takeOthers: true, ...initial };
  }

  get(): MaskBrushState {
    return this.state;
  }

  set(patch: Partial<MaskBrushState>): void {
    const next = { ...this.state, ...patch };
    next.radius = Math.round(Math.min(BRUSH_RADIUS.max, Math.max(BRUSH_RADIUS.min, next.radius)));
    if (next.mode === this.state.mode && next.radius === this.state.radius && next.takeOthers === this.state.takeOthers) return;
    this.state = next;
    this.events.emit('change', next);
  }

  /** A bigger (steps > 0) or smaller brush, step by step. */
  resize(steps: number): void {
    let r = this.state.radius;
    for (let i = 0; i < Math.abs(steps); i++) r = steps > 0 ? Math.max(r + 1, r * STEP) : Math.min(r - 1, r / STEP);
    this.set({ radius: r });
  }

  onChange(listener: (state: MaskBrushState) => void): () => void {
    return this.events.on('change', listener);
  }
}
