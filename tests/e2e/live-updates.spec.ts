import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/authPages';
import { ProjectsPage } from './pages/projectsPage';

const SERVER = `http://127.0.0.1:${process.env.E2E_SERVER_PORT ?? 8691}/core`;

test('the annotator sees the owner rename the demo project without reloading', async ({ page, request }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.logIn('13800000002', 'demo12345');
  await new ProjectsPage(page).expectUser('Demo Annotator 演示标注员');
  const before = page.getByRole('cell', { name: /^Demo photos/ });
  await expect(before).toBeVisible();

  // The owner, elsewhere, renames the project through the API.
  const owner = await (await request.post(`${SERVER}/user/login/mobile`, { data: { mobile: '13800000001', password: 'demo12345' } })).json();
  const headers = { [owner.data.tokenName]: owner.data.tokenValue };
  // Asked by name: the other specs make many projects, which push it off the list's first page.
  const list = await (await request.get(`${SERVER}/project?projectName=Demo%20photos&projectNameCondition=startsWith`, { headers })).json();
  const project = list.data.list.find((p: { projectName: string }) => p.projectName.startsWith('Demo photos'));
  const newName = `Demo photos ${Date.now() % 100000}`;
  const put = await request.put(`${SERVER}/project/${project.projectId}`, { headers, data: { projectName: newName } });
  expect((await put.json()).code).toBe(200);

  await expect(page.getByRole('cell', { name: newName })).toBeVisible();
  // The demo project is shared by the specs after this one: its name goes back as seeded.
  expect((await (await request.put(`${SERVER}/project/${project.projectId}`, { headers, data: { projectName: project.projectName } })).json()).code).toBe(200);
});
