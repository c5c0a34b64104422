import { describe, expect, it } from 'vitest';
import { FrameMatcher, type ProjectFrame } from '../../src-server/imports/frameMatcher';

const frame = (frameId: number, fileName: string): ProjectFrame => ({ frameId, subjectId: frameId, index: 0, fileName, width: 10, height: 10 });

function matcherOver(names: string[], frames: ProjectFrame[]): FrameMatcher {
  const m = new FrameMatcher(names);
  for (const f of frames) m.see(f);
  return m;
}

describe('matching files to frames by name', () => {
  it('takes the full path first, then a base name only when one frame has it', () => {
    const frames = [frame(1, 'x/a.jpg'), frame(2, 'y/a.jpg'), frame(3, 'folder/b.png')];
    const m = matcherOver(['x/a.jpg', 'a.jpg', 'b.png', 'other/b.png', 'c.jpg'], frames);
    expect(m.match('x/a.jpg')).toEqual({ kind: 'matched', frame: frames[0] });
    expect(m.match('a.jpg')).toEqual({ kind: 'ambiguous', frames: 2 });
    expect(m.match('b.png')).toEqual({ kind: 'matched', frame: frames[2] });
    expect(m.match('other/b.png')).toEqual({ kind: 'matched', frame: frames[2] });
    expect(m.match('c.jpg')).toEqual({ kind: 'unmatched' });
  });

  it('reads Windows paths and leading ./ as the same path', () => {
    const frames = [frame(1, 'clip/0001.jpg')];
    expect(matcherOver(['.\\clip\\0001.jpg'], frames).match('.\\clip\\0001.jpg')).toEqual({ kind: 'matched', frame: frames[0] });
  });

  it('matches a name without extension (a YOLO label without its image) by stem, never a name with one', () => {
    const frames = [frame(1, 'clip/000001.jpg'), frame(2, 'shot.png'), frame(3, 'shot.jpg')];
    const m = matcherOver(['clip/000001', 'shot', 'clip/000001.png'], frames);
    expect(m.match('clip/000001')).toEqual({ kind: 'matched', frame: frames[0] });
    expect(m.match('shot')).toEqual({ kind: 'ambiguous', frames: 2 });
    expect(m.match('clip/000001.png')).toEqual({ kind: 'unmatched' });
  });
});
