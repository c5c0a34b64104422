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

/**
 * The frames of video items, each file opened once as a frame source (src/video) from a URL the
 * server signs, with its frames' times (VideoFrameTimes, beside the file). The source's own
 * cache keeps its decoded frames; this keeps the sources, the last used ones, and says what went
 * wrong in the workspace's words (FrameImageError).
 *
 * A signed URL expires; a range read refused after that signs it again once, so a person can
 * stay on a long video for longer than a URL lives.
 */
export class VideoFrames {
  /** by file key, the least recently used first */
  private readonly files = new Map<string, Promise<VideoFrameSource>>();
  /** the sources opened, for a frame asked for in the middle of a render */
  private readonly opened = new Map<string, VideoFrameSource>();

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
    const inUse = this.files.has(ref.info.key);
    const source = await this.source(ref.info);
    if (!inUse) await source.frame(ref.frame).catch((err: unknown) => Promise.reject(failureOf(err)));
  }

  closeAll(): void {
    const files = [...this.files.values()];
    this.files.clear();
    this.opened.clear();
    for (const f of files) void f.then((s) => s.close(), () => undefined);
  }

  private source(info: VideoInfo): Promise<VideoFrameSource> {
    const known = this.files.get(info.key);
    if (known) {
      this.files.delete(info.key);
      this.files.set(info.key, known);
      return known;
    }
    const opening = openFile(info).then((source) => {
      if (this.files.get(info.key) === opening) this.opened.set(info.key, source);
      else source.close();
      return source;
    });
    this.files.set(info.key, opening);
    opening.catch(() => {
      if (this.files.get(info.key) === opening) this.files.delete(info.key);
    });
    while (this.files.size > OPEN_FILES) {
      const [oldest, source] = this.files.entries().next().value as [string, Promise<VideoFrameSource>];
      this.files.delete(oldest);
      this.opened.delete(oldest);
      // A picture of it may still be on screen: it stays drawable, only its decoder and reads stop.
      void source.then((s) => s.close(), () => undefined);
    }
    return opening;
  }
}

async function openFile(info: VideoInfo): Promise<VideoFrameSource> {
  let signed: SignedUrl;
  let times: VideoFrameTimes;
  try {
    [signed, times] = await Promise.all([signedUrl(info.key), readTimes(info.timesKey)]);
  } catch (err) {
    throw failureOf(err);
  }
  // Range reads sign the URL again once when the store refuses an expired one.
  let url = signed.url;
  const fetchFn: typeof fetch = async (_input, init) => {
    const res = await fetch(url, init);
    if (res.status !== 401 && res.status !== 403) return res;
    url = (await signedUrl(info.key)).url;
    return fetch(url, init);
  };
  try {
    return await openVideo(url, times.times, { fetchFn, getRetryDelay: retryDelay });
  } catch (err) {
    throw failureOf(err);
  }
}

async function readTimes(key: string): Promise<VideoFrameTimes> {
  const res = await fetch((await signedUrl(key)).url);
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
