/**
 * The probe of a video file (docs/video.md, "What the server records"): its container, codec,
 * size, rotation and every frame's presentation time, read from the container with mediabunny
 * (no decoding), or the reason it is refused. The team server runs it on a stored file at import;
 * the workstation's main process can run it on a local file: both hand it the file's bytes by
 * range (`VideoBytes`), so its bounds hold whatever the file's source.
 *
 * Bounds, so that a hostile file costs no more than a real one at the limits: the header checks
 * first (videoHeader.ts: a cut file, an index's size and sample counts); every read at most
 * READ_MAX_BYTES (one demuxer read is one element or box: a Matroska cluster, an MP4 index); the
 * frame count stops at VIDEO_LIMITS.framesPerFile before more times are kept; a deadline checked
 * at every read and every 4,096 frames.
 */
import { CustomSource, EncodedPacketSink, Input, MATROSKA, MP4, QTFF, WEBM, type InputVideoTrack } from 'mediabunny';
import { VIDEO_CODECS, VIDEO_LIMITS, type VideoCodec, type VideoContainer, type VideoRefusal, type VideoWarning } from './videoInfo';
import { checkVideoHeader, type VideoBytes } from './videoHeader';

export type { VideoBytes } from './videoHeader';

/** The most bytes one read of the demuxer may ask for: a Matroska cluster (ffmpeg writes 5 MB ones) or an MP4 index. */
export const READ_MAX_BYTES = 64 * 1024 * 1024;

/** What the probe found in a file taken as a video (VideoInfo without the item's own fields). */
export interface VideoFileFacts {
  container: VideoContainer;
  codec: string;
  width: number;
  height: number;
  rotation: number;
  frameRate: number;
  variableFrameRate: boolean;
  fileFrames: number;
  duration: number;
}

export type VideoVerdict =
  | { ok: true; facts: VideoFileFacts; /** every frame's presentation time in microseconds, ascending (VideoFrameTimes.times) */ times: number[]; warnings: VideoWarning[] }
  | { ok: false; reason: VideoRefusal; /** the container, when one was recognised */ format?: string; /** unsupportedCodec: the codec's name */ codec?: string };

export interface ProbeOptions {
  /** epoch ms after which the probe gives up (refused as unreadable) */
  deadline: number;
  now?: () => number;
}

/** Why a probe stopped early; turned into a refusal, never thrown out of probeVideo. */
class Stopped extends Error {
  constructor(readonly reason: VideoRefusal) {
    super(reason);
  }
}

/** A read of the file that failed (the store did not answer): not the file's fault, so thrown on. */
class ReadFailed extends Error {
  constructor(readonly failure: unknown) {
    super('read failed');
  }
}

/** Whether a codec name (mediabunny's) is one the workspace decodes. */
const isDecodableCodec = (c: string): c is VideoCodec => (VIDEO_CODECS as readonly string[]).includes(c);

const CONTAINERS: Record<string, VideoContainer> = { MP4: 'mp4', 'QuickTime File Format': 'mov', WebM: 'webm', Matroska: 'mkv' };

/** The file's verdict; never throws for what is in the file (a failing read of the store does throw). */
export async function probeVideo(file: VideoBytes, o: ProbeOptions): Promise<VideoVerdict> {
  const now = o.now ?? Date.now;
  const checkTime = () => {
    if (now() > o.deadline) throw new Stopped('unreadable');
  };
  if (file.size === 0) return { ok: false, reason: 'notVideo' };
  const header = await checkVideoHeader(file);
  if (!header.ok) return header;
  const moov = header.moov;
  // The MP4 index was read once by the header check: the demuxer reads it from there.
  const read = async (start: number, end: number): Promise<Uint8Array> => {
    checkTime();
    if (moov && start >= moov.start && end <= moov.start + moov.bytes.length) return moov.bytes.subarray(start - moov.start, end - moov.start);
    if (end - start > READ_MAX_BYTES) throw new Stopped('unreadable');
    try {
      return await file.read(start, end);
    } catch (err) {
      throw new ReadFailed(err);
    }
  };
  const input = new Input({ formats: [MP4, QTFF, WEBM, MATROSKA], source: new CustomSource({ getSize: () => file.size, read }) });
  try {
    return await probeInput(input, checkTime);
  } catch (err) {
    if (err instanceof Stopped) return { ok: false, reason: err.reason };
    if (err instanceof ReadFailed) throw err.failure;
    // What mediabunny could not follow: a damaged structure.
    return { ok: false, reason: 'unreadable' };
  } finally {
    input.dispose();
  }
}

