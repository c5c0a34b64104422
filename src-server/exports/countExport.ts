/**
 * What an export would hold now, counted the way it is written: the selection's items, less the
 * suggestions nobody confirmed when the plan leaves them out (withoutUnconfirmed), and of the
 * objects left only those the format keeps (leftOutBecause, which the writers decide with). The
 * class-folder formats keep no object: their count is of the pictures filed under a class, as
 * their report counts them (classFolderLayout.ts).
 */
import type { Kysely } from 'kysely';
import { keepsAsStored, keepsUnconfirmed, type ExportCount, type ExportFormatName, type ExportOptions } from '../../src-shared/api/export';
import type { Database } from '../database/schema';
import { countSelection, type ExportSelection } from './exportQuery';
import { loadExportOntology } from './exportOntology';
import { buildCategories } from './formats';
import { leftOutBecause } from './formats/keptObjects';
import { ClassFiler, isClassFolderFormat } from './formats/classFolderLayout';
import { exportItems } from './itemSource';
import { withoutUnconfirmed } from './unconfirmedItems';

/**
 * Without a format (a caller from before formats were counted) every object counts, suggestions
 * too unless the options say otherwise. SQL alone answers when nothing needs a frame's JSON
 * (no label filter, every object kept); otherwise the frames are read as the export reads
 * them, page by page.
 */
export async function countExport(db: Kysely<Database>, sel: ExportSelection, format: ExportFormatName | undefined, options: ExportOptions): Promise<ExportCount> {
  const keep = format === undefined ? (options.includeUnconfirmed ?? true) : keepsUnconfirmed(format, options);
  if (!sel.filters.labelIds && keep && (format === undefined || keepsAsStored(format))) return { ...(await countSelection(db, sel)), unconfirmed: 0 };
  const ontology = format && !keepsAsStored(format) ? await loadExportOntology(db, sel.projectId) : null;
  const categories = ontology ? buildCategories(ontology) : null;
  const filer = format && ontology && isClassFolderFormat(format) ? new ClassFiler(format, ontology) : null;
  const tally = { subjects: 0, frames: 0, objects: 0, unconfirmed: 0 };
  const items = keep ? exportItems(db, sel) : withoutUnconfirmed(exportItems(db, sel), tally);
  for await (const item of items) {
    tally.subjects++;
    tally.frames += item.frames.length;
    for (const f of item.frames) {
      if (filer) {
        const placed = filer.file(f);
        if (placed.classes > 0) tally.objects += placed.filed.length;
        continue;
      }
      for (const o of f.data.objects) {
        if (!format || leftOutBecause(format, o, f, categories?.of(o.featureId, o.labelId) !== undefined, options) === null) tally.objects++;
      }
    }
  }
  return tally;
}
