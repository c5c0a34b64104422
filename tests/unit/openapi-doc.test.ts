import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src-server/app';
import { loadConfig } from '../../src-server/config';

describe('API reference', () => {
  // Builds the whole server (migrations on a new SQLite file, every route): seconds on a loaded machine.
  it('docs/openapi.json is what the server publishes (run `npm run docs:api` after changing a route)', { timeout: 60_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-openapi-'));
    const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }) });
    try {
      const published = (await app.inject({ method: 'GET', url: '/core/openapi.json' })).json();
      const committed = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../docs/openapi.json'), 'utf8'));
      expect(committed).toEqual(published);
    } finally {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
