/**
 * The objects of the current frame by id, with their spatial index and z-order. Everything
 * that changes objects goes through apply(), which tells the listeners what changed; a reset
 * (a new frame) is told apart from an edit so it is not journalled as one.
 */
import type { AnnotationObject, Point2 } from '../../../../src-shared/model/annotation';
import type { Rect } from '../geometry/rect';
import { drawOrder, ObjectIndex, type IndexItem } from '../spatial/objectIndex';
import { summarize, type Edit, type EditSummary } from './edit';

export type SceneChange = { kind: 'reset' } | ({ kind: 'edit' } & EditSummary);

export class Scene {
  readonly index = new ObjectIndex();
  private byId = new Map<string, AnnotationObject>();
  private sorted: AnnotationObject[] | null = null;
  private sortedItems: IndexItem[] | null = null;
  private listeners = new Set<(change: SceneChange) => void>();

  setObjects(objects: readonly AnnotationObject[]): void {
    this.byId = new Map(objects.map((o) => [o.id, o]));
    // A duplicated id keeps its last copy, like the map; the index must hold the same objects.
    this.index.setObjects([...this.byId.values()]);
    this.sorted = null;
    this.sortedItems = null;
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
    this.sortedItems = null;
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
    this.sorted ??= this.orderedItems().map((i) => i.object);
    return this.sorted;
  }

  /** Every object with its bounds, bottom to top (kept until the next change). */
  orderedItems(): readonly IndexItem[] {
    this.sortedItems ??= this.index.all().sort(drawOrder);
    return this.sortedItems;
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

  /**
   * Shown objects whose bounds meet the rect with their bounds, bottom to top. When the rect
   * holds a quarter or more of the area where objects are, the objects in order are filtered
   * rather than the index searched and its answer sorted (100,000 boxes: a few milliseconds
   * instead of tens).
   */
  visibleItems(rect: Rect, except?: ReadonlySet<string>): IndexItem[] {
    const b = this.index.bounds();
    if (!b) return [];
    const shown = (i: IndexItem) => !i.object.hidden && !except?.has(i.object.id);
    const w = Math.min(rect.maxX, b.maxX) - Math.max(rect.minX, b.minX);
    const h = Math.min(rect.maxY, b.maxY) - Math.max(rect.minY, b.minY);
    if (w < 0 || h < 0) return [];
    const share = (w * h) / Math.max((b.maxX - b.minX) * (b.maxY - b.minY), 1e-9);
    if (share < 0.25) return this.index.search(rect).filter(shown).sort(drawOrder);
    return this.orderedItems().filter((i) => i.minX <= rect.maxX && i.maxX >= rect.minX && i.minY <= rect.maxY && i.maxY >= rect.minY && shown(i));
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
