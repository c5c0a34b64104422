/**
 * Opens a video file by URL as a VideoFrameSource: mediabunny reads the container by HTTP range
 * requests (UrlSource) and gives the packets; the browser's WebCodecs decodes them.
 */
import { boundedRanges } from './boundedRanges';
import { ALL_FORMATS, EncodedPacketSink, Input, UrlSource, type UrlSourceOptions } from 'mediabunny';
import { avcLengthSize } from './avcPackets';
import { FramePainter, type Rotation } from './framePainter';
import { FrameTimeline } from './frameTimeline';
import { VideoFrameSource } from './videoFrameSource';

/**
 * Why a video cannot be opened, for the person looking at it:
 * - noDecoder: this browser has no WebCodecs here (an old browser, or a page not in a secure
 *   context: another machine's plain http)
 * - notVideo: the file is not a container with a video track we read
 * - unsupportedCodec: its codec is not one this browser decodes
 */
export type VideoOpenFailure = 'noDecoder' | 'notVideo' | 'unsupportedCodec';

export class VideoOpenError extends Error {
  constructor(
    readonly reason: VideoOpenFailure,
    detail: string,
  ) {
    super(`video cannot be opened (${reason}): ${detail}`);
  }
}

export interface OpenVideoOptions {
  /** fetch for the range reads (one that signs the URL again when it expires, say) */
  fetchFn?: typeof fetch;
  /** how long to wait before reading again after a failed read; null gives up (mediabunny's default never does) */
  getRetryDelay?: UrlSourceOptions['getRetryDelay'];
  /** memory for decoded pictures, bytes (default 160 MB: 19 pictures at 1080p) */
  pictureBytes?: number;
  optimizeForLatency?: boolean;
  /** skip disposable H.264 frames before a seek's target (default on) */
  skipDisposable?: boolean;
  /** drain a sought frame out of the decoder rather than feed on until it comes (default on) */
  drainSeeks?: boolean;
}

const DEFAULT_PICTURE_BYTES = 160 * 2 ** 20;
/** Few enough to seek with at 8K, enough to play ahead with at small sizes. */
const MIN_PICTURES = 4;
const MAX_PICTURES = 48;

/** Opens the file at `url`, whose frames' presentation times (microseconds) are `times`. */
export async function openVideo(url: string, times: readonly number[], options: OpenVideoOptions = {}): Promise<VideoFrameSource> {
  if (typeof VideoDecoder === 'undefined' || typeof OffscreenCanvas === 'undefined') {
    throw new VideoOpenError('noDecoder', window.isSecureContext ? 'this browser has no VideoDecoder' : 'the page is not in a secure context (https or this computer)');
  }
  const input = new Input({
    source: new UrlSource(url, { fetchFn: boundedRanges(options.fetchFn), getRetryDelay: options.getRetryDelay }),
    formats: ALL_FORMATS,
  });
  try {
    const track = await input.getPrimaryVideoTrack().catch((err: unknown) => {
      // A file that is not a container we read, as against a read that failed.
      if (err instanceof Error && /unsupported|unrecognized|format/i.test(err.message)) throw new VideoOpenError('notVideo', err.message);
      throw err;
    });
    if (!track) throw new VideoOpenError('notVideo', 'no video track');
    const config = await track.getDecoderConfig();
    if (!config) throw new VideoOpenError('unsupportedCodec', `codec ${String(await track.getCodec())}`);
    const decoderConfig = withFullColorSpace(config);
    const support = await VideoDecoder.isConfigSupported(decoderConfig);
    if (!support.supported) throw new VideoOpenError('unsupportedCodec', decoderConfig.codec);
    const [width, height, rotation, codec] = await Promise.all([track.getDisplayWidth(), track.getDisplayHeight(), track.getRotation(), track.getCodec()]);
    const timeline = new FrameTimeline(times);
    const capacity = Math.max(MIN_PICTURES, Math.min(MAX_PICTURES, Math.floor((options.pictureBytes ?? DEFAULT_PICTURE_BYTES) / (width * height * 4))));
    const lengthSize = codec === 'avc' ? avcLengthSize(decoderConfig.description) : null;
    return new VideoFrameSource(
      new EncodedPacketSink(track),
      decoderConfig,
      timeline,
      new FramePainter(width, height, rotation as Rotation),
      { capacity, optimizeForLatency: options.optimizeForLatency ?? false, avcLengthSize: lengthSize, skipDisposable: options.skipDisposable ?? true, drainSeeks: options.drainSeeks ?? true },
      () => input.dispose(),
    );
  } catch (err) {
    input.dispose();
    throw err;
  }
}

/**
 * Chromium drops a colour space given in part (the matrix, say) instead of filling in the rest,
 * and the picture comes out with the wrong colours; the missing fields get its own defaults
 * (as mediabunny does, remotion-dev/remotion#10841).
 */
function withFullColorSpace(config: VideoDecoderConfig): VideoDecoderConfig {
  const c = config.colorSpace;
  if (c?.primaries && c.matrix && c.transfer && c.fullRange !== undefined && c.fullRange !== null) return config;
  return { ...config, colorSpace: { primaries: c?.primaries ?? 'bt709', matrix: c?.matrix ?? 'bt709', transfer: c?.transfer ?? 'bt709', fullRange: c?.fullRange ?? false } };
}
