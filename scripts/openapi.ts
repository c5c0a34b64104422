/** `npm run docs:api`: writes docs/openapi.json (the server's OpenAPI document) and docs/permissions.md. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src-server/app';
import { loadConfig } from '../src-server/config';
import { renderPermissionsDoc } from './lib/permissionsDoc';

const docs = path.join(import.meta.dirname, '../docs');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'annot-openapi-'));
const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }) });
try {
  await app.ready();
  const doc = app.swagger();
  fs.writeFileSync(path.join(docs, 'openapi.json'), JSON.stringify(doc, null, 2) + '\n');
  fs.writeFileSync(path.join(docs, 'permissions.md'), renderPermissionsDoc());
  console.log(`wrote docs/openapi.json (${Object.keys(doc.paths ?? {}).length} paths) and docs/permissions.md`);
} finally {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
