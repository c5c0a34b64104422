/**
 * The product's licence and what it ships (issue 36): every shipped package and model has a
 * licence that fits ours (Apache-2.0), every model the model service loads is listed with its
 * licence, and THIRD-PARTY-NOTICES.md says what the lockfile holds now.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shippedPackages } from '../../scripts/licences/inventory';
import { SHIPPED_MODELS } from '../../scripts/licences/models';
import { NOTICES_FILE, renderNotices } from '../../scripts/licences/notices';
import { judge } from '../../scripts/licences/policy';

const root = path.resolve(import.meta.dirname, '../..');

describe('licences', () => {
  it('reads licence expressions as a lawyer would: one good choice of an OR, every part of an AND', () => {
    expect(judge('MIT')).toEqual({ ok: true, weak: false });
    expect(judge('(MIT OR GPL-3.0-or-later)')).toEqual({ ok: true, weak: false });
    expect(judge('(MIT OR CC0-1.0)')).toEqual({ ok: true, weak: false });
    expect(judge('Apache-2.0 AND LGPL-3.0-or-later')).toEqual({ ok: true, weak: true });
    expect(judge('MIT AND GPL-3.0-only')).toEqual({ ok: false, why: 'GPL-3.0-only' });
    expect(judge('AGPL-3.0-only')).toEqual({ ok: false, why: 'AGPL-3.0-only' });
    expect(judge('CC-BY-NC-4.0')).toEqual({ ok: false, why: 'CC-BY-NC-4.0' });
    expect(judge('SSPL-1.0')).toMatchObject({ ok: false });
    expect(judge('GPL-2.0-only WITH Classpath-exception-2.0')).toMatchObject({ ok: false });
    expect(judge(undefined)).toEqual({ ok: false, why: 'no licence declared' });
    expect(judge('(MIT')).toMatchObject({ ok: false });
  });

  it('ships no package whose licence conflicts with ours', () => {
    const packages = shippedPackages(root);
    expect(packages.length).toBeGreaterThan(100);
    const conflicts = packages.flatMap((p) => {
      const v = judge(p.licence);
      return v.ok ? [] : [`${p.name}@${p.version}: ${p.licence ?? 'none'} (${v.why})`];
    });
    expect(conflicts).toEqual([]);
  });

  it('lists every model and runtime the model service loads, each present and under a licence that fits ours', () => {
    for (const m of SHIPPED_MODELS) {
      expect(judge(m.licence), m.name).toMatchObject({ ok: true });
      for (const f of m.files) expect(fs.existsSync(path.join(root, f)), f).toBe(true);
    }
    // What src-ai loads by name: the TF.js graph models and the SAM files.
    const sources = fs.readdirSync(path.join(root, 'src-ai/models')).map((f) => fs.readFileSync(path.join(root, 'src-ai/models', f), 'utf8')).join('\n');
    const loaded = [...sources.matchAll(/loadGraphModelFromDisk\([^,]+,\s*'([^']+)'\)/g), ...sources.matchAll(/file:\s*'([^']+\.onnx)'/g)].map((m) => m[1]!);
    expect(loaded.length).toBeGreaterThanOrEqual(4);
    const listed = new Set(SHIPPED_MODELS.map((m) => m.name));
    expect(loaded.filter((name) => !listed.has(name))).toEqual([]);
  });

  it('keeps THIRD-PARTY-NOTICES.md in step with the lockfile (npm run notices writes it)', () => {
    const committed = fs.readFileSync(path.join(root, NOTICES_FILE), 'utf8');
    expect(committed === renderNotices(root), `${NOTICES_FILE} is out of date: run npm run notices`).toBe(true);
  });

  it('says the product\'s own licence where a person and npm look for it', () => {
    expect(fs.readFileSync(path.join(root, 'LICENSE'), 'utf8')).toContain('Apache License\n                           Version 2.0, January 2004');
    expect(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).license).toBe('Apache-2.0');
  });
});
