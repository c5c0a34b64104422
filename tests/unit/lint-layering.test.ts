import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layering of docs/architecture.md §2 is enforced by `npm run lint`. Each case lints a one-line
 * file as if it lived at the given path, with the project's real eslint.config.js.
 */
const repo = path.resolve(import.meta.dirname, '../..');
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: repo });
});

async function layeringErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath: path.join(repo, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const breaches: [string, string, string][] = [
  ['a renderer file importing node:fs', 'src-renderer/src/features/x/bad.ts', "import x from 'node:fs';"],
  ['a renderer file importing fs without the node: prefix', 'src-renderer/src/bad.tsx', "import x from 'fs';"],
  ['a renderer file importing electron', 'src-renderer/src/bad.ts', "import x from 'electron';"],
  ['a renderer file importing the main process', 'src-renderer/src/bad.ts', "import x from '../../src-main/services';"],
  ['a renderer file importing the server', 'src-renderer/src/app/bad.ts', "import x from '../../../src-server/app';"],
  ['a service importing electron', 'src-main/services/storage/bad.ts', "import x from 'electron';"],
  ['the node host importing electron', 'src-main/hosts/node.ts', "import x from 'electron';"],
  ['the main process importing the server', 'src-main/services/bad.ts', "import x from '../../src-server/config';"],
  ['shared code importing node:path', 'src-shared/model/bad.ts', "import x from 'node:path';"],
  ['shared code importing electron', 'src-shared/ipc/bad.ts', "import x from 'electron';"],
  ['shared code importing the renderer', 'src-shared/api/bad.ts', "import x from '../../src-renderer/src/app/store';"],
  ['the server importing the main process', 'src-server/routes/bad.ts', "import x from '../../src-main/services';"],
  ['the server importing electron', 'src-server/bad.ts', "import x from 'electron';"],
  ['a repository importing an HTTP plugin', 'src-server/repositories/bad.ts', "import x from '../plugins/access';"],
  ['a repository importing the server context', 'src-server/repositories/bad.ts', "import x from '../context';"],
  ['a repository importing a service', 'src-server/repositories/bad.ts', "import x from '../realtime/hub';"],
  ['a repository importing a route', 'src-server/repositories/bad.ts', "import x from '../routes/team/members';"],
  ['a repository importing the main process (the server rules still hold)', 'src-server/repositories/bad.ts', "import x from '../../src-main/services';"],
  ['the preload importing the main process', 'src-preload/bad.ts', "import x from '../src-main/services';"],
  ['the canvas engine importing react', 'src-renderer/src/canvas/engine.ts', "import x from 'react';"],
  ['the canvas engine importing react-dom/client', 'src-renderer/src/canvas/render/bad.ts', "import x from 'react-dom/client';"],
  ['the canvas engine importing antd', 'src-renderer/src/canvas/tools/bad.ts', "import x from 'antd';"],
  ['the canvas engine importing redux', 'src-renderer/src/canvas/model/bad.ts', "import x from '@reduxjs/toolkit';"],
  ['the canvas engine importing react-i18next', 'src-renderer/src/canvas/bad.ts', "import x from 'react-i18next';"],
  ['the canvas engine importing node:fs (the renderer rules still hold)', 'src-renderer/src/canvas/bad.ts', "import x from 'node:fs';"],
  ['the video frame source importing react', 'src-renderer/src/video/bad.ts', "import x from 'react';"],
  ['the model service importing electron', 'src-ai/models/bad.ts', "import x from 'electron';"],
  ['the model service importing the server', 'src-ai/bad.ts', "import x from '../src-server/config';"],
  ['the model service importing the main process', 'src-ai/engine/bad.ts', "import x from '../../src-main/services';"],
  ['the model service importing the renderer', 'src-ai/bad.ts', "import x from '../src-renderer/src/app/store';"],
  ['the model service importing the preload', 'src-ai/bad.ts', "import x from '../src-preload';"],
  ['the server importing the model service (it is reached over HTTP)', 'src-server/ai/bad.ts', "import x from '../../src-ai/catalog';"],
  ['the renderer importing the model service', 'src-renderer/src/features/ai/bad.ts', "import x from '../../../../src-ai/catalog';"],
  ['shared code importing the model service', 'src-shared/ai/bad.ts', "import x from '../../src-ai/catalog';"],
];

const allowed: [string, string, string][] = [
  ['the electron host importing electron', 'src-main/hosts/electron.ts', "import x from 'electron';"],
  ['the preload importing electron', 'src-preload/index.ts', "import x from 'electron';"],
  ['a service importing node:fs', 'src-main/services/logstore/ok.ts', "import x from 'node:fs';"],
  ['the server importing node:crypto', 'src-server/auth/ok.ts', "import x from 'node:crypto';"],
  ['the renderer importing shared schemas', 'src-renderer/src/ok.ts', "import x from '../../src-shared/api';"],
  ['a React component importing react', 'src-renderer/src/features/annotate/ok.tsx', "import x from 'react';"],
  ['the canvas engine importing rbush', 'src-renderer/src/canvas/spatial/ok.ts', "import x from 'rbush';"],
  ['the video frame source importing mediabunny', 'src-renderer/src/video/ok.ts', "import x from 'mediabunny';"],
  ['the server importing shared schemas', 'src-server/ok.ts', "import x from '../src-shared/api';"],
  ['a repository importing the database schema', 'src-server/repositories/ok.ts', "import x from '../database/schema';"],
  ['a route importing a repository', 'src-server/routes/team/ok.ts', "import x from '../../repositories/teams';"],
  ['the model service importing its shared protocol', 'src-ai/ok.ts', "import x from '../src-shared/ai/protocol';"],
  ['the model service importing node:worker_threads', 'src-ai/engine/ok.ts', "import x from 'node:worker_threads';"],
];

describe('layering rules', () => {
  it.each(breaches)('rejects %s', async (_what, file, code) => {
    expect(await layeringErrors(file, code)).not.toEqual([]);
  });
  it.each(allowed)('allows %s', async (_what, file, code) => {
    expect(await layeringErrors(file, code)).toEqual([]);
  });
  it.each([
    ['a Node built-in', 'src-shared/api/bad.ts', "import x from 'node:path';"],
    ['another layer', 'src-server/routes/bad.ts', "import x from '../../src-main/services';"],
    ['a UI framework in the canvas engine', 'src-renderer/src/canvas/bad.ts', "import x from 'react';"],
  ])('says where the layers are explained when it refuses %s', async (_what, file, code) => {
    const messages = await layeringErrors(file, code);
    expect(messages).not.toEqual([]);
    for (const m of messages) expect(m).toMatch(/\(docs\/architecture\.md §2\)$/);
  });
});
