/**
 * A video item's facts, as the team server records them at import and the workspace reads them
 * to decode its frames (docs/video.md). Shared by the server (probe, subject detail) and the
 * workstation (decoding, the timeline); pure types and constants.
 *
 * **Frame numbers.** Frame N of a file is the N-th frame in presentation order, counted from 0:
 * what `ffmpeg -i FILE -fps_mode passthrough frame%d.png` writes as file N+1, and, for a
 * constant-frame-rate file, what ffmpeg's default numbering gives too. A video item covers the
 * file's frames `firstFrame` .. `firstFrame + frameCount - 1`; its frame index i (the frame
 * rows' `frame_index`, the workspace's frame i) is the file's frame `firstFrame + i`.
 */
import { Type, type Static } from 'typebox';

/** Containers the import takes (by their content, not their names). */
export const VIDEO_CONTAINERS = ['mp4', 'mov', 'webm', 'mkv'] as const;
export type VideoContainer = (typeof VIDEO_CONTAINERS)[number];
/** Codecs the workspace decodes (WebCodecs in Chromium, as Electron ships it). */
export const VIDEO_CODECS = ['avc', 'vp8', 'vp9', 'av1'] as const;
export type VideoCodec = (typeof VIDEO_CODECS)[number];

/**
 * Why a file is not taken as a video; each has a translated message (error.media.video.*).
 * - notVideo: no container we read (a text named .mp4, a picture)
 * - noVideoStream: a container with no video track (sound only)
 * - unsupportedCodec: a video track in a codec the workspace cannot decode (HEVC, ProRes...)
 * - truncated: the file ends before its frames do (an interrupted copy), or its index is missing
 * - tooManyFrames: more frames than one file may have (VIDEO_LIMITS.framesPerFile)
 * - tooLarge: wider or taller than VIDEO_LIMITS.side
 * - unreadable: the container's structure cannot be followed (damaged, or an index laid out as no
 *   writer lays it out), or reading its frame table passed the probe's bounds (time, one read's size)
 */
export const VIDEO_REFUSALS = ['notVideo', 'noVideoStream', 'unsupportedCodec', 'truncated', 'tooManyFrames', 'tooLarge', 'unreadable'] as const;
export type VideoRefusal = (typeof VIDEO_REFUSALS)[number];

/**
 * What a file that is taken may still carry as a warning, translated (warning.media.video.*):
 * - variableFrameRate: frames are not evenly spaced; numbered in presentation order (as ffmpeg
 *   numbers them with `-fps_mode passthrough`; its default numbering resamples such a file)
 */
export const VIDEO_WARNINGS = ['variableFrameRate'] as const;
export type VideoWarning = (typeof VIDEO_WARNINGS)[number];

export const VIDEO_LIMITS = {
  /** frames in one file: 10 hours at 30 fps; its timestamps are about 8 MB of JSON */
  framesPerFile: 1_080_000,
  /** a frame's longer side in pixels (8K) */
  side: 8192,
  /** frames in one video item; a longer file is split into items (VideoSplit) */
  framesPerItem: 200_000,
} as const;

/** How a long video becomes several items: by frames or by seconds, with frames shared at each seam. */
export const VideoSplit = Type.Object(
  {
    unit: Type.Union([Type.Literal('frames'), Type.Literal('seconds')]),
    /** an item's length in that unit */
    length: Type.Number({ exclusiveMinimum: 0, maximum: VIDEO_LIMITS.framesPerItem }),
    /** frames each item shares with the next, so tracks can be joined across them */
    overlap: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  },
  { additionalProperties: false },
);
export type VideoSplit = Static<typeof VideoSplit>;

/** A video item's facts (SubjectDetail.video). */
export const VideoInfo = Type.Object({
  /** the video file's object key (every frame row of the item names it too) */
  key: Type.String(),
  container: Type.String(),
  /** the WebCodecs codec string, e.g. avc1.64001f, vp09.00.10.08 */
  codec: Type.String(),
  /** the picture as shown (rotation applied) */
  width: Type.Integer(),
  height: Type.Integer(),
  /** rotation in degrees clockwise the file asks for (0, 90, 180, 270) */
  rotation: Type.Integer(),
  /** average frames per second over the file */
  frameRate: Type.Number(),
  variableFrameRate: Type.Boolean(),
  /** frames in the whole file */
  fileFrames: Type.Integer(),
  /** the file's frame number of this item's frame 0 */
  firstFrame: Type.Integer(),
  /** this item's frames */
  frameCount: Type.Integer(),
  /** the file's duration in seconds */
  duration: Type.Number(),
  /** the object holding every frame's presentation time (VideoFrameTimes), beside the file */
  timesKey: Type.String(),
});
export type VideoInfo = Static<typeof VideoInfo>;

/**
 * The sidecar object at `timesKey`: the presentation time of each of the file's frames in
 * microseconds, in frame order (ascending). To show frame N, a decoder asks for the frame at
 * the midpoint between times[N] and times[N + 1], which is robust to the rounding of either.
 */
export interface VideoFrameTimes {
  version: 1;
  times: number[];
}

/** The time (seconds) to ask a decoder for so that it answers frame n (see VideoFrameTimes). */
export function seekTimeOf(times: readonly number[], n: number): number {
  const t = times[n]!;
  const next = times[n + 1] ?? t + (n > 0 ? t - times[n - 1]! : 1_000_000 / 30);
  return (t + next) / 2 / 1e6;
}
