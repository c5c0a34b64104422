// @ts-check
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/**
 * Lint = code quality + the layering of docs/architecture.md §2, as errors:
 *   src-shared    imports nothing of node:, electron or any other src-*
 *   src-renderer  never node:, electron, src-main, src-server or src-preload
 *   src-main      never electron (services), except hosts/electron.ts; never src-server/src-renderer
 *   src-server    never electron, src-main, src-renderer or src-preload
 *   src-preload   electron yes; never src-main, src-server or src-renderer
 *   src-ai        the model service, a process of its own: node yes, electron no; of the other
 *                 src-* folders only src-shared (its protocol is src-shared/ai/protocol.ts)
 *   src-renderer/src/canvas  as src-renderer, and no UI framework (react, antd, redux, i18n):
 *                 the annotation engine is framework-free and React only adapts it; so is
 *   src-renderer/src/video   the video frame source (decoding, the pictures' cache)
 * tests/unit/lint-layering.test.ts proves each rule fires.
 */
const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
const folder = (name) => ({ regex: `(^|/)${name}(/|$)`, message: `this layer must not import from ${name} (docs/architecture.md §2)` });
const NODE = { names: nodeBuiltins, message: 'Node built-ins are not available in this layer (docs/architecture.md §2)' };
const ELECTRON = { name: 'electron', message: 'only src-main/hosts/electron.ts and src-preload may import electron' };
const nodePatterns = [{ group: ['node:*'], message: NODE.message }];

const UI_FRAMEWORK = ['react', 'react-dom', 'antd', '@reduxjs/toolkit', 'react-redux', 'react-i18next'];
const UI_MESSAGE = 'the annotation engine and the video frame source are framework-free; React adapts them from outside src/canvas and src/video (docs/architecture.md §2)';

/**
 * A later config object replaces the rule's options for the files it matches, so a narrower
 * layer repeats the wider one's bans and adds its own.
 * @param {string[]} files @param {{ node?: boolean, electron?: boolean, folders?: string[], packages?: string[] }} forbid
 */
const layer = (files, forbid) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [
          ...(forbid.electron ? [ELECTRON] : []),
          ...(forbid.node ? nodeBuiltins.map((name) => ({ name, message: NODE.message })) : []),
          ...(forbid.packages ?? []).map((name) => ({ name, message: UI_MESSAGE })),
        ],
        patterns: [
          ...(forbid.node ? nodePatterns : []),
          ...(forbid.folders ?? []).map(folder),
          ...(forbid.packages?.length ? [{ group: forbid.packages.map((p) => `${p}/*`), message: UI_MESSAGE }] : []),
        ],
      },
    ],
  },
});

export default tseslint.config(
  // *.config.ts.<stamp>.mjs: the bundled config electron-vite and Vite write beside their config for a moment while
  // they build; `npm test` lints while it builds, and a file that vanished between listing and reading failed the lint.
  { ignores: ['node_modules/', 'out/', 'data/', '.run/', 'test-results/', 'playwright-report/', 'tests/fixtures/', '**/*.config.ts.*.mjs', '**/*.config.*.timestamp-*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['src-renderer/**'], languageOptions: { globals: { ...globals.browser } } },
  layer(['src-shared/**'], { node: true, electron: true, folders: ['src-main', 'src-server', 'src-renderer', 'src-preload', 'src-ai'] }),
  layer(['src-renderer/**'], { node: true, electron: true, folders: ['src-main', 'src-server', 'src-preload', 'src-ai'] }),
  layer(['src-renderer/src/canvas/**', 'src-renderer/src/video/**'], { node: true, electron: true, folders: ['src-main', 'src-server', 'src-preload', 'src-ai'], packages: UI_FRAMEWORK }),
  {
    // A form's failed rules reject validateFields; uncaught, that is a console error on every
    // empty submit. Forms use onFinish, or app/validFormValues (which catches it).
    files: ['src-renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='validateFields']", message: 'use validFormValues(form) from app/validFormValues: a failed rule must show on the form, not reject' },
        // A bare maxLength stops typing at the limit without a word: the issue-17 class "names cut
        // at 64 characters without saying so". Codes and one-key fields say their size otherwise.
        { selector: "JSXAttribute[name.name='maxLength']", message: 'use {...lengthLimit(n)} from app/lengthLimit: a field at its limit says so with a counter' },
      ],
    },
  },
  {
    // Unit files share their worker's modules (isolate: false in vitest.config.ts): a module mock
    // in one file would reach the files after it in the same worker.
    files: ['tests/unit/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]", message: 'unit files share modules (isolate: false): pass the dependency in, or move the test to tests/integration' },
      ],
    },
  },
  layer(['src-main/**'], { electron: true, folders: ['src-server', 'src-renderer', 'src-preload', 'src-ai'] }),
  layer(['src-main/hosts/electron.ts'], { folders: ['src-server', 'src-renderer', 'src-preload', 'src-ai'] }),
  // the model service is reached over HTTP only (docs/ai-protocol.md), never imported
  layer(['src-server/**'], { electron: true, folders: ['src-main', 'src-renderer', 'src-preload', 'src-ai'] }),
  // Repositories sit below everything that uses them (issue 34): no HTTP plugin, route, service
  // or the context that holds the services; tests/unit/server-import-cycles.test.ts keeps the rest acyclic.
  layer(['src-server/repositories/**'], {
    electron: true,
    folders: ['src-main', 'src-renderer', 'src-preload', 'src-ai', 'plugins', 'routes', 'context', 'foundation', 'realtime', 'exports', 'images', 'duties', 'app'],
  }),
  layer(['src-preload/**'], { folders: ['src-main', 'src-server', 'src-renderer', 'src-ai'] }),
  layer(['src-ai/**'], { electron: true, folders: ['src-main', 'src-server', 'src-renderer', 'src-preload'] }),
);
