import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { call } from './teamSetup';
import { workWorld, type WorkWorld } from './workSetup';

/** A reject reason as long as a reviewer may write (1024 characters): the banner must not grow the page. */
const LONG_REASON = `The boxes are loose on every side and the helmet is not labelled. ${'Please tighten each box to the visible edge. '.repeat(22)}`.slice(0, 1024);

/** The long attribute list a feature of a real ontology has (a vehicle's make, colour, damage...). */
export const MANY_ATTRIBUTES = Array.from({ length: 18 }, (_, i) => `Attribute ${i + 1}`);

/**
 * The work world with square photographs (they fit by height, so a canvas box that grew
 * shorter without fitting again would cut their bottom off), a long ontology (a box feature
 * "Vehicles", hotkey k, with 18 attributes, and 14 more features of 6 labels each) and its
 * first item sent back by the reviewer with every reason, 1024 characters of their own words and
 * 12 notes, so the annotator opens it as rework.
 */
export async function reworkWorld(request: APIRequestContext): Promise<WorkWorld & { reworkId: number }> {
  const world = await workWorld(request, 2, { photos: ['astronaut.png', 'camera.png'] });
  const { owner, annotator, reviewer, projectId, taskId, annotateStep, reviewStep } = world;
  await call(request, owner, 'POST', '/ontology/feature/manage', {
    projectId,
    features: [
      {
        name: 'Vehicles',
        tool: 'box',
        labels: [{ name: 'Car', color: '#722ed1', hotkey: 'k' }],
        attributes: MANY_ATTRIBUTES.map((name) => ({ name, type: 'radio', required: false, options: [{ name: `${name}: yes` }, { name: `${name}: no` }] })),
      },
      ...Array.from({ length: 14 }, (_, f) => ({
        name: `Feature ${f + 1}`,
        tool: f % 2 ? 'polygon' : 'box',
        labels: Array.from({ length: 6 }, (_, l) => ({ name: `Label ${f + 1}.${l + 1}`, color: '#13c2c2' })),
      })),
    ],
  });
  const reasons: { id: number; reason: string }[] = await call(request, owner, 'GET', `/project/${projectId}/user/rejectReason/list`);
  const claimed = await call(request, annotator, 'POST', '/task/subject/claim', { projectId, taskId, workflowId: annotateStep });
  await call(request, annotator, 'POST', '/task/subject/annotate/submit', { taskSubjectId: claimed.taskSubjectId, version: claimed.version });
  const review = await call(request, reviewer, 'POST', '/task/subject/claim', { projectId, taskId, workflowId: reviewStep });
  await call(request, reviewer, 'POST', '/task/subject/review/reject', {
    taskSubjectId: review.taskSubjectId,
    version: review.version,
    reasonIds: reasons.map((r) => r.id),
    reason: LONG_REASON,
    notes: Array.from({ length: 12 }, (_, i) => ({ content: `Note ${i + 1}: ${'look again at this part of the picture. '.repeat(4)}` })),
  });
  return { ...world, reworkId: review.taskSubjectId };
}

/** How far the page itself scrolls either way (it must not: panels scroll inside themselves). */
export const pageOverflow = (page: Page) =>
  page.evaluate(
    `(() => { const el = document.scrollingElement; return { vertical: el.scrollHeight - el.clientHeight, horizontal: el.scrollWidth - el.clientWidth }; })()`,
  ) as Promise<{ vertical: number; horizontal: number }>;

export async function expectNoPageScroll(page: Page) {
  await expect.poll(() => pageOverflow(page), { message: 'the page itself scrolls' }).toEqual({ vertical: 0, horizontal: 0 });
}

interface Gaps {
  top: number;
  bottom: number;
  left: number;
  right: number;
  canvasWidth: number;
  canvasHeight: number;
  canvasBottom: number;
}

/**
 * Where the picture is on the canvas, read from the canvas's own pixels: the bounds of what is
 * not the stage's background (the colour of its top-left corner; a photograph differs from it
 * somewhere on every row and column it covers), as gaps to each edge of the canvas, in CSS pixels.
 */
export const pictureGaps = (page: Page) =>
  page.evaluate(`(() => {
    const canvas = document.querySelector('[data-testid="annotation-canvas"]');
    const { width, height } = canvas;
    const data = canvas.getContext('2d').getImageData(0, 0, width, height).data;
    const [r0, g0, b0] = [data[0], data[1], data[2]];
    const differs = (i) => Math.abs(data[i] - r0) + Math.abs(data[i + 1] - g0) + Math.abs(data[i + 2] - b0) >= 8;
    let top = height, bottom = -1, left = width, right = -1;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (!differs((y * width + x) * 4)) continue;
        if (y < top) top = y;
        if (y > bottom) bottom = y;
        if (x < left) left = x;
        if (x > right) right = x;
      }
    }
    const css = canvas.clientWidth / width;
    return { top: top * css, bottom: (height - 1 - bottom) * css, left: left * css, right: (width - 1 - right) * css, canvasWidth: canvas.clientWidth, canvasHeight: canvas.clientHeight, canvasBottom: canvas.getBoundingClientRect().bottom };
  })()`) as Promise<Gaps>;

/**
 * The whole picture is on screen, fitted: inside the canvas on every side, touching the fit's
 * 16 px margin on two opposite sides, and the canvas itself inside the window.
 */
export async function expectPictureFitted(page: Page) {
  await expect
    .poll(
      async () => {
        const g = await pictureGaps(page);
        const windowHeight = page.viewportSize()!.height;
        const inside = g.top >= 8 && g.bottom >= 8 && g.left >= 8 && g.right >= 8 && g.canvasBottom <= windowHeight;
        const fitted = (Math.abs(g.top - 16) <= 2 && Math.abs(g.bottom - 16) <= 2) || (Math.abs(g.left - 16) <= 2 && Math.abs(g.right - 16) <= 2);
        return inside && fitted ? 'fitted' : JSON.stringify({ ...g, windowHeight });
      },
      { message: 'the whole picture is fitted in the canvas' },
    )
    .toBe('fitted');
}
