/**
 * The COCO person skeleton: 17 points in the pose model's order, named in both languages so the
 * AI's point matching (src-shared/ai/classMatch.ts) and people of either language read them, and
 * COCO's 19 lines between them. The ontology editor offers it as a template.
 */
const POINTS: readonly [string, string][] = [
  ['Nose', '鼻子'], ['Left eye', '左眼'], ['Right eye', '右眼'], ['Left ear', '左耳'], ['Right ear', '右耳'],
  ['Left shoulder', '左肩'], ['Right shoulder', '右肩'], ['Left elbow', '左肘'], ['Right elbow', '右肘'],
  ['Left wrist', '左手腕'], ['Right wrist', '右手腕'], ['Left hip', '左髋'], ['Right hip', '右髋'],
  ['Left knee', '左膝'], ['Right knee', '右膝'], ['Left ankle', '左脚踝'], ['Right ankle', '右脚踝'],
];

/** COCO's skeleton lines, 1-based as its annotation files write them. */
const COCO_LINES: readonly [number, number][] = [
  [16, 14], [14, 12], [17, 15], [15, 13], [12, 13], [6, 12], [7, 13], [6, 7], [6, 8], [7, 9], [8, 10], [9, 11], [2, 3], [1, 2], [1, 3], [2, 4], [3, 5], [4, 6], [5, 7],
];

export const COCO_SKELETON_TEMPLATE = {
  points: POINTS.map(([en, zh]) => ({ name: `${en} ${zh}` })),
  edges: COCO_LINES.map(([a, b]) => ({ from: a - 1, to: b - 1 })),
} as const;
