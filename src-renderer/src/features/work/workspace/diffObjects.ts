import type { AnnotationObject } from '../../../../../src-shared/model/annotation';

/** What about an object changed between two versions of a frame. */
export type ObjectChange = 'geometry' | 'label' | 'attributes' | 'hidden' | 'locked' | 'zIndex';

/** One object present in both versions, with what differs. */
export interface ChangedObject {
  before: AnnotationObject;
  after: AnnotationObject;
  what: ObjectChange[];
}

/** The differences between two versions of a frame's objects, matched by object id. */
export interface ObjectDiff {
  /** in `after` only, in its order */
  added: AnnotationObject[];
  /** in `before` only, in its order */
  removed: AnnotationObject[];
  /** in both and different, in `after`'s order */
  changed: ChangedObject[];
  unchanged: number;
}

/** Coordinates closer than this (in image pixels) are the same: a save's rounding is not a move. */
export const GEOMETRY_TOLERANCE = 0.01;

/** Same shape and every number within the tolerance (keys in any order). */
function sameGeometry(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= GEOMETRY_TOLERANCE;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => sameGeometry(x, b[i]));
  }
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const ra = a as Record<string, unknown>;
    const rb = b as Record<string, unknown>;
    const keys = new Set([...Object.keys(ra), ...Object.keys(rb)]);
    // An absent rotation is no rotation.
    for (const k of keys) if (!sameGeometry(ra[k] ?? (k === 'rotation' ? 0 : undefined), rb[k] ?? (k === 'rotation' ? 0 : undefined))) return false;
    return true;
  }
  return a === b;
}

type Answer = AnnotationObject['attributes'][string];

/** A cleared answer is no answer; the options ticked in a checkbox are a set. */
function sameAnswer(a: Answer | undefined, b: Answer | undefined): boolean {
  const x = a ?? null;
  const y = b ?? null;
  if (Array.isArray(x) && Array.isArray(y)) return x.length === y.length && [...x].sort().join('\u0000') === [...y].sort().join('\u0000');
  return x === y;
}

function sameAttributes(a: AnnotationObject['attributes'], b: AnnotationObject['attributes']): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if (!sameAnswer(a[k], b[k])) return false;
  return true;
}

/** What differs between two versions of one object (empty: nothing a reviewer would see). */
export function objectChanges(before: AnnotationObject, after: AnnotationObject): ObjectChange[] {
  const what: ObjectChange[] = [];
  // A different tool is a different shape, whatever the numbers.
  if (before.tool !== after.tool || !sameGeometry(before.geometry, after.geometry)) what.push('geometry');
  if (before.featureId !== after.featureId || before.labelId !== after.labelId) what.push('label');
  if (!sameAttributes(before.attributes, after.attributes)) what.push('attributes');
  if (Boolean(before.hidden) !== Boolean(after.hidden)) what.push('hidden');
  if (Boolean(before.locked) !== Boolean(after.locked)) what.push('locked');
  if (before.zIndex !== after.zIndex) what.push('zIndex');
  return what;
}

/** The objects added, removed and changed from `before` to `after` (matched by id), and how many stayed as they were. */
export function diffObjects(before: readonly AnnotationObject[], after: readonly AnnotationObject[]): ObjectDiff {
  const old = new Map(before.map((o) => [o.id, o]));
  const kept = new Set<string>();
  const added: AnnotationObject[] = [];
  const changed: ChangedObject[] = [];
  let unchanged = 0;
  for (const o of after) {
    const prev = old.get(o.id);
    if (!prev) {
      added.push(o);
      continue;
    }
    kept.add(o.id);
    const what = objectChanges(prev, o);
    if (what.length) changed.push({ before: prev, after: o, what });
    else unchanged++;
  }
  const removed = before.filter((o) => !kept.has(o.id));
  return { added, removed, changed, unchanged };
}
