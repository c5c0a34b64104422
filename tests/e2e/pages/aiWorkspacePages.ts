import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { call } from './teamSetup';
import { workWorld, type WorkWorld } from './workSetup';

/**
 * A work world whose box feature also has the label `Person`, so COCO's `person` and `cat` both
 * have a label to go to, and the question "Truncated" answered "No" unless someone says otherwise;
 * with `skeleton`, a keypoints feature with a skeleton too (the AI group then offers to fit it).
 */
export async function aiWorkWorld(request: APIRequestContext, count: number, options: { sequence?: boolean; skeleton?: boolean; photos?: string[]; video?: number } = {}): Promise<WorkWorld & { taskSubjectIds: number[]; truncated: { id: string; no: string } }> {
  const world = await workWorld(request, count, options);
  const owner = (method: 'GET' | 'POST', path: string, data?: unknown) => call(request, world.owner, method, path, data);
  const ontology = await owner('GET', `/project/${world.projectId}/ontology`);
  const box = ontology.features.find((f: { tool: string }) => f.tool === 'box');
  const pose = { name: 'Pose', tool: 'keypoints', labels: [{ name: 'Body', color: '#722ed1' }], skeleton: { points: [{ name: 'Head' }, { name: 'Neck' }, { name: 'Hip' }], edges: [{ from: 0, to: 1 }, { from: 1, to: 2 }] } };
  await owner('POST', '/ontology/feature/manage', {
    projectId: world.projectId,
    features: [
      {
        ...box,
        labels: [...box.labels, { name: 'Person', color: '#52c41a', hotkey: 'p' }],
        attributes: [...box.attributes, { name: 'Truncated', type: 'radio', required: false, options: [{ name: 'Yes' }, { name: 'No', default: true }] }],
      },
      ...(options.skeleton ? [pose] : []),
    ],
  });
  const saved = (await owner('GET', `/project/${world.projectId}/ontology`)).features.find((f: { tool: string }) => f.tool === 'box');
  const question = saved.attributes.find((a: { name: string }) => a.name === 'Truncated');
  const truncated = { id: question.id as string, no: question.options.find((o: { name: string }) => o.name === 'No').id as string };
  // The built-in models load when the service starts: wait until the ones the workspace uses say ready.
  await expect
    .poll(
      async () => {
        const status = await owner('GET', `/ai/model/queryModelStatus?projectId=${world.projectId}`);
        const ready = new Set(status.models.filter((m: { state: string }) => m.state === 'ready').map((m: { tool: string }) => m.tool));
        return ['box', 'polygon', 'tracking'].every((t) => ready.has(t));
      },
      { timeout: 120_000, intervals: [500, 1000, 2000] },
    )
    .toBe(true);
  const items = await owner('GET', `/task/subject/list/detail?projectId=${world.projectId}&taskId=${world.taskId}`);
  return { ...world, taskSubjectIds: items.list.map((i: { taskSubjectId: number }) => i.taskSubjectId), truncated };
}

/** The workspace's AI tab and the suggestions it puts on the frame. */
export class AiWorkspace {
  readonly panel: Locator;
  readonly status: Locator;
  constructor(private readonly page: Page) {
    this.panel = page.getByTestId('ai-panel');
    this.status = page.getByTestId('ai-status');
  }

  /** The AI group of the tools column is there (only for a caller who may use AI). */
  async expectShown() {
    await expect(this.panel).toBeVisible();
  }

  /** Every button of the AI group shows its whole label: none is cut, whatever the language. */
  async expectLabelsWhole() {
    const cut = await this.panel.getByRole('button').evaluateAll((buttons) =>
      buttons.filter((b) => [b, ...b.querySelectorAll('*')].some((e) => e.scrollWidth > e.clientWidth + 1)).map((b) => (b as HTMLElement).innerText),
    );
    expect(cut, 'buttons of the AI group whose label is cut').toEqual([]);
  }

  /** How many calls the panel has had answered so far. */
  async answered(): Promise<number> {
    return Number(await this.panel.getAttribute('data-answered'));
  }

  /** Does something that asks the model, and waits for its answer to be in (not for a time), failing on an error shown. */
  async answerTo(action: () => Promise<void>) {
    const before = await this.answered();
    await action();
    await expect.poll(() => this.answered(), { timeout: 60_000 }).toBeGreaterThan(before);
    await expect(this.panel.getByTestId('ai-error')).toHaveCount(0);
  }

  /** Runs a tool of the panel and waits for its answer. */
  async run(testId: string) {
    await this.answerTo(() => this.panel.getByTestId(testId).click());
  }

  /** Rows of the object list that are suggestions of this label. */
  suggestions(label: string): Locator {
    return this.page.getByTestId('object-list').locator('[data-testid="object-row"][data-source="ai"]').filter({ hasText: label });
  }

  /** Rows of the object list of this label that are the person's own. */
  own(label: string): Locator {
    return this.page.getByTestId('object-list').locator('[data-testid="object-row"][data-source="manual"]').filter({ hasText: label });
  }

}
