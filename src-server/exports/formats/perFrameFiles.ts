import { stemOf, warn } from './geometry';
import type { ExportFrame, ExportReport, ItemSource } from './types';

/**
 * The frames of a format that writes a file per frame (Pascal VOC, LabelMe, KITTI), each with the stem its
 * file is named by: a frame whose stem an earlier one took is counted, warned of (`fileTaken`,
 * with the path `pathOf` gives) and left out, as two pictures cannot share one label file.
 */
export async function* framesByStem(items: ItemSource, report: ExportReport, pathOf: (stem: string) => string): AsyncGenerator<{ frame: ExportFrame; stem: string }> {
  const written = new Set<string>();
  for await (const item of items) {
    for (const frame of item.frames) {
      report.frames++;
      const stem = stemOf(frame.fileName);
      if (written.has(stem)) {
        warn(report, { code: 'fileTaken', file: frame.fileName, path: pathOf(stem) });
        continue;
      }
      written.add(stem);
      yield { frame, stem };
    }
  }
}
