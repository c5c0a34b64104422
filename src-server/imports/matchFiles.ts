/**
 * The zip's frames sorted by where they go: onto one frame of the project (several files naming
 * the same frame are all applied to it, in file order), nowhere (no frame is named so), or
 * nowhere because several frames are named so and guessing would annotate the wrong image.
 */
import type { FrameMatcher, ProjectFrame } from './frameMatcher';
import type { SourceFrame } from './sourceModel';
import { Listed } from './tally';

export interface MatchedFrame {
  frame: ProjectFrame;
  sources: SourceFrame[];
  /** a frame the file does not describe that gets a track's outside keyframe (importTracks.ts): added to, never replaced */
  addOnly?: boolean;
}

export interface FileMatches {
  /** by the project frame's id, in first-matched order */
  matched: Map<number, MatchedFrame>;
  unmatched: Listed<string>;
  ambiguous: Listed<{ fileName: string; frames: number }>;
}

export function matchFiles(frames: readonly SourceFrame[], matcher: FrameMatcher): FileMatches {
  const out: FileMatches = { matched: new Map(), unmatched: new Listed(), ambiguous: new Listed() };
  for (const source of frames) {
    const m = matcher.match(source.fileName);
    if (m.kind === 'unmatched') out.unmatched.add(source.fileName);
    else if (m.kind === 'ambiguous') out.ambiguous.add({ fileName: source.fileName, frames: m.frames });
    else addMatch(out, m.frame, source);
  }
  return out;
}

/** The file's frame applied to the project's frame, after any others already matched to it. */
export function addMatch(out: FileMatches, frame: ProjectFrame, source: SourceFrame): void {
  const known = out.matched.get(frame.frameId);
  if (known) known.sources.push(source);
  else out.matched.set(frame.frameId, { frame, sources: [source] });
}
