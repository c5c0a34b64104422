/**
 * KITTI object detection, 2D boxes (`label_2/<stem>.txt` per frame, its picture under
 * `image_2/`), as KITTI's devkit, Datumaro's `kitti` format and CVAT's "KITTI 1.0" read it: a line
 * per box, `type truncated occluded alpha left top right bottom` and the 3D fields KITTI fills with
 * its "not known" values (`-1 -1 -1 -1000 -1000 -1000 -10`), space-separated.
 *
 * `type` is the label's name with its white space as `_` (KITTI splits lines at spaces).
 * `truncated` is 1 for an object answering an attribute of that name yes, else 0; `occluded` 1
 * likewise (KITTI's levels 2 and 3 have no answer of ours). A rotated box becomes the box it
 * covers (`rotatedBoxFlattened`). Other shapes are left out and counted; answers beyond those two
 * have no place in KITTI.
 */
import { answeredYes } from './yesAnswer';
import { answerNamer } from './attributeKeys';
import { buildCategories } from './categories';
import { countSkip, enclosingBox, newReport } from './geometry';
import { framesByStem } from './perFrameFiles';
import { leftOutBecause } from './keptObjects';
import type { ExportOntology, ExportReport, ItemSource, ZipSink } from './types';

/** KITTI's "not known" values: alpha (before the box), then dimensions, location and rotation_y (after it). */
const ALPHA = '-10';
const NOT_KNOWN_3D = '-1 -1 -1 -1000 -1000 -1000 -10';

export const kittiType = (name: string): string => name.trim().replace(/\s+/g, '_');

export async function writeKitti(items: ItemSource, ontology: ExportOntology, sink: ZipSink): Promise<ExportReport> {
  const report = newReport('kitti');
  const categories = buildCategories(ontology);
  const namer = answerNamer(ontology.features);
  for await (const { frame, stem } of framesByStem(items, report, (s) => `label_2/${s}.txt`)) {
    const lines: string[] = [];
    for (const o of [...frame.data.objects].sort((a, b) => a.zIndex - b.zIndex)) {
      const category = categories.of(o.featureId, o.labelId ?? '');
      const leftOut = leftOutBecause('kitti', o, frame, category !== undefined);
      if (leftOut !== null || !category || o.tool !== 'box') {
        countSkip(report.skipped, leftOut ?? o.tool);
        continue;
      }
      if (o.geometry.rotation) countSkip(report.skipped, 'rotatedBoxFlattened');
      const r = enclosingBox(o.geometry);
      const named = namer.object(o, report.skipped);
      const flag = (name: string) => (answeredYes(named, name) ? 1 : 0);
      lines.push(`${kittiType(category.name)} ${flag('truncated')} ${flag('occluded')} ${ALPHA} ${r.x} ${r.y} ${r.x + r.width} ${r.y + r.height} ${NOT_KNOWN_3D}`);
      report.objectsWritten++;
    }
    await sink.add(`label_2/${stem}.txt`, lines.map((l) => `${l}\n`).join(''));
  }
  return report;
}
