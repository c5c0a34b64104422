/**
 * An export's items without the suggestions nobody confirmed (src-shared/model/unconfirmed.ts),
 * when its plan does not keep them (keepsUnconfirmed): the export job writes these and the
 * export dialog counts them, so the figure and the file agree.
 */
import { isUnconfirmed } from '../../src-shared/model/unconfirmed';
import type { ExportItem } from './formats';

/** Yields each item with its unconfirmed objects taken out, adding how many to `tally.unconfirmed`. */
export async function* withoutUnconfirmed(items: AsyncIterable<ExportItem>, tally: { unconfirmed: number }): AsyncGenerator<ExportItem> {
  for await (const item of items) {
    let dropped = 0;
    const frames = item.frames.map((f) => {
      const objects = f.data.objects.filter((o) => !isUnconfirmed(o));
      dropped += f.data.objects.length - objects.length;
      return objects.length === f.data.objects.length ? f : { ...f, data: { ...f.data, objects } };
    });
    tally.unconfirmed += dropped;
    yield dropped > 0 ? { ...item, frames } : item;
  }
}
