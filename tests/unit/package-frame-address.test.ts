import { describe, expect, it } from 'vitest';
import { packageFrameRefOf, packageFrameRefOfUrl, packageFrameUrl, packageVideoRefOf, packageVideoRefOfUrl, packageVideoUrl } from '../../src-shared/ipc/packageFrames';

const ref = { packageId: 12, taskSubjectId: 345, frameId: 6789 };

describe('the address a page reads a stored package frame from', () => {
  it('is the app scheme on the desktop and a path of the browser host, and reads back as the same ids', () => {
    expect(packageFrameUrl('electron', ref)).toBe('annot-package://frame/12/345/6789');
    expect(packageFrameUrl('node', ref)).toBe('/packages/12/frames/345/6789');
    expect(packageFrameRefOfUrl(packageFrameUrl('electron', ref))).toEqual(ref);
    expect(packageFrameRefOf({ packageId: '12', taskSubjectId: '345', frameId: '6789' })).toEqual(ref);
  });

  it('names nothing unless all three parts are plain positive ids: no traversal, no other files', () => {
    for (const frameId of ['..', '../../packages.db', '0', '-1', '01', '1e3', '1.5', ' 1', '', '9999999999999999', '%2e%2e']) {
      expect(packageFrameRefOf({ packageId: '12', taskSubjectId: '345', frameId }), frameId).toBeNull();
    }
    expect(packageFrameRefOf({ packageId: '12', taskSubjectId: '345' })).toBeNull();
    for (const url of [
      'annot-package://frame/12/345',
      'annot-package://frame/12/345/6789/extra',
      'annot-package://frame/12/345/../../packages.db',
      'annot-package://frame/12/345/%2e%2e%2fpackages.db',
      'annot-package://other/12/345/6789',
      'annot-package://frame/12/345/6789?file=/etc/passwd',
      'https://frame/12/345/6789',
      'not a url',
    ]) {
      expect(packageFrameRefOfUrl(url), url).toBeNull();
    }
  });

  it('names a video item\'s file or frame times by the item\'s ids and the part, nothing else', () => {
    const video = { packageId: 12, taskSubjectId: 345, part: 'file' as const };
    expect(packageVideoUrl('electron', video)).toBe('annot-package://video/12/345/file');
    expect(packageVideoUrl('node', { ...video, part: 'times' })).toBe('/packages/12/videos/345/times');
    expect(packageVideoRefOfUrl(packageVideoUrl('electron', video))).toEqual(video);
    expect(packageVideoRefOf({ packageId: '12', taskSubjectId: '345', part: 'times' })).toEqual({ ...video, part: 'times' });
    for (const part of ['..', 'video', 'FILE', '', '6789']) expect(packageVideoRefOf({ packageId: '12', taskSubjectId: '345', part }), part).toBeNull();
    // A video address is not a frame's, nor the other way round.
    expect(packageFrameRefOfUrl('annot-package://video/12/345/file')).toBeNull();
    expect(packageVideoRefOfUrl('annot-package://frame/12/345/6789')).toBeNull();
    expect(packageVideoRefOfUrl('annot-package://video/12/345/../../packages.db')).toBeNull();
  });
});
