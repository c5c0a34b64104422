/**
 * Track ids as the track formats write them: whole numbers from 1, one per track, stable within
 * one export (COCO's `attributes.track_id`, MOT's track id). Object ids are unique within an item
 * only, so the numbers are kept per item: memory holds one item's tracks, whatever the export.
 */
export class TrackNumbers {
  private next = 1;
  private item: number | null = null;
  private readonly ids = new Map<string, number>();

  /** The number of the track `objectId` of item `dataId` (items come one after another). */
  of(dataId: number, objectId: string): number {
    if (dataId !== this.item) {
      this.item = dataId;
      this.ids.clear();
    }
    let n = this.ids.get(objectId);
    if (n === undefined) {
      n = this.next++;
      this.ids.set(objectId, n);
    }
    return n;
  }

  /** A number no track has: an object on its own frame only (MOT gives it a track of one row). */
  fresh(): number {
    return this.next++;
  }
}
