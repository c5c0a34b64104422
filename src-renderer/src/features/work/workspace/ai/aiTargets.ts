/**
 * Which labels each AI tool can put its answer into, and which one it uses: the one the person
 * picked for that tool in the AI panel, else the first. Arming a label of the tool in the
 * palette picks it too (the page does that), so "the active polygon label" is what they expect.
 */
import type { AnnotationTool } from '../../../../../../src-shared/model/annotation';
import type { PaletteEntry } from '../palette';

/** The AI tools that put objects of one label on the frame. */
export type TargetTool = 'box' | 'polygon' | 'keypoints';

export const entryKey = (e: Pick<PaletteEntry, 'featureId' | 'labelId'>): string => `${e.featureId}:${e.labelId}`;

/** Whose features a tool's answer can go into: detections into boxes or polygons, outlines into polygons, skeletons into keypoint features that have one. */
const TOOLS_OF: Record<TargetTool, readonly AnnotationTool[]> = { box: ['box', 'polygon'], polygon: ['polygon'], keypoints: ['keypoints'] };

export function targetsFor(palette: readonly PaletteEntry[], tool: TargetTool): PaletteEntry[] {
  return palette.filter((e) => TOOLS_OF[tool].includes(e.tool) && (tool !== 'keypoints' || e.template.skeleton !== undefined));
}

/** The label a tool uses: the picked one while it exists, else the first (detection: none, meaning every label by class name). */
export function targetOf(palette: readonly PaletteEntry[], tool: TargetTool, picked: string | undefined): PaletteEntry | undefined {
  const targets = targetsFor(palette, tool);
  const chosen = picked ? targets.find((e) => entryKey(e) === picked) : undefined;
  if (chosen || tool === 'box') return chosen;
  return targets[0];
}
