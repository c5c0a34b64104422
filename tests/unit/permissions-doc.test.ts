import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderPermissionsDoc } from '../../scripts/lib/permissionsDoc';

describe('permissions reference', () => {
  it('docs/permissions.md matches the role tables and routes (run `npm run docs:api` after changing them)', () => {
    const committed = fs.readFileSync(path.join(import.meta.dirname, '../../docs/permissions.md'), 'utf8');
    expect(committed).toBe(renderPermissionsDoc());
  });
});
