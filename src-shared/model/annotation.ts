/**
 * The stored annotation of one frame of a task subject: the objects drawn on it and the
 * answers to frame-level classifications. One schema for what clients send, what the server
 * stores (annotation_frames.data) and what it answers; `version` is the version of this shape,
 * and migrateFrameData brings an older stored frame up to it.
 */
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import { Id } from '../api/envelope';
import { ElementId } from './ontology';
import { literals } from './literals';
import { FreeText } from './textFields';
import { countsArea, decodeCounts } from '../mask/rle';

/** The version of the frame shape this build writes. */
export const ANNOTATION_VERSION = 1;

/** The drawing tools (the ontology's tools without classification, which is not drawn). */
export const ANNOTATION_TOOLS = ['box', 'polygon', 'polyline', 'point', 'keypoints', 'cuboid', 'mask'] as const;
export type AnnotationTool = (typeof ANNOTATION_TOOLS)[number];
/** Who made an object: a person, a model (pre-annotation), or an imported annotation file. */
export const OBJECT_SOURCES = ['manual', 'ai', 'import'] as const;
export type ObjectSource = (typeof OBJECT_SOURCES)[number];
export const KEYPOINT_VISIBILITIES = ['visible', 'occluded', 'absent'] as const;

export const ANNOTATION_LIMITS = {
  objectsPerFrame: 20_000,
  classificationsPerFrame: 1_000,
  /** vertices of one polygon or polyline */
  pointsPerShape: 10_000,
  keypointsPerObject: 100,
  attributesPerObject: 200,
  /** characters of a text attribute's answer */
  textAnswer: 10_000,
  /** option ids of a checkbox answer */
  choicesPerAnswer: 100,
  /** pixel (or point-cloud metre) coordinates stay inside this range, which also keeps them finite */
  coordinate: 1e7,
  /** a mask's bounding box side, in pixels (frames past 16k px are tiled, and masks may span them) */
  maskSide: 65_535,
  /** a mask's pixels over its bounding box: what one count of its run-length text can hold */
  maskPixels: 0x7fffffff,
  /** characters of a mask's run-length text (a noisy full-frame mask of 40 MP stays under it) */
  maskText: 8_000_000,
} as const;

const closed = { additionalProperties: false } as const;

/** A coordinate: bounded, so a body's 1e309 (Infinity after JSON.parse) is refused by the schema. */
const Coord = Type.Number({ minimum: -ANNOTATION_LIMITS.coordinate, maximum: ANNOTATION_LIMITS.coordinate });
const Extent = Type.Number({ minimum: 0, maximum: ANNOTATION_LIMITS.coordinate });
export const Point2 = Type.Object({ x: Coord, y: Coord }, closed);
export type Point2 = Static<typeof Point2>;

/** An object or classification id the client chose (a uuid, or any short token): unique in its frame. */
export const AnnotationId = Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' });

/** An attribute's answer: an option id (radio, select), option ids (checkbox), text, a number, or cleared. */
export const AttributeAnswer = Type.Union([
  FreeText(ANNOTATION_LIMITS.textAnswer),
  Type.Number({ minimum: -1e15, maximum: 1e15 }),
  Type.Boolean(),
  Type.Array(ElementId, { maxItems: ANNOTATION_LIMITS.choicesPerAnswer }),
  Type.Null(),
]);
/** Answers by attribute id; attribute ids are unique at every level of a feature, so one map holds nested ones too. */
export const AttributeAnswers = Type.Record(ElementId, AttributeAnswer, { ...closed, maxProperties: ANNOTATION_LIMITS.attributesPerObject });

