import crypto from 'node:crypto';
import fs from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

const SERVER = `http://127.0.0.1:${process.env.E2E_SERVER_PORT ?? 8691}/core`;

/** The team server's API as a test sets data up through it, logged in as one demo account. */
export async function apiAs(request: APIRequestContext, mobile: string) {
  const login = await (await request.post(`${SERVER}/user/login/mobile`, { data: { mobile, password: 'demo12345' } })).json();
  const headers = { [login.data.tokenName]: login.data.tokenValue };
  const call = async (method: 'GET' | 'POST' | 'PUT', path: string, data?: object) => {
    const r = await request.fetch(`${SERVER}${path}`, { method, headers, ...(data ? { data } : {}) });
    const body = await r.json();
    expect(body.msg, `${method} ${path}: ${JSON.stringify(body.data)}`).toBe('ok');
    return body.data;
  };
  return { headers, call };
}

/** A batch with one real demo image (new content each time) in the demo project; answers the project and the subject's id. */
export async function demoSubject(request: APIRequestContext, api: Awaited<ReturnType<typeof apiAs>>, tag: string) {
  const projects = await api.call('GET', `/project?projectName=${encodeURIComponent('Demo photos')}&projectNameCondition=startsWith&pageSize=100`);
  const project = projects.list.find((p: { projectName: string }) => p.projectName.startsWith('Demo photos'));
  // Bytes after a PNG's end are ignored by viewers; here they make each run's file new content
  // (the project skips files it already has by their hash).
  const bytes = Buffer.concat([fs.readFileSync('resources/demo-images/coins.png'), Buffer.from(tag)]);
  const key = `dataset/${project.projectId}/e2e-notes/${tag}.png`;
  const up = await request.post(`${SERVER}/obs/upload?key=${encodeURIComponent(key)}`, {
    headers: api.headers,
    multipart: { file: { name: `${tag}.png`, mimeType: 'image/png', buffer: bytes } },
  });
  expect((await up.json()).msg).toBe('ok');
  const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
  await api.call('POST', '/batch', {
    projectId: project.projectId,
    name: `Notes ${tag}`,
    subjects: [{ name: `${tag}.png`, recordType: 'image', frames: [{ key, sizeBytes: bytes.length, sha256, width: 384, height: 303 }] }],
  });
  const subjects = await api.call('GET', `/project/${project.projectId}/subject/list?name=${tag}`);
  return { projectId: project.projectId as number, dataId: subjects.list[0].dataId as number };
}

/** The notes tab of a project. */
export class NotesCentre {
  constructor(private readonly page: Page) {}
  async open(projectId: number) {
    await this.page.goto(`/#/projects/${projectId}/notes`);
    await expect(this.page.getByTestId('project-title')).toBeVisible();
  }
  /** A thread's own row (the one with its checkbox), not the row of replies under it. */
  row(text: string) {
    return this.page.getByRole('row', { name: new RegExp(text) }).filter({ has: this.page.getByRole('checkbox') });
  }
  async select(text: string) {
    await this.row(text).getByRole('checkbox').check();
  }
  async showStatus(label: string) {
    await this.page.getByRole('radiogroup').getByText(label, { exact: true }).click();
  }
}
