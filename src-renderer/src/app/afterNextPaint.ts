/** A hidden page paints no frames (no animation callbacks run): the work starts after this anyway. */
const HIDDEN_PAGE_MS = 500;

/**
 * Runs `fn` once the browser has painted the next frame (the task after that frame's
 * animation callbacks): work the user does not wait for starts after what they wait for is
 * on screen, instead of competing with it for the 2 cores. In a hidden page (a minimised
 * window, a tab in the background) it runs after HIDDEN_PAGE_MS instead, so the work is not
 * put off until the page is shown again.
 */
export function afterNextPaint(fn: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    fn();
  };
  requestAnimationFrame(() => setTimeout(run, 0));
  setTimeout(run, HIDDEN_PAGE_MS);
}
