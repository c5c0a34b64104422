/**
 * The class-folder formats (Ultralytics classification, ImageNet: classFolderLayout.ts) write no
 * annotation file: the folders a picture is put in are its classes, and the export job puts the
 * pictures there (writeExport.ts' mediaPaths, with the same places). This writer only says what
 * the export holds: `objectsWritten` counts the pictures filed under a class (a picture of two
 * classes twice); drawn objects have no place and are counted by tool; Ultralytics skips a
 * picture of no class (`noClass`) and warns of one of several (`severalClasses`: it expects one
 * class a picture, and would train on both copies); a picture whose path an earlier one took,
 * even under its whole path as its name, is left out of that folder (`fileTaken`).
 */
import { ClassFiler, type ClassFolderFormat } from './classFolderLayout';
import { countSkip, newReport, warn } from './geometry';
import type { ExportOntology, ExportReport, ItemSource } from './types';

const REPORT_NAME: Record<ClassFolderFormat, string> = { yoloClassify: 'yolo-classify', imagenet: 'imagenet' };

export async function writeClassFolders(items: ItemSource, ontology: ExportOntology, format: ClassFolderFormat): Promise<ExportReport> {
  const report = newReport(REPORT_NAME[format]);
  const filer = new ClassFiler(format, ontology);
  for await (const item of items) {
    for (const frame of item.frames) {
      report.frames++;
      for (const o of frame.data.objects) countSkip(report.skipped, o.tool);
      const placed = filer.file(frame);
      for (let i = 0; i < placed.unknownLabels; i++) countSkip(report.skipped, 'unknownLabel');
      if (placed.folders.length === 0) {
        countSkip(report.skipped, 'noClass');
        continue;
      }
      if (format === 'yoloClassify' && placed.classes > 1) warn(report, { code: 'severalClasses', file: frame.fileName });
      for (const path of placed.taken) warn(report, { code: 'fileTaken', file: frame.fileName, path });
      if (placed.classes > 0) report.objectsWritten += placed.filed.length;
    }
  }
  return report;
}