export const BoxGeometry = Type.Object(
  { x: Coord, y: Coord, width: Extent, height: Extent, /** degrees, clockwise about the centre */ rotation: Type.Optional(Type.Number({ minimum: -360, maximum: 360 })) },
  closed,
);
const pointsOf = (minItems: number, maxItems: number) => Type.Object({ points: Type.Array(Point2, { minItems, maxItems }) }, closed);
export const PolygonGeometry = pointsOf(3, ANNOTATION_LIMITS.pointsPerShape);
export const PolylineGeometry = pointsOf(2, ANNOTATION_LIMITS.pointsPerShape);
export const PointGeometry = Point2;
/** Keypoints by the ids of the feature's skeleton points. */
export const KeypointsGeometry = Type.Object(
  {
    points: Type.Array(Type.Object({ pointId: ElementId, x: Coord, y: Coord, visibility: literals(KEYPOINT_VISIBILITIES) }, closed), {
      minItems: 1,
      maxItems: ANNOTATION_LIMITS.keypointsPerObject,
    }),
  },
  closed,
);
/**
 * A mask: its bitmap over its bounding box (whole frame pixels, x and y of the top-left pixel),
 * as COCO's compressed run-length text in column-major order (src-shared/mask/rle.ts). Only the
 * box is stored, so a stroke's save costs the runs of one object, never a frame-sized bitmap.
 */
const MaskSide = Type.Integer({ minimum: 1, maximum: ANNOTATION_LIMITS.maskSide });
const MaskCorner = Type.Integer({ minimum: -ANNOTATION_LIMITS.coordinate, maximum: ANNOTATION_LIMITS.coordinate });
export const MaskGeometry = Type.Object(
  { x: MaskCorner, y: MaskCorner, width: MaskSide, height: MaskSide, rle: Type.String({ minLength: 1, maxLength: ANNOTATION_LIMITS.maskText, pattern: '^[0-o]+$' }) },
  closed,
);
export type MaskGeometry = Static<typeof MaskGeometry>;
/** A cuboid as its 8 projected corners: the front face clockwise from top-left, then the back face likewise. */
export const CuboidGeometry = pointsOf(8, 8);

const objectFields = {
  id: AnnotationId,
  featureId: Id,
  /** the label (class) of the feature, by its ontology element id */
  labelId: ElementId,
  attributes: AttributeAnswers,
  zIndex: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 }),
  hidden: Type.Optional(Type.Boolean()),
  locked: Type.Optional(Type.Boolean()),
  source: literals(OBJECT_SOURCES),
  /** a model's confidence in an object it suggested (source 'ai'), 0 to 1 */
  score: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  /**
   * A keyframe of the track whose id this object has (frame and video items, docs/video.md
   * "Tracks"): on the frames after it the track is this shape moved towards its next keyframe,
   * or this shape until the end. Without it the object is on this frame only.
   */
  keyframe: Type.Optional(Type.Literal(true)),
  /** on a keyframe: the track is out of view from this frame until its next keyframe */
  outside: Type.Optional(Type.Literal(true)),
  /**
   * on a keyframe the tracker placed: it followed the object there without being sure (docs/video.md,
   * "Automatic tracking"); the timeline marks it for a look, and a person's edit of it (or "Looks right") drops it
   */
  unsure: Type.Optional(Type.Literal(true)),
};
const objectOf = <T extends AnnotationTool, G extends ReturnType<typeof Type.Object>>(tool: T, geometry: G) =>
  Type.Object({ ...objectFields, tool: Type.Literal(tool), geometry }, closed);

/** One drawn object; `tool` decides the shape of `geometry`. */
export const AnnotationObject = Type.Union([
  objectOf('box', BoxGeometry),
  objectOf('polygon', PolygonGeometry),
  objectOf('polyline', PolylineGeometry),
  objectOf('point', PointGeometry),
  objectOf('keypoints', KeypointsGeometry),
  objectOf('cuboid', CuboidGeometry),
  objectOf('mask', MaskGeometry),
]);
export type AnnotationObject = Static<typeof AnnotationObject>;

/** An answer to a frame-level classification feature: a label, attribute answers, or both. */
export const FrameClassification = Type.Object(
  { id: AnnotationId, featureId: Id, labelId: Type.Optional(ElementId), attributes: AttributeAnswers, source: literals(OBJECT_SOURCES) },
  closed,
);
export type FrameClassification = Static<typeof FrameClassification>;

