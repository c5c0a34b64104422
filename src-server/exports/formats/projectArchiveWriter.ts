/**
 * The whole-project archive's files (src-shared/api/projectArchive.ts): project.json first (the
 * import reads it before anything else), then the lossless format's three files, whose items
 * carry their batch and task subject. The pictures are the export job's (mediaPaths).
 */
import { PROJECT_ARCHIVE, type ProjectArchiveDoc } from '../../../src-shared/api/projectArchive';
import { writeLossless } from './losslessJson';
import type { ExportOntology, ExportReport, ItemSource, ZipSink } from './types';

export async function writeProjectArchive(items: ItemSource, ontology: ExportOntology, sink: ZipSink, doc: ProjectArchiveDoc): Promise<ExportReport> {
  await sink.add(PROJECT_ARCHIVE.file, `${JSON.stringify(doc, null, 2)}\n`);
  const report = await writeLossless(items, ontology, sink);
  return { ...report, format: 'project' };
}
