/**
 * What model evaluation (metrics.ts) takes and answers: COCO's constants, the objects compared,
 * and the schemas of the figures the statistics routes answer.
 */
import { Type, type Static, type TSchema } from 'typebox';

const closed = { additionalProperties: false } as const;
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const NullableNumber = Nullable(Type.Number());
const Count = Type.Integer({ minimum: 0 });

// ---------------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------------

/** The levels `GET /modelPredictStatistics/{modelId}/{level}` answers. */
export const LEVELS = ['object', 'item', 'label'] as const;
export type Level = (typeof LEVELS)[number];
export const isLevel = (value: unknown): value is Level => typeof value === 'string' && (LEVELS as readonly string[]).includes(value);

/** The IoU of AP50, precision, recall, F1, the item figures and the PR curve. */
export const AP50_IOU = 0.5;
/** COCO's 0.50:0.05:0.95, written out so 0.9 is 0.9. */
export const DEFAULT_IOU_THRESHOLDS: readonly number[] = Object.freeze([0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95]);
/** COCO's 101 recall thresholds, computed as numpy's `linspace(0, 1, 101)` does (`i * 0.01`, last exactly 1). */
export const RECALL_THRESHOLDS: readonly number[] = Object.freeze(Array.from({ length: 101 }, (_, i) => (i === 100 ? 1 : i * 0.01)));
/** At most this many points per precision-recall curve. */
export const PR_CURVE_MAX_POINTS = 50;
/** The side of the picture outlines are compared on when an item does not say its frame's size (a mask's largest side). */
export const MASK_IOU_CLIP_SIDE = 65_535;
/** How far a coordinate may move, in pixels, and the object still count as kept by `feedbackOf`. */
export const GEOMETRY_TOLERANCE_PX = 0.5;

/** COCO's per-keypoint OKS sigmas of its 17 person keypoints (pycocotools `kpt_oks_sigmas`). */
export const COCO_KEYPOINT_SIGMAS: Readonly<Record<string, number>> = Object.freeze({
  nose: 0.026,
  left_eye: 0.025,
  right_eye: 0.025,
  left_ear: 0.035,
  right_ear: 0.035,
  left_shoulder: 0.079,
  right_shoulder: 0.079,
  left_elbow: 0.072,
  right_elbow: 0.072,
  left_wrist: 0.062,
  right_wrist: 0.062,
  left_hip: 0.107,
  right_hip: 0.107,
  left_knee: 0.087,
  right_knee: 0.087,
  left_ankle: 0.089,
  right_ankle: 0.089,
});
/** The sigma of a keypoint whose name is not one of COCO's 17. */
export const DEFAULT_KEYPOINT_SIGMA = 0.07;

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

export type EvalTool = 'box' | 'polygon' | 'mask' | 'keypoints';
/** An axis-aligned box in pixels; `rotation` (degrees about the centre) is measured by its bounding box. */
export type EvalBox = { x: number; y: number; width: number; height: number; rotation?: number };
export type EvalPolygon = { points: { x: number; y: number }[] };
/** A mask as stored (src-shared/model/annotation.ts MaskGeometry): COCO's column-major run-length text over its box. */
export type EvalMask = { x: number; y: number; width: number; height: number; rle: string };
/** Keypoints by name; a ground-truth point `absent` is not labelled and does not count (COCO's v = 0). */
export type EvalKeypoint = { name: string; x: number; y: number; visibility?: 'visible' | 'occluded' | 'absent' };
export type EvalKeypoints = { points: EvalKeypoint[] };
export type EvalGeometry = EvalBox | EvalPolygon | EvalMask | EvalKeypoints;

export type EvalObject = { label: string; geometry: EvalGeometry };
export type EvalPrediction = EvalObject & { score: number };
/**
 * One reviewed item (an image): its ground truth and the model's predictions on it. `frame`: the
 * picture's size, when known; outlines are compared as pixels on it (pixels off it are nobody's),
 * else on at most MASK_IOU_CLIP_SIDE px a side from its top-left corner.
 */
export type EvalItem = { id: string; groundTruth: EvalObject[]; predictions: EvalPrediction[]; frame?: { width: number; height: number } };

