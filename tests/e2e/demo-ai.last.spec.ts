import { expect, test, type APIRequestContext } from '@playwright/test';
import { LoginPage } from './pages/authPages';
import { AiTabPage } from './pages/aiPages';
import { SERVER } from './pages/teamSetup';
import { DEMO_PROJECT, DEMO_TASK, say } from '../../src-server/seed/demoContent';

const JOB_END = { timeout: 180_000 };
const OWNER = { mobile: '13800000001', password: 'demo12345' };

/** The demo owner's API headers. */
async function ownerHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const res = await request.post(`${SERVER}/user/login/mobile`, { data: OWNER });
  const body = await res.json();
  expect(body.code).toBe(200);
  return { [body.data.tokenName]: body.data.tokenValue };
}

/** The label names of the suggestions (objects a model made) each demo photograph carries. */
async function labelsByPhoto(request: APIRequestContext, headers: Record<string, string>, projectId: number, taskId: number): Promise<Map<string, Set<string>>> {
  const get = async (path: string) => (await (await request.get(`${SERVER}${path}`, { headers })).json()).data;
  const ontology = await get(`/project/${projectId}/ontology`);
  const names = new Map<string, string>();
  for (const f of ontology.features as { featureId: number; labels: { id: string; name: string }[] }[]) for (const l of f.labels) names.set(`${f.featureId}:${l.id}`, l.name);
  const subjects = await get(`/project/${projectId}/subject/annotate?taskId=${taskId}&pageSize=100`);
  const out = new Map<string, Set<string>>();
  for (const s of subjects.list as { name: string; tasks: { taskSubjectId: number }[] }[]) {
    const data = await get(`/annotate?taskSubjectId=${s.tasks[0]!.taskSubjectId}`);
    const objects = (data.frames as { data: { objects: { featureId: number; labelId: string; source: string }[] } }[]).flatMap((f) => f.data.objects).filter((o) => o.source === 'ai');
    out.set(s.name, new Set(objects.map((o) => names.get(`${o.featureId}:${o.labelId}`)!)));
  }
  return out;
}

test('the seeded demo project pre-annotates out of the box: people, the cat and the horse, and the cup land in Person, Animal and Object without a question', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(OWNER.mobile, OWNER.password);
  const headers = await ownerHeaders(request);
  // Asked by name: the other specs make many projects, which push it off the list's first page.
  const byName = new URLSearchParams({ projectName: DEMO_PROJECT.name.en, projectNameCondition: 'startsWith' });
  const projects = (await (await request.get(`${SERVER}/project?${byName}`, { headers })).json()).data.list as { projectId: number; projectName: string }[];
  // By the English half of its name: another spec renames the demo project while it runs (live-updates).
  const projectId = projects.find((p) => p.projectName.startsWith(DEMO_PROJECT.name.en))!.projectId;

  const ai = new AiTabPage(page);
  await ai.open(projectId);
  // The classes of the built-in detector as the demo's labels take them, visible to the team.
  await expect(ai.toolCard('box').locator('[data-testid^="ai-model-state-"]').first()).toHaveText('Ready', { timeout: 60_000 });
  await ai.toolCard('box').locator('[data-testid^="ai-mapping-open-"]').first().click();
  const mapping = page.getByTestId('ai-class-mapping');
  await expect(page.getByTestId('ai-map-how-person')).toHaveText('By name');
  await expect(page.getByTestId('ai-map-person')).toContainText('Person 人');
  await mapping.page().getByPlaceholder('Find a class').fill('horse');
  await expect(page.getByTestId('ai-map-how-horse')).toHaveText('By group');
  await expect(page.getByTestId('ai-map-horse')).toContainText('Animal 动物');
  await expect(mapping).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  // The photographs nobody has started: a pre-annotation writes only into those (specs before
  // this one claimed and submitted some of the demo task's items), and the ones expected to get
  // objects must be among them for this test to show anything.
  const before = (await (await request.get(`${SERVER}/project/${projectId}/subject/annotate?taskId=${await demoTaskId(request, headers, projectId)}&pageSize=100`, { headers })).json()).data.list as {
    name: string;
    tasks: { state: string; stepIndex: number; objectCount: number }[];
  }[];
  const untouched = new Set(before.filter((s) => s.tasks[0]!.state === 'pending' && s.tasks[0]!.stepIndex === 0 && s.tasks[0]!.objectCount === 0).map((s) => s.name));
  const expected = Object.entries(EXPECTED).filter(([photo]) => untouched.has(photo));
  expect(expected.length, `untouched demo photographs among ${Object.keys(EXPECTED).join(', ')}: ${[...untouched].join(', ')}`).toBeGreaterThan(0);

  // Pre-annotate the demo task: no question asked, and the run writes objects on every photograph it can.
  await ai.view('Pre-annotate & train');
  await ai.preAnnotate(say(DEMO_TASK.name, 'both'));
  const jobs = (await (await request.get(`${SERVER}/ai/apply/list?projectId=${projectId}&pageSize=5`, { headers })).json()).data.list as { jobId: number; type: string; taskId: number }[];
  const job = jobs.find((j) => j.type === 'predict')!;
  await expect(ai.jobState(job.jobId)).toHaveText('Succeeded', JOB_END);
  await expect(ai.jobApplied(job.jobId)).toContainText(/[1-9]\d* items · [1-9]\d* objects/);
  await expect(page.getByTestId(`ai-job-unmapped-${job.jobId}`)).toHaveCount(0);

  const found = await labelsByPhoto(request, headers, projectId, job.taskId);
  for (const [photo, label] of expected) expect(found.get(photo), photo).toContain(label);
});

/** What each demo photograph with something on it gets from the built-in detector, in the demo's labels. */
const EXPECTED: Record<string, string> = { 'astronaut.png': 'Person 人', 'chelsea.png': 'Animal 动物', 'horse.png': 'Animal 动物', 'coffee.png': 'Object 物品' };

async function demoTaskId(request: APIRequestContext, headers: Record<string, string>, projectId: number): Promise<number> {
  const tasks = (await (await request.get(`${SERVER}/project/${projectId}/task?pageSize=50`, { headers })).json()).data.list as { id: number; name: string }[];
  return tasks.find((t) => t.name === say(DEMO_TASK.name, 'both'))!.id;
}
