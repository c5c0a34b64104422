import { describe, expect, it } from 'vitest';
import { clientPlaceOf, isLoopbackAddress } from '../../src-main/hosts/nodeHostAccess';
import { groupDatasetFiles } from '../../src-shared/model/datasetGrouping';

describe('where a page of the browser host runs', () => {
  it('is this machine for a loopback peer, in every spelling a socket gives it', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(a)).toBe(true);
    for (const a of ['192.0.2.2', '::ffff:192.0.2.2', 'fd00::2', '10.0.0.1', '']) expect(isLoopbackAddress(a)).toBe(false);
    expect(clientPlaceOf('::ffff:127.0.0.1', undefined, false)).toBe('local');
    expect(clientPlaceOf('192.0.2.7', undefined, false)).toBe('remote');
    expect(clientPlaceOf(undefined, undefined, false)).toBe('remote');
  });

  it('believes X-Forwarded-For only from a loopback proxy the operator trusts, and only its last entry', () => {
    expect(clientPlaceOf('127.0.0.1', '198.51.100.23', false)).toBe('local');
    expect(clientPlaceOf('127.0.0.1', '198.51.100.23', true)).toBe('remote');
    expect(clientPlaceOf('127.0.0.1', '198.51.100.23, 127.0.0.1', true)).toBe('local');
    expect(clientPlaceOf('127.0.0.1', '127.0.0.1, 198.51.100.23', true)).toBe('remote');
    // A remote peer cannot talk itself local.
    expect(clientPlaceOf('198.51.100.23', '127.0.0.1', true)).toBe('remote');
  });
});

describe('a dataset grouped the same wherever its files are read', () => {
  const files = ['photos/b/cam1_10.jpg', 'photos/b/cam1_2.jpg', 'photos/a/x.png', 'photos/readme.txt', 'photos/b/cam2_1.JPG'].map((relPath) => ({ relPath, ref: relPath }));
  it('as images: one subject per picture, named by its path, others ignored', () => {
    const g = groupDatasetFiles(files, 'image');
    expect(g.subjects.map((s) => s.name)).toEqual(['photos/a/x.png', 'photos/b/cam1_2.jpg', 'photos/b/cam1_10.jpg', 'photos/b/cam2_1.JPG']);
    expect(g.ignored).toBe(1);
  });
  it('as frame sequences: one subject per folder and stem, frames in natural order', () => {
    const g = groupDatasetFiles(files, 'frame');
    expect(g.subjects.map((s) => [s.name, s.files.map((f) => f.relPath)])).toEqual([
      ['photos/a', ['photos/a/x.png']],
      ['photos/b/cam1', ['photos/b/cam1_2.jpg', 'photos/b/cam1_10.jpg']],
      ['photos/b/cam2', ['photos/b/cam2_1.JPG']],
    ]);
  });
  it('names a folder holding one sequence after the folder, never after a cut-off prefix of its frames', () => {
    const clip = ['clips/clip1/f002.png', 'clips/clip1/f001.png', 'clips/clip2/frame_0001.jpg', 'clips/clip2/frame_0002.jpg', 'f1.png', 'f2.png'];
    const g = groupDatasetFiles(clip.map((relPath) => ({ relPath, ref: relPath })), 'frame');
    expect(g.subjects.map((s) => [s.name, s.files.map((f) => f.relPath)])).toEqual([
      ['clips/clip1', ['clips/clip1/f001.png', 'clips/clip1/f002.png']],
      ['clips/clip2', ['clips/clip2/frame_0001.jpg', 'clips/clip2/frame_0002.jpg']],
      // Files dropped with no folder: their stem is all there is.
      ['f', ['f1.png', 'f2.png']],
    ]);
  });
});
