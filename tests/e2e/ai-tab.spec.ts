import { expect, test, type Page } from '@playwright/test';
import { call, loggedInPage } from './pages/teamSetup';
import { AiTabPage } from './pages/aiPages';
import { aiProject, aiWorld, newestJob, reviewSmallTask } from './pages/aiSetup';
import { keepShot } from './pages/shots';
import { tinySamPair } from '../support/tinyOnnx';

const shot = (page: Page, name: string) => keepShot(page, { path: `test-results/screenshots/ai-${name}.png`, fullPage: true, animations: 'disabled' });
/** The built-in model service runs on the CPU of a loaded machine: a job's end is waited for as a state, with room. */
const JOB_END = { timeout: 180_000 };

test('a manager pre-annotates a task, cancels a bigger run, trains a new version on reviewed items and reads its statistics', async ({ browser, request }) => {
  test.setTimeout(600_000);
  const world = await aiWorld(request);
  const page = await loggedInPage(browser, world.owner);
  const ai = new AiTabPage(page);
  await ai.open(world.projectId);

  // Models per tool: the built-in detector fills the box feature and is ready.
  await expect(page.getByTestId('ai-service-status')).toContainText('Model service online');
  const boxes = ai.toolCard('box');
  await expect(boxes).toContainText('Boxes · object detector');
  await expect(boxes).toContainText('Fills: Things');
  await expect(boxes).toContainText('Built-in');
  // (the service may still be loading its models when the run has just started: the state follows by event)
  await expect(boxes.locator('[data-testid^="ai-model-state-"]').first()).toHaveText('Ready', { timeout: 60_000 });
  await expect(ai.toolCard('keypoints')).toBeVisible();
  await expect(ai.toolCard('tracking')).toBeVisible();
  await shot(page, 'models');

  // Pre-annotate the small task: the progress bar reaches the end and the model found objects.
  await ai.view('Pre-annotate & train');
  // The first run asks once where the classes go that only a catch-all label would take.
  await ai.choose('ai-pre-annotate-task', world.small.name);
  await page.getByTestId('ai-pre-annotate').getByRole('button', { name: 'Pre-annotate' }).click();
  const ask = page.getByRole('dialog', { name: /Before starting/ });
  await ask.getByPlaceholder('Find a class').fill('cup');
  await expect(ask.getByTestId('ai-map-how-cup')).toHaveText('Catch-all label · to confirm');
  await expect(ask.getByTestId('ai-map-cup')).toContainText('Object 物品');
  await ask.getByTestId('ai-mapping-save').click();
  await expect(page.getByText(/Pre-annotation job #\d+ started/).last()).toBeVisible();
  const first = await newestJob(request, world, 'predict');
  expect(first.total).toBe(world.small.subjects);
  await expect(ai.jobState(first.jobId)).toHaveText('Succeeded', JOB_END);
  await expect(ai.jobProgress(first.jobId)).toContainText(`${world.small.subjects}/${world.small.subjects}`);
  await expect(ai.jobApplied(first.jobId)).toContainText(/ [1-9]\d* objects?(?![a-z])/);
  // Nobody has handed on an item yet, so nobody kept a suggestion either (issue 31): they were
  // all counted as "kept" while nobody had looked at them.
  await ai.view('Model statistics');
  await ai.statisticsOf(/v1 · Boxes/);
  await expect(page.getByTestId('ai-feedback')).toContainText('Nobody has worked on this model\'s pre-annotations yet.');
  await ai.view('Pre-annotate & train');

  // A bigger run, cancelled while it works: "Cancelled" as soon as the server answers. Nothing is asked again.
  await ai.preAnnotate(world.big.name);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // (the first run's "started" notice may still be on screen: the new job is waited for on the server)
  await expect.poll(async () => (await newestJob(request, world, 'predict')).jobId).toBeGreaterThan(first.jobId);
  const big = await newestJob(request, world, 'predict');
  await expect(page.getByText(`Pre-annotation job #${big.jobId} started`)).toBeVisible();
  expect(big.total).toBe(world.big.subjects);
  await ai.cancel(big.jobId).click();
  await expect(ai.jobState(big.jobId)).toHaveText('Cancelled');
  await expect(page.getByText(`Job #${big.jobId} cancelled`)).toBeVisible();
  expect((await newestJob(request, world, 'predict')).state).toBe('cancelled');
  await shot(page, 'jobs');

  // The annotator keeps the suggestions and the reviewer passes every item: reviewed items to train on.
  expect(await reviewSmallTask(request, world)).toBe(world.small.subjects);
  // Nothing of the small task is left untouched now: the server's refusal shows translated.
  await ai.choose('ai-pre-annotate-task', world.small.name);
  await page.getByTestId('ai-pre-annotate').getByRole('button', { name: 'Pre-annotate' }).click();
  await expect(page.getByTestId('ai-pre-annotate-error')).toContainText('There is nothing to work on');
  await ai.train();
  const run = await newestJob(request, world, 'train');
  await expect(ai.jobState(run.jobId)).toHaveText('Succeeded', JOB_END);
  // Both versions are then measured on the held-out items; the run says whether it helped.
  await expect(ai.trainVerdict(run.jobId)).toHaveText(/^(Improved|Did not improve)$/, JOB_END);
  const outcome = ai.trainOutcome(run.jobId);
  await expect(outcome).toContainText('Held-out items');
  await expect(outcome).toContainText('person → Things / person');
  await expect(outcome).toContainText(/F1\s*AP@0\.5/);
  // The mask label's reviewed shapes count by mask AP in the verdict (issue 32).
  await expect(outcome).toContainText('1 outline label (polygon or mask) is counted by mask AP');
  await shot(page, 'trained');

  // The new version's statistics: the figures, the PR curve, and against the version it came from.
  const trained = await newestJob(request, world, 'train');
  expect(trained.train?.newModelId).toBeGreaterThan(0);
  await ai.view('Model statistics');
  await ai.statisticsOf(/v2/);
  await expect(page.getByTestId('ai-stats')).toBeVisible();
  for (const metric of ['precision', 'recall', 'f1', 'ap50', 'ap5095'] as const) await expect(ai.stat(metric)).toContainText(/\d+\.\d%|–/);
  await expect(ai.stat('f1')).toContainText(/\d+\.\d%/);
  await expect(page.getByTestId('ai-stats-measured')).toContainText(/Measured on \d+ reviewed item/);
  await expect(page.getByTestId('ai-pr-curve').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('ai-parent-chart').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('ai-stats-labels')).toContainText('Things / person');
  // The mask label is measured by mask IoU, and says so (issue 32): the detector puts nothing in it.
  const shapeRow = page.getByTestId('ai-stats-labels').getByRole('row', { name: /Shapes \/ shape/ });
  await expect(shapeRow.getByText('Mask AP')).toBeVisible();
  await expect(shapeRow).toContainText('0.0%');
  await expect(page.getByTestId('ai-stats-mask-note')).toContainText('The label marked Mask AP is an outline');
  await expect(page.getByTestId('ai-stats-items')).toContainText('Exactly right');
  await expect(page.getByTestId('ai-feedback')).toBeVisible();
  await shot(page, 'statistics');

  // A model never measured here says so, with what annotators did with it.
  await ai.statisticsOf(/Keypoints/);
  await expect(page.getByTestId('ai-stats-not-measured')).toContainText('Not measured yet');

  // The new version becomes the box tool's default.
  const v2 = trained.train!.newModelId!;
  await ai.view('Models');
  await expect(ai.toolCard('box')).toContainText('Trained here');
  await ai.toolCard('box').getByRole('row', { name: /v2/ }).getByRole('button', { name: 'Make default' }).click();
  await expect(page.getByTestId(`ai-default-${v2}`)).toHaveText('Default');
  await expect(ai.toolCard('box').getByRole('row', { name: /v2/ })).toContainText(/F1 \d+\.\d% · AP@0\.5 \d+\.\d%/);

  // The other language.
  await ai.view('Model statistics');
  await ai.statisticsOf(/v2/);
  await expect(page.getByTestId('ai-stats')).toBeVisible();
  await ai.language('中文');
  await expect(page.getByRole('tab', { name: '模型评估', selected: true })).toBeVisible();
  await expect(ai.stat('precision')).toContainText('精确率');
  await expect(page.getByTestId('ai-pr-curve')).toContainText('精确率-召回率曲线（IoU 0.5）');
  await expect(page.getByTestId('ai-stats-labels')).toContainText('掩膜 AP');
  await ai.view('预标注与训练');
  await expect(ai.jobState(big.jobId)).toHaveText('已取消');
  await expect(ai.jobState(first.jobId)).toHaveText('已完成');
  await expect(ai.trainVerdict(run.jobId)).toHaveText(/^(新版本更好|新版本没有变好)$/);
  await ai.view('模型');
  await expect(ai.toolCard('box')).toContainText('矩形框 · 目标检测');
  await expect(page.getByTestId(`ai-default-${v2}`)).toHaveText('默认');
  await shot(page, 'zh');
});

test('AI switched off says so; a manager switches it back on keeping the other settings and brings the team\'s own SAM, and an annotator sees models but not the manager\'s controls', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const project = await aiProject(request, { annotator: true });
  await call(request, project.owner, 'PUT', `/project/${project.projectId}/config`, { aiEnabled: false, reviewRatio: 0.5 });
  // A mask feature too: the detector's boxes can become its masks (issue 32).
  await call(request, project.owner, 'POST', '/ontology/feature/manage', { projectId: project.projectId, features: [{ name: 'Shadows', tool: 'mask', labels: [{ name: 'Shadow', color: '#13c2c2' }] }] });

  const annotatorPage = await loggedInPage(browser, project.annotator!);
  const annotatorAi = new AiTabPage(annotatorPage);
  await annotatorPage.goto(`/#/projects/${project.projectId}/ai`);
  await annotatorAi.language('English');
  await expect(annotatorPage.getByTestId('ai-switched-off')).toContainText('AI is switched off in this project');
  await expect(annotatorPage.getByTestId('ai-switched-off')).toContainText('Ask a project manager');
  await expect(annotatorPage.getByRole('button', { name: 'Switch AI on' })).toHaveCount(0);

  const page = await loggedInPage(browser, project.owner);
  const ai = new AiTabPage(page);
  await page.goto(`/#/projects/${project.projectId}/ai`);
  await ai.language('English');
  await expect(page.getByTestId('ai-switched-off')).toContainText('AI is switched off in this project');
  await page.getByRole('button', { name: 'Switch AI on' }).click();
  await expect(page.getByTestId('ai-service-status')).toContainText('Model service online');
  expect(await call(request, project.owner, 'GET', `/project/${project.projectId}/config`)).toMatchObject({ aiEnabled: true, reviewRatio: 0.5 });
  // Each tool's card marks the model a call that names none runs: its built-in, until a manager
  // makes another the default (so that one has no "Make default" of its own).
  const defaultMark = page.locator('[data-testid^="ai-default-"]');
  for (const tool of ['box', 'polygon', 'keypoints'] as const) {
    await expect(ai.toolCard(tool).locator(defaultMark), `the ${tool} card's default`).toHaveText(['Default'], { timeout: 60_000 });
    const marked = ai.toolCard(tool).getByRole('row').filter({ has: defaultMark });
    await expect(marked).toContainText('Built-in');
    await expect(marked.getByRole('button', { name: 'Make default' })).toHaveCount(0);
  }
  // The mask feature is filled by detector boxes made into masks, and the segmenter's clicks; a
  // pre-annotation says that its boxes become masks where a label takes them.
  await expect(ai.toolCard('box')).toContainText('Fills: Things, Shadows');
  await expect(ai.toolCard('polygon')).toContainText('Fills: Shadows');
  await ai.view('Pre-annotate & train');
  await expect(page.getByTestId('ai-pre-annotate-outlines')).toContainText('mapped to a mask or polygon label come out as the segmenter\'s mask or outline of each box (up to 50 a picture)');
  await ai.view('Models');

  // The owner brings the team's own SAM (two .onnx files, built by the test: tests/support/tinyOnnx.ts).
  // A decoder that does not take the encoder's embedding is refused in words naming the tensor, before anything is stored.
  const onnx = (name: string, bytes: Uint8Array) => ({ name, mimeType: 'application/octet-stream', buffer: Buffer.from(bytes) });
  const wrong = tinySamPair({ decoderEmbeddingDims: [1, 8, 32, 32] });
  await ai.toolCard('polygon').getByTestId('ai-bring-sam').click();
  const sam = page.getByRole('dialog', { name: 'Bring your own SAM' });
  await sam.getByTestId('ai-sam-name').fill('Our SAM');
  await sam.getByTestId('ai-sam-encoder').locator('input[type=file]').setInputFiles(onnx('encoder.onnx', wrong.encoder));
  await sam.getByTestId('ai-sam-decoder').locator('input[type=file]').setInputFiles(onnx('decoder.onnx', wrong.decoder));
  await sam.getByTestId('ai-sam-submit').click();
  await expect(sam.getByTestId('ai-sam-error')).toHaveText(
    'The SAM encoder and decoder are not a pair: the encoder answers an image embedding of [1, 8, 16, 16] float32, but the decoder\'s input image_embeddings takes [1, 8, 32, 32] float32',
  );
  // The right decoder: the pair loads, and becomes the Polygons tool's default.
  await sam.getByTestId('ai-sam-decoder').locator('input[type=file]').setInputFiles(onnx('decoder.onnx', tinySamPair().decoder));
  await sam.getByTestId('ai-sam-submit').click();
  await expect(page.getByText('Our SAM added; loading it')).toBeVisible();
  await expect(sam).toBeHidden();
  const ours = ai.toolCard('polygon').getByRole('row', { name: /Our SAM/ });
  await expect(ours).toContainText('Team');
  await expect(ours.locator('[data-testid^="ai-model-state-"]')).toHaveText('Ready', { timeout: 60_000 });
  await ours.getByRole('button', { name: 'Make default' }).click();
  await expect(ours.locator('[data-testid^="ai-default-"]')).toHaveText('Default');

  // The annotator's page follows once reloaded: the models, but no pre-annotation, training or defaults.
  await annotatorPage.reload();
  await expect(annotatorAi.toolCard('box')).toContainText('Built-in');
  await expect(annotatorAi.toolCard('box').locator('[data-testid^="ai-default-"]')).toHaveText(['Default']);
  await expect(annotatorAi.toolCard('box').getByRole('button', { name: 'Make default' })).toHaveCount(0);
  await expect(annotatorAi.toolCard('polygon')).toContainText('Our SAM');
  await expect(annotatorAi.toolCard('polygon').getByTestId('ai-bring-sam')).toHaveCount(0);
  await expect(annotatorPage.getByRole('button', { name: 'Switch AI off' })).toHaveCount(0);
  await annotatorAi.view('Pre-annotate & train');
  await expect(annotatorPage.getByText('AI jobs', { exact: true })).toBeVisible();
  await expect(annotatorPage.getByTestId('ai-pre-annotate')).toHaveCount(0);
  await expect(annotatorPage.getByTestId('ai-train')).toHaveCount(0);
});
