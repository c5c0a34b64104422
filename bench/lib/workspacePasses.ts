/**
 * What a bench does in the real workspace in Chromium, timed in the page (plain JavaScript text:
 * the page's CSP allows no eval, and tsx would add helpers to a function).
 */
import type { Page } from '@playwright/test';
import type { BenchTask } from './workspaceTask';

export async function openWorkspace(page: Page, base: string, task: BenchTask): Promise<void> {
  await page.goto(`${base}/#/work/${task.projectId}/${task.taskId}/${task.workflowId}`);
  await page.locator('[data-testid="workspace-stage"][data-item]').waitFor();
}

/** Draws a box with the label's hotkey and two clicks at fractions of the canvas. */
export async function drawBox(page: Page, hotkey: string, at: [number, number], size = 0.2): Promise<void> {
  const box = (await page.getByTestId('annotation-canvas').boundingBox())!;
  await page.keyboard.press(hotkey);
  await page.mouse.click(box.x + box.width * at[0], box.y + box.height * at[1]);
  await page.mouse.click(box.x + box.width * (at[0] + size), box.y + box.height * (at[1] + size));
}

/**
 * Installed in the page: times from the click on Submit to the first animation frame after the
 * next item is drawn and editable, into `window.__bench.times`: the stage names the next item
 * (`data-item`, set once its first frame's picture is the one shown) and the cover that holds
 * the canvas while the item moves on (`workspace-busy`) is gone. The canvas draws in that
 * animation frame (its engine asks for one when the picture is set).
 */
export const SUBMIT_TO_NEXT_TIMER = `(() => {
  const stage = document.querySelector('[data-testid="workspace-stage"]');
  const bench = (window.__bench = { t0: 0, item: stage.dataset.item, times: [] });
  document.addEventListener('click', (e) => { if (e.target.closest('[data-testid="submit"]')) bench.t0 = performance.now(); }, true);
  new MutationObserver(() => {
    const item = stage.dataset.item;
    if (!item || item === bench.item || !bench.t0 || stage.querySelector('[data-testid="workspace-busy"]')) return;
    bench.item = item;
    const t0 = bench.t0;
    bench.t0 = 0;
    requestAnimationFrame(() => bench.times.push(performance.now() - t0));
  }).observe(stage, { attributes: true, attributeFilter: ['data-item'], childList: true });
})()`;

/**
 * From the click on Submit to the first animation frame after the next item's image is shown,
 * over `items - 1` items: a box drawn on each, Submit once the header says "Next item ready"
 * (as any real annotation lasts longer than the claim ahead). As bench/workspace-next.ts.
 */
export async function submitToNext(page: Page, items: number, beforeItem?: (i: number) => Promise<void>): Promise<number[]> {
  await page.evaluate(SUBMIT_TO_NEXT_TIMER);
  const stage = page.getByTestId('workspace-stage');
  for (let i = 0; i < items - 1; i++) {
    // e.g. a setting changed per item (bench/logging-overhead.ts): the i-th time is this item's submit
    await beforeItem?.(i);
    const before = await stage.getAttribute('data-item');
    await drawBox(page, 't', [0.4, 0.4]);
    await page.getByTestId('next-ready').waitFor({ timeout: 15_000 });
    await page.getByTestId('submit').click();
    await page.locator(`[data-testid="workspace-stage"][data-item]:not([data-item="${before}"])`).waitFor();
  }
  await page.waitForFunction(`window.__bench.times.length >= ${items - 1}`);
  return (await page.evaluate('window.__bench.times')) as number[];
}

/**
 * Frame times on the open item: wheel events on the canvas, one per animation frame (the
 * product's own input path), zooming in about the middle for `frames / 2` frames and out again;
 * answers the requestAnimationFrame deltas. Waits 60 frames first, so loading is not counted.
 */
export async function wheelFrames(page: Page, frames: number): Promise<number[]> {
  return (await page.evaluate(`(async () => {
    const canvas = document.querySelector('[data-testid="annotation-canvas"]');
    const r = canvas.getBoundingClientRect();
    const frame = () => new Promise((res) => requestAnimationFrame(res));
    for (let i = 0; i < 60; i++) await frame();
    const deltas = [];
    let last = await frame();
    for (let i = 0; i < ${frames}; i++) {
      const deltaY = i < ${frames} / 2 ? -12 : 12;
      canvas.dispatchEvent(new WheelEvent('wheel', { deltaY, deltaMode: 0, clientX: r.left + r.width / 2, clientY: r.top + r.height / 2, bubbles: true, cancelable: true }));
      const t = await frame();
      deltas.push(t - last);
      last = t;
    }
    return deltas;
  })()`)) as number[];
}
