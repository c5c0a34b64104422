/**
 * Which labels each AI tool can put its answer into, and which one it uses: the one the person
 * picked for that tool in the AI panel, else the first. Arming a label of the tool in the
 * palette picks it too (the page does that), so "the active polygon label" is what they expect.
 */
import type { AnnotationTool } from '../../../../../../src-shared/model/annotation';
import type { PaletteEntry } from '../palette';
import { sameThing } from '../../../../../../src-shared/ai/classMatch';

/** The AI tools that put objects of one label on the frame. */
export type TargetTool = 'box' | 'polygon' | 'keypoints';

export const entryKey = (e: Pick<PaletteEntry, 'featureId' | 'labelId'>): string => `${e.featureId}:${e.labelId}`;

/**
 * Whose features a tool's answer can go into: detections into boxes, or the segmenter's outlines
 * or masks of them; outlines into polygons or masks (the segmenter answers both); skeletons into
 * keypoint features that have one.
 */
const TOOLS_OF: Record<TargetTool, readonly AnnotationTool[]> = { box: ['box', 'polygon', 'mask'], polygon: ['polygon', 'mask'], keypoints: ['keypoints'] };

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

/**
 * The outline label a box becomes (box to polygon): the one the person chose for outlines; else
 * the outline label that names the same thing as the box's label ("Person 人" and "行人"); else
 * none, and the person is asked (never a silent pick of some other label).
 */
export function outlineLabelFor(palette: readonly PaletteEntry[], box: Pick<PaletteEntry, 'featureId' | 'labelId'>, picked: string | undefined): PaletteEntry | undefined {
  const outlines = targetsFor(palette, 'polygon');
  const chosen = picked ? outlines.find((e) => entryKey(e) === picked) : undefined;
  if (chosen) return chosen;
  const boxLabel = palette.find((e) => e.featureId === box.featureId && e.labelId === box.labelId);
  const alike = boxLabel ? outlines.filter((e) => sameThing(boxLabel, e)) : [];
  return alike.length === 1 ? alike[0] : undefined;
}
