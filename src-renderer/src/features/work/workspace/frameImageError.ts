/**
 * Why a frame's picture is not on screen: gone from the store, not decodable, not reached (try
 * again), or a video this browser cannot decode at all (no WebCodecs here: another computer's
 * page over plain http, say). Each has its words in `work.media.*`.
 */
export type FrameImageFailure = 'missing' | 'undecodable' | 'unreachable' | 'noVideoDecoder';

export class FrameImageError extends Error {
  constructor(
    readonly reason: FrameImageFailure,
    detail: string,
  ) {
    super(`frame image ${reason}: ${detail}`);
  }
}

export const frameImageFailureOf = (err: unknown): FrameImageFailure => (err instanceof FrameImageError ? err.reason : 'unreachable');
