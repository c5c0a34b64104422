import type { PackageItem } from '../../../src-shared/api/taskSubject';
import type { ObjectStore } from '../../storage';
import { mapLimit } from '../subject/importCheck';

/** HEADs in flight while a package is taken: a package of 200 video items names at most 400 objects, usually far fewer. */
const HEAD_CONCURRENCY = 8;

/**
 * A package's video items with the sizes of their file and frame times object
 * (`PackageItem.videoSizes`): a video item's frame rows carry shares of the file's bytes, and the
 * times object has none, so the workstation could neither count nor check what it downloads.
 * Each object is asked once, however many items (stretches of one long file) name it.
 */
export async function withVideoSizes(storage: ObjectStore, items: PackageItem[]): Promise<PackageItem[]> {
  const keys = [...new Set(items.flatMap((it) => (it.subject.video ? [it.subject.video.key, it.subject.video.timesKey] : [])))];
  if (keys.length === 0) return items;
  const infos = await mapLimit(keys, HEAD_CONCURRENCY, (key) => storage.head(key));
  const size = new Map(keys.map((k, i) => [k, infos[i]?.size]));
  return items.map((it) => {
    const v = it.subject.video;
    const file = v && size.get(v.key);
    const times = v && size.get(v.timesKey);
    return file !== undefined && times !== undefined ? { ...it, videoSizes: { file, times } } : it;
  });
}
