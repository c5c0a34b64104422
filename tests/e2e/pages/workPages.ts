import { expect, type Locator, type Page } from '@playwright/test';
import { PROBE, shownNumber } from '../../support/videoHarness';

/** My work, as an annotator or reviewer sees it. */
export class MyWorkPage {
  constructor(private readonly page: Page) {}

  /** Opens My work from the navigation, in English (the texts the specs read). */
  async open() {
    await this.page.getByRole('group', { name: /Language|界面语言/ }).getByRole('button', { name: 'English' }).click();
    await this.page.getByRole('menuitem', { name: 'My work' }).click();
    await expect(this.page.getByRole('heading', { name: 'My work' })).toBeVisible();
  }

  step(workflowId: number): Locator {
    return this.page.getByTestId(`work-step-${workflowId}`);
  }

  /** The caller's (only) step in the task of that name, when its workflow id is not known. */
  stepOf(taskName: string): Locator {
    return this.page.locator('[data-testid^="work-task-"]').filter({ hasText: taskName }).locator('[data-testid^="work-step-"]').first();
  }

  /** The workflow id of the caller's (only) step in the task of that name. */
  async stepIdOf(taskName: string): Promise<number> {
    const testId = await this.stepOf(taskName).getAttribute('data-testid');
    return Number(testId!.replace('work-step-', ''));
  }

  /**
   * The four figures at the top, and where they come from: the server's queues, or (`here`, with
   * the server away) the work packages on this computer, which the page then says under them.
   */
  async expectTotals(source: 'server' | 'here', totals: { annotate: number; review: number; held: number; rework: number }) {
    await expect(this.page.getByTestId('work-totals-here')).toHaveCount(source === 'here' ? 1 : 0);
    for (const [name, value] of Object.entries(totals)) {
      await expect(this.page.getByTestId(`work-total-${name}`).locator('.ant-statistic-content-value'), name).toHaveText(String(value));
    }
  }

  async expectCounts(workflowId: number, counts: { pending?: number; held?: number; rework?: number }) {
    const step = this.step(workflowId);
    if (counts.pending !== undefined) await expect(step.getByTestId('step-pending')).toHaveText(String(counts.pending));
    if (counts.held !== undefined) await expect(step.getByTestId('step-held')).toHaveText(String(counts.held));
    if (counts.rework !== undefined) await expect(step.getByTestId('step-rework')).toHaveText(String(counts.rework));
  }

  async start(workflowId: number) {
    await this.step(workflowId).getByRole('button', { name: /Start|开始/ }).click();
    return new WorkspacePage(this.page);
  }
}

/** The annotation workspace. */
export class WorkspacePage {
  readonly canvas: Locator;
  readonly objects: Locator;
  constructor(private readonly page: Page) {
    this.canvas = page.getByTestId('annotation-canvas');
    this.objects = page.getByTestId('object-list');
  }

  async expectItemOpen() {
    await expect(this.canvas).toBeVisible();
    await expect(this.page.getByText(/Claiming|Opening|Loading|正在/)).toHaveCount(0);
    await expect(this.page.getByTestId('item-name')).not.toHaveText('');
  }

  itemName() {
    return this.page.getByTestId('item-name').innerText();
  }

  /** A point of the canvas as fractions of its size. */
  async at(fx: number, fy: number) {
    const box = (await this.canvas.boundingBox())!;
    return { x: box.x + box.width * fx, y: box.y + box.height * fy };
  }

  /** A box the way an annotator draws one: the label's hotkey, then two clicks. */
  async drawBox(hotkey: string, from: [number, number], to: [number, number]) {
    await this.page.keyboard.press(hotkey);
    const a = await this.at(...from);
    const b = await this.at(...to);
    await this.page.mouse.click(a.x, a.y);
    await this.page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2);
    await this.page.mouse.click(b.x, b.y);
  }

  async expectObjects(count: number) {
    await expect(this.page.getByText(`Objects (${count})`, { exact: true })).toBeVisible();
  }

  async expectSaved() {
    await expect(this.page.getByTestId('sync-state')).toHaveAttribute('data-state', 'synced');
  }

  /** The video strip names frame n (its number in the file) and the canvas's own pixels show that frame. */
  async expectVideoFrame(n: number) {
    await expect(this.page.getByTestId('video-position')).toHaveAttribute('data-frame', String(n));
    await expect.poll(() => this.shownFrameNumber()).toBe(n);
  }

  /**
   * The number the picture on the canvas shows (a video of tests/support/frameNumberVideo.ts):
   * the picture's box found along the canvas's middle row and column (the picture's grey against
   * the dark stage; the number's blocks are clear of both lines), shrunk in the page to the
   * harness's probe size and read with readFrameNumber.
   */
  async shownFrameNumber(): Promise<number> {
    const picture = await this.canvas.evaluate(
      (c: HTMLCanvasElement, [w, h]) => {
        const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        const lit = (x: number, y: number) => data[(y * c.width + x) * 4]! > 60;
        const row = Math.floor(c.height / 2);
        const col = Math.floor(c.width / 2);
        let left = 0;
        let right = c.width - 1;
        let top = 0;
        let bottom = c.height - 1;
        while (left < right && !lit(left, row)) left++;
        while (right > left && !lit(right, row)) right--;
        while (top < bottom && !lit(col, top)) top++;
        while (bottom > top && !lit(col, bottom)) bottom--;
        const probe = new OffscreenCanvas(w, h).getContext('2d')!;
        probe.drawImage(c, left, top, right - left + 1, bottom - top + 1, 0, 0, w, h);
        const bytes = probe.getImageData(0, 0, w, h).data;
        let text = '';
        for (const b of bytes) text += String.fromCharCode(b);
        return btoa(text);
      },
      [PROBE.width, PROBE.height] as const,
    );
    return shownNumber(picture);
  }
}