export type EvaluateOptions = {
  /** the IoU (OKS for keypoints) thresholds `ap5095` averages over; default COCO's 0.50:0.05:0.95 */
  iouThresholds?: readonly number[];
  /** predictions scoring at least this count for precision, recall, F1 and the item figures; default 0 (all) */
  scoreThreshold?: number;
};

// ---------------------------------------------------------------------------------------------
// Result schema
// ---------------------------------------------------------------------------------------------

/**
 * How a label's predictions were matched with its reviewed objects: `box` IoU of boxes (or of a
 * prediction's bounding box), `mask` IoU of pixels (the reviewed objects are outlines: polygons
 * or masks), `oks` keypoint similarity.
 */
export const MATCH_MEASURES = ['box', 'mask', 'oks'] as const;
export type MatchMeasure = (typeof MATCH_MEASURES)[number];

const objectFigureFields = {
  /** tp / (tp + fp) at IoU 0.5 and the score threshold; null without predictions */
  precision: NullableNumber,
  /** tp / gtCount at IoU 0.5 and the score threshold; null without ground truth */
  recall: NullableNumber,
  /** harmonic mean of precision and recall; null when either is */
  f1: NullableNumber,
  /** COCO AP at IoU 0.5 over all predictions (overall: mean over labels with ground truth) */
  ap50: NullableNumber,
  /** mean AP over the IoU thresholds (overall: mean over labels with ground truth) */
  ap5095: NullableNumber,
  tp: Count,
  fp: Count,
  fn: Count,
  gtCount: Count,
  /** predictions at or above the score threshold (tp + fp) */
  predCount: Count,
};
const measureField = {
  /** a label's: what its AP and matches are measured by (absent overall, and on figures stored before outlines were measured as pixels) */
  measure: Type.Optional(Type.Union([Type.Literal('box'), Type.Literal('mask'), Type.Literal('oks')])),
};
/** Object-level figures, overall or of one label (a label's say what they are measured by). */
export const ObjectFigures = Type.Object({ ...objectFigureFields, ...measureField }, closed);
export type ObjectFigures = Static<typeof ObjectFigures>;

/** Item-level figures at IoU 0.5 and the score threshold. */
export const ItemFigures = Type.Object(
  {
    itemCount: Count,
    /** items whose every ground truth is matched and that have no false positive */
    itemsExact: Count,
    /** itemsExact / itemCount */
    itemAccuracy: NullableNumber,
    /** mean per-item precision; an item with nothing expected and nothing predicted counts 1, one with ground truth but no prediction is left out */
    itemMeanPrecision: NullableNumber,
    /** mean per-item recall; an item with nothing expected and nothing predicted counts 1, one with predictions but no ground truth is left out */
    itemMeanRecall: NullableNumber,
  },
  closed,
);
export type ItemFigures = Static<typeof ItemFigures>;

/** One operating point: predictions scoring ≥ `score` reach this recall and precision (IoU 0.5). */
export const PrPoint = Type.Object({ recall: Type.Number(), precision: Type.Number(), score: Type.Number() }, closed);
export type PrPoint = Static<typeof PrPoint>;

export const ModelStatistics = Type.Object(
  {
    iouThresholds: Type.Array(Type.Number()),
    scoreThreshold: Type.Number(),
    overall: ObjectFigures,
    /** by label key: every label that has ground truth or predictions */
    perLabel: Type.Record(Type.String(), ObjectFigures),
    items: ItemFigures,
    /** at IoU 0.5, by descending score; empty without ground truth. Overall pools every label's predictions. */
    prCurve: Type.Object({ overall: Type.Array(PrPoint), perLabel: Type.Record(Type.String(), Type.Array(PrPoint)) }, closed),
  },
  closed,
);
export type ModelStatistics = Static<typeof ModelStatistics>;

/** A row of the `label` level. */
export const LabelFigures = Type.Object({ label: Type.String(), ...objectFigureFields, ...measureField }, closed);
export type LabelFigures = Static<typeof LabelFigures>;

/** The flat JSON `statisticsAtLevel` gives per level. */
export const LevelFigures = {
  object: ObjectFigures,
  item: ItemFigures,
  label: Type.Array(LabelFigures),
} as const;
export type LevelFigures = { object: ObjectFigures; item: ItemFigures; label: LabelFigures[] };