/** Everything annotated on one frame, in the current version. */
export const FrameData = Type.Object(
  {
    version: Type.Literal(ANNOTATION_VERSION),
    objects: Type.Array(AnnotationObject, { maxItems: ANNOTATION_LIMITS.objectsPerFrame }),
    classifications: Type.Array(FrameClassification, { maxItems: ANNOTATION_LIMITS.classificationsPerFrame }),
  },
  closed,
);
export type FrameData = Static<typeof FrameData>;

export const emptyFrameData = (): FrameData => ({ version: ANNOTATION_VERSION, objects: [], classifications: [] });

/** Why a frame is refused beyond its schema, at a JSON pointer into the frame. */
export const ANNOTATION_ISSUES = ['schema', 'duplicateId', 'duplicatePoint', 'notFinite', 'degenerate', 'maskRuns'] as const;
export type AnnotationIssueReason = (typeof ANNOTATION_ISSUES)[number];
export interface AnnotationIssue {
  reason: AnnotationIssueReason;
  path: string;
  message?: string;
}
/** A body with thousands of broken objects reports the first few, not a megabyte of issues. */
const MAX_ISSUES = 20;

const finite = (...values: number[]) => values.every(Number.isFinite);
const pointsOfGeometry = (o: AnnotationObject): Point2[] =>
  o.tool === 'box' || o.tool === 'point' || o.tool === 'mask' ? [{ x: o.geometry.x, y: o.geometry.y }] : o.geometry.points;

/** A mask's runs must cover its box exactly (a cut text does not) and set at least one pixel. */
function maskIssue(g: MaskGeometry, at: string): AnnotationIssue | null {
  if (g.width * g.height > ANNOTATION_LIMITS.maskPixels) return { reason: 'maskRuns', path: `${at}/geometry`, message: 'mask box too large' };
  const counts = decodeCounts(g.rle);
  if (!counts) return { reason: 'maskRuns', path: `${at}/geometry/rle`, message: 'not a whole run-length text' };
  const { pixels, set } = countsArea(counts);
  if (pixels !== g.width * g.height) return { reason: 'maskRuns', path: `${at}/geometry/rle`, message: `runs cover ${pixels} pixels, the box ${g.width * g.height}` };
  return set > 0 ? null : { reason: 'degenerate', path: `${at}/geometry/rle` };
}

/** What the schema cannot say about one object; null when it is sound. */
function objectIssue(o: AnnotationObject, at: string): AnnotationIssue | null {
  if (!pointsOfGeometry(o).every((p) => finite(p.x, p.y))) return { reason: 'notFinite', path: `${at}/geometry` };
  // a track leaves view at one of its keyframes; an object on one frame only is simply not drawn there
  if (o.outside && !o.keyframe) return { reason: 'schema', path: `${at}/outside`, message: 'outside is only on a keyframe' };
  if (o.unsure && !o.keyframe) return { reason: 'schema', path: `${at}/unsure`, message: 'unsure is only on a keyframe' };
  switch (o.tool) {
    case 'box':
      if (!finite(o.geometry.width, o.geometry.height, o.geometry.rotation ?? 0)) return { reason: 'notFinite', path: `${at}/geometry` };
      // A click without a drag makes a box of no area, which no one meant to keep.
      return o.geometry.width > 0 && o.geometry.height > 0 ? null : { reason: 'degenerate', path: `${at}/geometry` };
    case 'polygon': {
      const distinct = new Set(o.geometry.points.map((p) => `${p.x},${p.y}`));
      return distinct.size >= 3 ? null : { reason: 'degenerate', path: `${at}/geometry/points` };
    }
    case 'mask':
      return maskIssue(o.geometry, at);
    case 'keypoints': {
      const seen = new Set<string>();
      for (const [k, p] of o.geometry.points.entries()) {
        if (seen.has(p.pointId)) return { reason: 'duplicatePoint', path: `${at}/geometry/points/${k}/pointId` };
        seen.add(p.pointId);
      }
      return null;
    }
    default:
      return null;
  }
}

