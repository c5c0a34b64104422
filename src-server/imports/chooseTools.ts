/**
 * Shapes meet the tool the project draws their label with. A file names a label and gives a
 * shape, but the project may hold that label under another tool: a COCO polygon or a YOLO-seg
 * outline for a label of a mask feature, a PNG mask or COCO RLE for a label of a polygon (or box)
 * feature. Then the object is converted rather than a second feature of the file's tool created
 * beside the project's (CVAT's importers convert masks and polygons the same way):
 *
 * - polygon -> mask: the polygons of one COCO annotation become one mask (their union, as
 *   pycocotools merges them), each other polygon a mask of its own;
 * - mask -> polygon: one polygon per part, holes bridged in; mask -> box: its box.
 *
 * The file's own tool wins when the project has the label under it too; a label the project has
 * under none of them keeps the file's tool (and is created with it when confirmed). Decided
 * before the ontology is planned (labels and tools only); shapes are converted once each frame
 * and its size are known (convertShapes.ts), since YOLO's coordinates are fractions till then.
 */
import type { OntologyFeature, OntologyTool } from '../../src-shared/model/ontology';
import { resolveLabel } from './resolveLabel';
import type { SourceFrame } from './sourceModel';

/** What each tool may be read as, in order of preference after itself. */
const ALTERNATIVES: Partial<Record<string, readonly ('mask' | 'polygon' | 'box')[]>> = {
  polygon: ['mask'],
  mask: ['polygon', 'box'],
};

export function chooseTools(frames: Iterable<SourceFrame>, features: readonly OntologyFeature[]): void {
  const chosen = new Map<string, 'mask' | 'polygon' | 'box' | null>();
  for (const frame of frames) {
    for (const o of frame.objects) {
      const alternatives = ALTERNATIVES[o.tool];
      // Lossless objects name their feature exactly, and an oriented box's corners are a box: no conversion.
      if (!alternatives || o.sourceFeature || o.kept || o.oriented) continue;
      const key = `${o.tool}\u0000${o.featureName ?? ''}\u0000${o.label}`;
      let tool = chosen.get(key);
      if (tool === undefined) {
        const named = o.featureName !== undefined ? { featureName: o.featureName } : {};
        const has = (t: OntologyTool) => resolveLabel(features, { label: o.label, tool: t, ...named })?.label !== undefined;
        tool = has(o.tool) ? null : (alternatives.find(has) ?? null);
        chosen.set(key, tool);
      }
      if (tool) o.asTool = tool;
    }
  }
}
