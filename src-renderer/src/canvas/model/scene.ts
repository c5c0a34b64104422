/**
 * The objects of the current frame by id, with their spatial index and z-order. Everything
 * that changes objects goes through apply(), which tells the listeners what changed; a reset
 * (a new frame) is told apart from an edit so it is not journalled as one.
 */
import type { AnnotationObject, Point2 } from '../../../../src-shared/model/annotation';
import type { Rect } from '../geometry/rect';
import { drawOrder, ObjectIndex } from '../spatial/objectIndex';
import { summarize, type Edit, type EditSummary } from './edit';

export type SceneChange = { kind: 'reset' } | ({ kind: 'edit' } & EditSummary);

export class Scene {
  readonly index = new ObjectIndex();
  private byId = new Map<string, AnnotationObject>();
  private sorted: AnnotationObject[] | null = null;
  private listeners = new Set<(change: SceneChange) => void>();

  setObjects(objects: readonly AnnotationObject[]): void {
    this.byId = new Map(objects.map((o) => [o.id, o]));
    // A duplicated id keeps its last copy, like the map; the index must hold the same objects.
    this.index.setObjects([...this.byId.values()]);
    this.sorted = null;
    this.emit({ kind: 'reset' });
  }

  apply(edit: Edit): void {
    if (!edit.length) return;
    for (const c of edit) {
      if (c.after) {
        this.byId.set(c.id, c.after);
        this.index.upsert(c.after);
      } else {
        this.byId.delete(c.id);
        this.index.remove(c.id);
      }
    }
    this.sorted = null;
    this.emit({ kind: 'edit', ...summarize(edit) });
  }

  get(id: string): AnnotationObject | undefined {
    return this.byId.get(id);
  }

  get size(): number {
    return this.byId.size;
  }

  /** Every object, bottom to top. */
  ordered(): AnnotationObject[] {
    this.sorted ??= this.index.all().sort(drawOrder).map((i) => i.object);
    return this.sorted;
  }

  /** The highest zIndex in the frame (0 when empty): a new object goes above it. */
  topZ(): number {
    let top = -Infinity;
    for (const o of this.byId.values()) if (o.zIndex > top) top = o.zIndex;
    return top === -Infinity ? 0 : top;
  }

  bottomZ(): number {
    let bottom = Infinity;
    for (const o of this.byId.values()) if (o.zIndex < bottom) bottom = o.zIndex;
    return bottom === Infinity ? 0 : bottom;
  }

  /** The top-most shown object under p; hidden objects cannot be hit, locked ones can (to be selected). */
  hitTest(p: Point2, tolerance: number): AnnotationObject | null {
    return this.index.hitTest(p, tolerance, (o) => !o.hidden);
  }

  /** Shown objects whose bounds meet the rect, bottom to top: what a viewport draws. */
  visibleIn(rect: Rect, except?: ReadonlySet<string>): AnnotationObject[] {
    const items = this.index.search(rect).filter((i) => !i.object.hidden && !except?.has(i.object.id));
    return items.sort(drawOrder).map((i) => i.object);
  }

  /** Where objects are at all (hidden ones included), null when there are none. */
  bounds(): Rect | null {
    return this.index.bounds();
  }

  onChange(listener: (change: SceneChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(change: SceneChange): void {
    for (const l of this.listeners) l(change);
  }
}
