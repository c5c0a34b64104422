import type { PackageItemView } from '../../../../../src-shared/ipc';
import { hostFetch } from '../../../host';
import { FrameImageError, type FrameSource } from '../workspace/frameImages';
import { readTimes, type VideoFileOpener } from '../workspace/videoFrames';

/**
 * The pictures of a work package's items, read from this workstation (the files the package
 * downloaded), by the frame keys the workspace asks for. Each item read from disk names its
 * frames' addresses; a frame without one (not downloaded, or found deleted or cut short when
 * the item was read) is missing, which the workspace shows as a media failure, never a blank canvas.
 * A video item's file and frame times come the same way, by the file's key: the workspace reads
 * the file by ranges from its address, as it reads the store's (docs/offline-day.md, "Video items").
 */
export class PackageFrameFiles {
  private readonly urls = new Map<string, string | null>();
  /** by video file key: where the file and its times are read (the items of one long file share them) */
  private readonly videos = new Map<string, { url: string | null; timesUrl: string | null }>();

  /** Notes where the frames of an item just read from disk are. */
  add(item: PackageItemView): void {
    for (const f of item.frames) this.urls.set(f.key, f.url);
    if (item.video) this.videos.set(item.video.key, { url: item.video.url, timesUrl: item.video.timesUrl });
  }

  readonly source: FrameSource = async (key) => {
    const url = this.urls.get(key);
    if (!url) throw new FrameImageError('missing', `${key} is not on this workstation`);
    return hostFetch(url);
  };

  readonly videoFiles: VideoFileOpener = async (info) => {
    const v = this.videos.get(info.key);
    if (!v?.url || !v.timesUrl) throw new FrameImageError('missing', `${info.key} is not on this workstation`);
    const times = await readTimes(hostFetch(v.timesUrl), info.timesKey);
    // Absolute: the browser host's address is a path of the page's origin.
    const url = new URL(v.url, window.location.href).href;
    return { url, fetchFn: (_input, init) => hostFetch(url, init), times };
  };
}