async function probeInput(input: Input, checkTime: () => void): Promise<VideoVerdict> {
  if (!(await input.canRead())) return { ok: false, reason: 'notVideo' };
  const container = CONTAINERS[(await input.getFormat()).name] ?? 'mp4';
  const track = await input.getPrimaryVideoTrack();
  if (!track) return { ok: false, reason: 'noVideoStream', format: container };
  const codecName = await track.getCodec();
  if (!codecName || !isDecodableCodec(codecName)) {
    const internal = await track.getInternalCodecId();
    return { ok: false, reason: 'unsupportedCodec', format: container, codec: codecName ?? (typeof internal === 'string' ? internal : 'unknown') };
  }
  const [width, height, codedWidth, codedHeight, rotation] = await Promise.all([track.getDisplayWidth(), track.getDisplayHeight(), track.getCodedWidth(), track.getCodedHeight(), track.getRotation()]);
  if (Math.max(width, height, codedWidth, codedHeight) > VIDEO_LIMITS.side) return { ok: false, reason: 'tooLarge', format: container };
  const config = await track.getDecoderConfig();
  if (!config?.codec) return { ok: false, reason: 'unreadable', format: container };
  const frames = await frameTimes(track, checkTime);
  if (!frames.ok) return { ...frames, format: container };
  const { times, end } = frames;
  const duration = (end - times[0]!) / 1e6;
  const step = 1e6 / (await track.getTimeResolution());
  const variableFrameRate = isVariable(times, step);
  return {
    ok: true,
    facts: {
      container,
      codec: config.codec,
      width,
      height,
      rotation,
      frameRate: duration > 0 ? Math.round((times.length / duration) * 1e6) / 1e6 : 0,
      variableFrameRate,
      fileFrames: times.length,
      duration,
    },
    times,
    warnings: variableFrameRate ? ['variableFrameRate'] : [],
  };
}

/**
 * Every frame's presentation time (µs, rounded from the container's exact time) in presentation
 * order, and the end of the last frame. Frames before time 0 are left out: an MP4 edit list
 * starting later (a file cut with `-c copy`) keeps them only to decode from, and ffmpeg does not
 * number them either. The last frame (in decode order) is then read whole: a copy cut short
 * names frames its bytes do not reach.
 */
async function frameTimes(track: InputVideoTrack, checkTime: () => void): Promise<{ ok: true; times: number[]; end: number } | { ok: false; reason: VideoRefusal }> {
  const sink = new EncodedPacketSink(track);
  const times: number[] = [];
  let end = 0;
  let last = null;
  for await (const p of sink.packets(undefined, undefined, { metadataOnly: true })) {
    last = p;
    if (p.timestamp < 0) continue;
    if (times.length === VIDEO_LIMITS.framesPerFile) return { ok: false, reason: 'tooManyFrames' };
    times.push(Math.round(p.timestamp * 1e6));
    end = Math.max(end, Math.round((p.timestamp + p.duration) * 1e6));
    if ((times.length & 4095) === 0) checkTime();
  }
  if (!last || times.length === 0) return { ok: false, reason: 'truncated' };
  const whole = await sink.getPacket(last.timestamp);
  if (!whole || whole.data.byteLength === 0) return { ok: false, reason: 'truncated' };
  times.sort((a, b) => a - b);
  // A last frame with no duration of its own lasts as long as the one before it.
  if (end <= times[times.length - 1]!) end = times[times.length - 1]! + (times.length > 1 ? times[times.length - 1]! - times[times.length - 2]! : 0);
  return { ok: true, times, end };
}

/**
 * Whether the frames are unevenly spaced: a gap between neighbours differs from the median gap
 * by more than the container's time step (its rounding: a WebM at 30 fps says 33, 33, 34 ms)
 * and by more than 1 % of the gap.
 */
export function isVariable(times: readonly number[], stepMicros: number): boolean {
  if (times.length < 3) return false;
  const gaps = times.slice(1).map((t, i) => t - times[i]!);
  const median = [...gaps].sort((a, b) => a - b)[gaps.length >> 1]!;
  const tolerance = Math.max(stepMicros + 2, median / 100);
  return gaps.some((g) => Math.abs(g - median) > tolerance);
}