/**
 * The rules a schema-valid frame can still break: ids unique across the frame's objects and
 * classifications (notes and edits address objects by id), finite numbers (for callers in the
 * same process, where NaN never went through JSON), and shapes with an area. Empty when sound.
 */
export function frameDataIssues(data: FrameData, at = ''): AnnotationIssue[] {
  const issues: AnnotationIssue[] = [];
  const ids = new Set<string>();
  const claim = (id: string, path: string) => {
    if (ids.has(id)) issues.push({ reason: 'duplicateId', path });
    ids.add(id);
  };
  for (const [i, o] of data.objects.entries()) {
    if (issues.length >= MAX_ISSUES) break;
    claim(o.id, `${at}/objects/${i}/id`);
    const issue = objectIssue(o, `${at}/objects/${i}`);
    if (issue) issues.push(issue);
  }
  for (const [i, c] of data.classifications.entries()) {
    if (issues.length >= MAX_ISSUES) break;
    claim(c.id, `${at}/classifications/${i}/id`);
  }
  return issues.slice(0, MAX_ISSUES);
}

/**
 * Schema and rules together, for values that did not come through a validated request. `check`
 * is the schema check: the server passes its compiled one (src-server/validation/compiledChecks.ts).
 */
export function validateFrameData(value: unknown, check: (v: unknown) => v is FrameData = (v): v is FrameData => Value.Check(FrameData, v)): { ok: true; data: FrameData } | { ok: false; issues: AnnotationIssue[] } {
  if (!check(value)) {
    const issues = Value.Errors(FrameData, value)
      .slice(0, MAX_ISSUES)
      .map((e): AnnotationIssue => ({ reason: 'schema', path: e.instancePath || '/', message: e.message }));
    return { ok: false, issues };
  }
  const issues = frameDataIssues(value);
  return issues.length ? { ok: false, issues } : { ok: true, data: value };
}

/** A stored frame this build cannot read: written by a newer build, or not a frame at all. */
export class AnnotationMigrationError extends Error {
  constructor(readonly storedVersion: unknown) {
    super(`cannot migrate annotation frame of version ${String(storedVersion)} to ${ANNOTATION_VERSION}`);
    this.name = 'AnnotationMigrationError';
  }
}

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);
const listOf = (v: unknown): Loose[] => (Array.isArray(v) ? v.filter(isObject) : []);

/**
 * Version 0 (frames written before the shape had a version) lacked `version`, `zIndex`,
 * `source` and `classifications`, and could omit empty `attributes`. Drawing order was the
 * list's order, and everything was drawn by hand.
 */
function fromVersion0(frame: Loose): FrameData {
  const objects = listOf(frame.objects).map((o, i) => ({
    ...o,
    attributes: isObject(o.attributes) ? o.attributes : {},
    zIndex: typeof o.zIndex === 'number' ? o.zIndex : i,
    source: o.source === 'ai' ? 'ai' : 'manual',
  }));
  const classifications = listOf(frame.classifications).map((c) => ({
    ...c,
    attributes: isObject(c.attributes) ? c.attributes : {},
    source: c.source === 'ai' ? 'ai' : 'manual',
  }));
  return { version: ANNOTATION_VERSION, objects, classifications } as FrameData;
}

/**
 * Brings a stored frame up to ANNOTATION_VERSION. Pure: the input is not changed, a current
 * frame comes back as it is. Throws AnnotationMigrationError for a frame of a newer version
 * (rather than guess at it and lose what this build does not know).
 */
export function migrateFrameData(stored: unknown): FrameData {
  if (!isObject(stored)) throw new AnnotationMigrationError(undefined);
  const version = stored.version ?? 0;
  if (version === ANNOTATION_VERSION) return stored as FrameData;
  if (version === 0) return fromVersion0(stored);
  throw new AnnotationMigrationError(version);
}
