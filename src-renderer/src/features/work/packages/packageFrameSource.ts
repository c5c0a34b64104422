import type { PackageItemView } from '../../../../../src-shared/ipc';
import { hostFetch } from '../../../host';
import { FrameImageError, type FrameSource } from '../workspace/frameImages';

/**
 * The pictures of a work package's items, read from this workstation (the files the package
 * downloaded), by the frame keys the workspace asks for. Each item read from disk names its
 * frames' addresses; a frame without one (not downloaded, or found deleted or cut short when
 * the item was read) is missing, which the workspace shows as a media failure, never a blank canvas.
 */
export class PackageFrameFiles {
  private readonly urls = new Map<string, string | null>();

  /** Notes where the frames of an item just read from disk are. */
  add(item: PackageItemView): void {
    for (const f of item.frames) this.urls.set(f.key, f.url);
  }

  readonly source: FrameSource = async (key) => {
    const url = this.urls.get(key);
    if (!url) throw new FrameImageError('missing', `${key} is not on this workstation`);
    return hostFetch(url);
  };
}
