import { obsRoutes, type SignedUrl } from '../../../../../src-shared/api/obs';
import type { VideoFrameTimes, VideoInfo } from '../../../../../src-shared/media/videoInfo';
import { apiRequest } from '../../../app/apiClient';
import { routeRequest } from '../../../app/apiSlice';
import { openVideo, VideoOpenError } from '../../../video/openVideo';
import { FrameNotDecodedError, SupersededError, type VideoFrameSource } from '../../../video/videoFrameSource';
import { FrameImageError } from './frameImageError';

/** A video item's frame: its file, and which frame of the file (the item's frame i is the file's `firstFrame + i`). */
export interface VideoFrameRef {
  info: VideoInfo;
  frame: number;
}

/** Files held open: the open item's, and the one of the item got ready ahead. */
const OPEN_FILES = 2;
/** A read that keeps failing is tried again after 1, 2, 4 and 8 s, then the frame counts as not reached (mediabunny's default never gives up). */
const retryDelay = (attempts: number) => (attempts <= 4 ? 2 ** (attempts - 1) : null);

const signedUrl = (key: string) => apiRequest<SignedUrl>(routeRequest(obsRoutes.url, { query: { key } }));

/** How a video file is read: the URL its ranges are read from, with the fetch that reads them, and its frames' times. */
export interface VideoFileAccess {
  url: string;
  fetchFn: typeof fetch;
  times: VideoFrameTimes;
}

/**
 * Where a video item's file comes from: the store through URLs the server signs (the default),
 * or the copy a work package keeps on this workstation (packageFrameSource.ts), read with no
 * network. A failure is thrown in the workspace's words or as the read's own error.
 */
export type VideoFileOpener = (info: VideoInfo) => Promise<VideoFileAccess>;

/** The store: a signed URL for the file and one for its times; a range read refused after the URL expired signs it again once. */
export const storeVideoFiles: VideoFileOpener = async (info) => {
  const [signed, times] = await Promise.all([signedUrl(info.key), signedUrl(info.timesKey).then((t) => readTimes(fetch(t.url), info.timesKey))]);
  let url = signed.url;
  const fetchFn: typeof fetch = async (_input, init) => {
    const res = await fetch(url, init);
    if (res.status !== 401 && res.status !== 403) return res;
    url = (await signedUrl(info.key)).url;
    return fetch(url, init);
  };
  return { url, fetchFn, times };
};

/**
 * The frames of video items, each file opened once as a frame source (src/video) from where
 * `files` says (a URL the server signs, or a work package's copy), with its frames' times
 * (VideoFrameTimes, beside the file). The source's own
 * cache keeps its decoded frames; this keeps the sources, the last used ones, and says what went
 * wrong in the workspace's words (FrameImageError).
 *
 * A signed URL expires; a range read refused after that signs it again once, so a person can
 * stay on a long video for longer than a URL lives.
 */
export class VideoFrames {
  /** by file key, the least recently used first */
  private readonly sources = new Map<string, Promise<VideoFrameSource>>();
  /** the sources opened, for a frame asked for in the middle of a render */
  private readonly opened = new Map<string, VideoFrameSource>();

  constructor(private readonly files: VideoFileOpener = storeVideoFiles) {}

  /** Frame `ref.frame` of the file, decoded. Refused with SupersededError when another frame of the file is asked for first. */
  async get(ref: VideoFrameRef): Promise<OffscreenCanvas> {
    const source = await this.source(ref.info);
    try {
      return await source.frame(ref.frame);
    } catch (err) {
      throw failureOf(err);
    }
  }

  /** The frame if it is decoded already (and the decoder turned to it), else null. */
  peek(ref: VideoFrameRef): OffscreenCanvas | null {
    return this.opened.get(ref.info.key)?.peek(ref.frame) ?? null;
  }

  /** The file's frame source when it is open. */
  sourceOf(info: VideoInfo): VideoFrameSource | null {
    return this.opened.get(info.key) ?? null;
  }

  /** Opens the file of an item about to come, and decodes its frame unless another item of the same file is on it. */
  async warm(ref: VideoFrameRef): Promise<void> {
    const inUse = this.sources.has(ref.info.key);
    const source = await this.source(ref.info);
    if (!inUse) await source.frame(ref.frame).catch((err: unknown) => Promise.reject(failureOf(err)));
  }

  closeAll(): void {
    const files = [...this.sources.values()];
    this.sources.clear();
    this.opened.clear();
    for (const f of files) void f.then((s) => s.close(), () => undefined);
  }

  private source(info: VideoInfo): Promise<VideoFrameSource> {
    const known = this.sources.get(info.key);
    if (known) {
      this.sources.delete(info.key);
      this.sources.set(info.key, known);
      return known;
    }
    const opening = openFile(info, this.files).then((source) => {
      if (this.sources.get(info.key) === opening) this.opened.set(info.key, source);
      else source.close();
      return source;
    });
    this.sources.set(info.key, opening);
    opening.catch(() => {
      if (this.sources.get(info.key) === opening) this.sources.delete(info.key);
    });
    while (this.sources.size > OPEN_FILES) {
      const [oldest, source] = this.sources.entries().next().value as [string, Promise<VideoFrameSource>];
      this.sources.delete(oldest);
      this.opened.delete(oldest);
      // A picture of it may still be on screen: it stays drawable, only its decoder and reads stop.
      void source.then((s) => s.close(), () => undefined);
    }
    return opening;
  }
}

async function openFile(info: VideoInfo, files: VideoFileOpener): Promise<VideoFrameSource> {
  try {
    const access = await files(info);
    return await openVideo(access.url, access.times.times, { fetchFn: access.fetchFn, getRetryDelay: retryDelay });
  } catch (err) {
    throw failureOf(err);
  }
}

/** A file's frame times (VideoFrameTimes) from a read of its times object. */
export async function readTimes(response: Promise<Response>, key: string): Promise<VideoFrameTimes> {
  const res = await response;
  if (res.status === 404) throw new FrameImageError('missing', key);
  if (!res.ok) throw new FrameImageError('unreachable', `HTTP ${res.status}`);
  const body = (await res.json()) as Partial<VideoFrameTimes>;
  if (!Array.isArray(body.times) || body.times.length === 0) throw new FrameImageError('undecodable', `${key} lists no frame times`);
  return body as VideoFrameTimes;
}

/** A failure in the workspace's words; a superseded request stays what it is (nobody waits for it). */
function failureOf(err: unknown): unknown {
  if (err instanceof FrameImageError || err instanceof SupersededError) return err;
  if (err instanceof VideoOpenError) return new FrameImageError(err.reason === 'noDecoder' ? 'noVideoDecoder' : 'undecodable', err.message);
  if (err instanceof FrameNotDecodedError) return new FrameImageError('undecodable', err.message);
  const text = err instanceof Error ? err.message : String(err);
  // mediabunny says a refused read as "Error fetching <url>: 404 Not Found".
  if (/\b404\b/.test(text)) return new FrameImageError('missing', text);
  return new FrameImageError('unreachable', text);
}
