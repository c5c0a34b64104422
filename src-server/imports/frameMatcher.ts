/**
 * Matching the zip's files to the project's frames by name, without holding the project's
 * frames in memory: the matcher is told the names it will be asked about, sees every frame of
 * the project once (streamed from the database), and keeps only the frames that answer one of
 * those names, with a count per name so that ambiguity is known.
 *
 * A file matches, in this order, the frames whose stored path equals its path; else the frames
 * whose base name equals its base name (the zip kept no folders, or other ones); and, for a name
 * without an extension (YOLO labels without their images), the same two by stems. The first rule
 * that finds any frame decides: one frame is a match, several are an ambiguity reported to the
 * user (never guessed at), none passes to the next rule.
 */
import { baseName, cleanPath, hasExtension, withoutExtension } from './fileNames';

export interface ProjectFrame {
  frameId: number;
  subjectId: number;
  /** the frame's place in its item, from 0 (tracks are built in this order) */
  index: number;
  fileName: string;
  width: number | null;
  height: number | null;
}

export type FrameMatch = { kind: 'matched'; frame: ProjectFrame } | { kind: 'ambiguous'; frames: number } | { kind: 'unmatched' };

type Rule = 'path' | 'base' | 'stem' | 'baseStem';

/** The keys a name is looked up by, rule by rule, in the order they are tried. */
function keysOf(name: string): [Rule, string][] {
  const path = cleanPath(name);
  const keys: [Rule, string][] = [['path', path], ['base', baseName(path)]];
  if (!hasExtension(path)) keys.push(['stem', path], ['baseStem', baseName(path)]);
  return keys;
}

/** The keys a stored frame answers to, one per rule. */
function frameKeys(fileName: string): [Rule, string][] {
  const path = cleanPath(fileName);
  const stem = withoutExtension(path);
  return [['path', path], ['base', baseName(path)], ['stem', stem], ['baseStem', baseName(stem)]];
}

interface Hits {
  count: number;
  first: ProjectFrame;
}

export class FrameMatcher {
  private readonly wanted = new Set<string>();
  private readonly hits = new Map<string, Hits>();

  constructor(names: Iterable<string>) {
    for (const name of names) for (const [rule, key] of keysOf(name)) this.wanted.add(`${rule}\u0000${key}`);
  }

  /** Shows the matcher one frame of the project; each frame once. */
  see(frame: ProjectFrame): void {
    for (const [rule, key] of frameKeys(frame.fileName)) {
      const k = `${rule}\u0000${key}`;
      if (!this.wanted.has(k)) continue;
      const h = this.hits.get(k);
      if (h) h.count++;
      else this.hits.set(k, { count: 1, first: frame });
    }
  }

  match(name: string): FrameMatch {
    for (const [rule, key] of keysOf(name)) {
      const h = this.hits.get(`${rule}\u0000${key}`);
      if (!h) continue;
      return h.count === 1 ? { kind: 'matched', frame: h.first } : { kind: 'ambiguous', frames: h.count };
    }
    return { kind: 'unmatched' };
  }
}
