import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCoco, writeLossless } from '../../src-server/exports/formats';
import type { ExportOntology } from '../../src-server/exports/formats/types';
import { DB_KINDS } from '../support/databases';
import { sampleItems, sampleOntology, writeIntoZip } from '../support/exportSample';
import { buildImportProject, ontologyOf, putZip, sampleSubjects, storeOntology } from '../support/importFixture';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World } from '../support/world';

/** The sample ontology with its first label renamed: the name a file carries into the project. */
function ontologyNaming(name: string): ExportOntology {
  const renamed = structuredClone(sampleOntology);
  renamed.features[0]!.labels[0]!.name = name;
  return renamed;
}

/**
 * Names that arrive inside an imported file are held to the same text rule as names typed into
 * the API (docs/security.md). Before, a COCO category or a lossless label named with a
 * direction override or a control character became a label of the project as it was.
 */
describe.each(DB_KINDS)('names inside imported files on %s', (kind) => {
  let s: TestServer;
  let w: World;
  beforeAll(async () => {
    s = await startTestServer(kind);
    w = await buildWorld(s.app.ctx);
  });
  afterAll(async () => {
    await s?.close();
  });

  const project = () => buildImportProject(s.app.ctx, { teamId: w.teamA, ownerId: w.users.owner.id, annotatorIds: [w.users.annotator.id], subjects: sampleSubjects() });
  const importZip = async (projectId: number, taskId: number, format: 'coco' | 'lossless', zip: Buffer) =>
    s.call({
      method: 'POST',
      url: '/core/project/external/import',
      token: w.users.manager.token,
      payload: { projectId, taskId, format, key: await putZip(s.app.ctx, w.users.manager.id, zip), dryRun: false, createMissingLabels: true },
    });

  it.each(['car\u202Erac', 'car\u0007', '\u3164'])('does not create the COCO category %j as a label: its objects are skipped', async (name) => {
    const p = await project();
    const zip = (await writeIntoZip((sink) => writeCoco(sampleItems, ontologyNaming(name), sink))).zip;
    const r = await importZip(p.projectId, p.taskId, 'coco', zip);
    expect(r.status).toBe(200);
    expect(r.body.data.written).toBe(true);
    expect(Object.values(r.body.data.skippedObjects as Record<string, number>).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    const stored = JSON.stringify(await ontologyOf(s.app.ctx, p.projectId));
    expect(stored).not.toContain(name);
    expect(stored).toContain('truck & <trailer>');
  });

  it('refuses a lossless ontology with a label named with a direction override, and leaves the ontology as it was', async () => {
    const p = await project();
    await storeOntology(s.app.ctx, p.projectId, w.users.owner.id, { features: [sampleOntology.features[1]!] });
    const before = await ontologyOf(s.app.ctx, p.projectId);
    const zip = (await writeIntoZip((sink) => writeLossless(sampleItems, ontologyNaming('car\u202Erac'), sink))).zip;
    const r = await importZip(p.projectId, p.taskId, 'lossless', zip);
    expect([r.status, r.body.msg]).toEqual([400, 'error.ontology.nameNotAllowed']);
    expect(await ontologyOf(s.app.ctx, p.projectId)).toEqual(before);
  });
});
