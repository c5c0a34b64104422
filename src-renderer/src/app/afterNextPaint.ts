/**
 * Runs `fn` once the browser has painted the next frame (the task after that frame's
 * animation callbacks): work the user does not wait for starts after what they wait for is
 * on screen, instead of competing with it for the 2 cores.
 */
export function afterNextPaint(fn: () => void): void {
  requestAnimationFrame(() => setTimeout(fn, 0));
}
