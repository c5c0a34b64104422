/**
 * The DOM side of pointer input: listens on the canvas (pointer, wheel, contextmenu) and hands
 * on plain records in canvas CSS pixels, so the engine's gesture logic does not read events.
 * The keyboard is not listened to here on purpose: the adapter owns shortcuts (remappable) and
 * calls the engine's key().
 */
import type { Point2 } from '../../../../src-shared/model/annotation';

export interface ScreenPointer {
  /** canvas CSS pixels */
  screen: Point2;
  button: number;
  shift: boolean;
  alt: boolean;
  mod: boolean;
  double: boolean;
}

export interface PointerHandlers {
  down(p: ScreenPointer): void;
  move(p: ScreenPointer): void;
  up(p: ScreenPointer): void;
  /** the pointer was taken away (capture lost, touch cancelled) */
  cancel(): void;
  /** zoom by `factor` about a screen point */
  zoom(screen: Point2, factor: number): void;
  /** the wheel, before it zooms (deltaY in pixels): true when a tool used it (Shift+wheel sizes the brush) */
  wheel?(p: ScreenPointer, deltaY: number): boolean;
}

const DOUBLE_MS = 350;
const DOUBLE_PX = 5;
const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export function attachPointerInput(canvas: HTMLCanvasElement, h: PointerHandlers): () => void {
  let lastDown = { at: -Infinity, x: 0, y: 0 };
  let active: number | null = null;
  const read = (e: PointerEvent | MouseEvent, double = false): ScreenPointer => {
    const r = canvas.getBoundingClientRect();
    return { screen: { x: e.clientX - r.left, y: e.clientY - r.top }, button: e.button, shift: e.shiftKey, alt: e.altKey, mod: isMac ? e.metaKey : e.ctrlKey, double };
  };
  const down = (e: PointerEvent) => {
    if (active !== null) return;
    active = e.pointerId;
    canvas.setPointerCapture(e.pointerId);
    // pointerdown carries no click count; two presses close in time and place are a double click.
    const double = e.timeStamp - lastDown.at < DOUBLE_MS && Math.hypot(e.clientX - lastDown.x, e.clientY - lastDown.y) < DOUBLE_PX;
    lastDown = { at: double ? -Infinity : e.timeStamp, x: e.clientX, y: e.clientY };
    if (e.button === 1) e.preventDefault(); // no autoscroll on middle press
    h.down(read(e, double));
  };
  const move = (e: PointerEvent) => {
    if (active === null || e.pointerId === active) h.move(read(e));
  };
  const up = (e: PointerEvent) => {
    if (e.pointerId !== active) return;
    active = null;
    h.up(read(e));
  };
  const cancel = (e: PointerEvent) => {
    if (e.pointerId !== active) return;
    active = null;
    h.cancel();
  };
  const wheel = (e: WheelEvent) => {
    e.preventDefault();
    // Lines and pages are turned into pixels; a trackpad pinch arrives as ctrl+wheel in pixels.
    const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1;
    // Shift+wheel: Chromium on some systems turns it into a sideways scroll (deltaX).
    if (h.wheel?.(read(e), e.deltaY || e.deltaX)) return;
    const r = canvas.getBoundingClientRect();
    h.zoom({ x: e.clientX - r.left, y: e.clientY - r.top }, Math.exp(-e.deltaY * unit * (e.ctrlKey ? 0.01 : 0.0015)));
  };
  const menu = (e: MouseEvent) => e.preventDefault();
  canvas.addEventListener('pointerdown', down);
  canvas.addEventListener('pointermove', move);
  canvas.addEventListener('pointerup', up);
  canvas.addEventListener('pointercancel', cancel);
  canvas.addEventListener('lostpointercapture', cancel);
  canvas.addEventListener('wheel', wheel, { passive: false });
  canvas.addEventListener('contextmenu', menu);
  canvas.style.touchAction = 'none';
  return () => {
    canvas.removeEventListener('pointerdown', down);
    canvas.removeEventListener('pointermove', move);
    canvas.removeEventListener('pointerup', up);
    canvas.removeEventListener('pointercancel', cancel);
    canvas.removeEventListener('lostpointercapture', cancel);
    canvas.removeEventListener('wheel', wheel);
    canvas.removeEventListener('contextmenu', menu);
  };
}
