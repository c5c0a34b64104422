/** `npm run docs:api`: writes the server's OpenAPI document to docs/openapi.json. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src-server/app';
import { loadConfig } from '../src-server/config';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-openapi-'));
const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }) });
try {
  await app.ready();
  const doc = app.swagger();
  const out = path.join(import.meta.dirname, '../docs/openapi.json');
  fs.writeFileSync(out, JSON.stringify(doc, null, 2) + '\n');
  console.log(`wrote ${out} (${Object.keys(doc.paths ?? {}).length} paths)`);
} finally {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
