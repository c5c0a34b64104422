import { describe, expect, it } from 'vitest';
import { isVariable, probeVideo } from '../../src-shared/media/videoProbe';
import { MOOV_MAX_BYTES, type VideoBytes } from '../../src-shared/media/videoHeader';
import { SplitOverlapError, stretchBytes, videoFrameFileName, videoItemName, videoStretches } from '../../src-shared/media/videoSplit';
import { VIDEO_LIMITS } from '../../src-shared/media/videoInfo';

/** An ISO box: size, type, content. */
const box = (type: string, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
const u32 = (...values: number[]) => {
  const b = Buffer.alloc(4 * values.length);
  values.forEach((v, i) => b.writeUInt32BE(v, 4 * i));
  return b;
};
const ftyp = box('ftyp', Buffer.from('isom'), u32(512), Buffer.from('isomavc1'));
/** A video track whose sample table claims `count` frames in one `stts` run. */
const videoTrak = (count: number) =>
  box('trak', box('mdia', box('hdlr', u32(0, 0), Buffer.from('vide'), u32(0, 0, 0), Buffer.from('v\0')), box('minf', box('stbl', box('stts', u32(0, 1, count, 512)), box('stsz', u32(0, 100, count))))));

/** A file in memory, with every read's length recorded. */
function bytesOf(file: Buffer, size = file.length): VideoBytes & { reads: number[] } {
  const reads: number[] = [];
  return {
    size,
    reads,
    read: async (start, end) => {
      reads.push(end - start);
      return file.subarray(start, Math.min(end, file.length));
    },
  };
}
const probe = (file: VideoBytes) => probeVideo(file, { deadline: Date.now() + 10_000 });

describe('video probe bounds (what a hostile file can make it cost)', () => {
  it('refuses an MP4 whose index claims four billion frames from the counts, before any demuxer expands them', async () => {
    const file = Buffer.concat([ftyp, box('moov', videoTrak(4_000_000_000)), box('mdat', Buffer.alloc(64))]);
    const started = performance.now();
    expect(await probe(bytesOf(file))).toEqual({ ok: false, reason: 'tooManyFrames' });
    expect(performance.now() - started).toBeLessThan(1000);
    // one frame more than a file may have, in the stsz count alone
    const justOver = Buffer.concat([ftyp, box('moov', videoTrak(VIDEO_LIMITS.framesPerFile + 1)), box('mdat', Buffer.alloc(64))]);
    expect(await probe(bytesOf(justOver))).toEqual({ ok: false, reason: 'tooManyFrames' });
  });

  it('refuses an index larger than 64 MiB without reading it', async () => {
    // the file is 600 MB (its bytes are never read past the box headers); its moov says 500 MB
    const moovHead = u32(500 * 1024 * 1024);
    const head = Buffer.concat([ftyp, moovHead, Buffer.from('moov')]);
    const file = bytesOf(head, 600 * 1024 * 1024);
    expect(await probe(file)).toEqual({ ok: false, reason: 'tooManyFrames' });
    expect(Math.max(...file.reads)).toBeLessThan(1024);
    expect(500 * 1024 * 1024).toBeGreaterThan(MOOV_MAX_BYTES);
  });

  it('calls a file cut short truncated: a box that runs past the end, frames with no index', async () => {
    const whole = Buffer.concat([ftyp, box('mdat', Buffer.alloc(1000)), box('moov', videoTrak(30))]);
    expect(await probe(bytesOf(whole.subarray(0, 600)))).toEqual({ ok: false, reason: 'truncated' });
    // cut exactly where the index would start
    expect(await probe(bytesOf(whole.subarray(0, ftyp.length + 1008)))).toEqual({ ok: false, reason: 'truncated' });
    // a WebM whose Segment says it is longer than the file
    const ebml = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x84, 0x42, 0x82, 0x81, 0x77]);
    const segment = Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0, 0, 0, 0, 0, 0x10, 0x00]);
    expect(await probe(bytesOf(Buffer.concat([ebml, segment, Buffer.alloc(100)])))).toEqual({ ok: false, reason: 'truncated' });
  });

  it('names what is not a video: text, a HEIC picture, an empty file', async () => {
    expect(await probe(bytesOf(Buffer.from('just some notes, not a video at all')))).toEqual({ ok: false, reason: 'notVideo' });
    const heic = Buffer.concat([box('ftyp', Buffer.from('heic'), u32(0), Buffer.from('mif1heic')), box('meta', u32(0))]);
    expect(await probe(bytesOf(heic))).toEqual({ ok: false, reason: 'notVideo', format: 'heic' });
    expect(await probe(bytesOf(Buffer.alloc(0)))).toEqual({ ok: false, reason: 'notVideo' });
  });
});

describe('frame rate', () => {
  const steady = (n: number, gap: number) => Array.from({ length: n }, (_, i) => Math.round(i * gap));
  it('calls a steady rate steady despite the container rounding its times', () => {
    // a WebM at 30 fps says 0, 33, 67, 100 ms
    expect(isVariable(steady(90, 33_333.3).map((t) => Math.round(t / 1000) * 1000), 1000)).toBe(false);
    expect(isVariable(steady(90, 1e6 / 29.97), 1e6 / 30000)).toBe(false);
  });
  it('calls frames lasting twice as long variable', () => {
    const times = [...steady(30, 33_333), ...Array.from({ length: 30 }, (_, i) => 30 * 33_333 + (i + 1) * 66_667)];
    expect(isVariable(times, 1e6 / 15360)).toBe(true);
  });
});

describe('video split', () => {
  const times = (n: number, fps = 30) => Array.from({ length: n }, (_, i) => Math.round((i * 1e6) / fps));

  it('makes one item of a file up to the item limit, and items of that many past it', () => {
    expect(videoStretches(times(75))).toEqual([{ first: 0, count: 75 }]);
    const long = videoStretches(times(VIDEO_LIMITS.framesPerItem * 2 + 5));
    expect(long).toEqual([{ first: 0, count: VIDEO_LIMITS.framesPerItem }, { first: VIDEO_LIMITS.framesPerItem, count: VIDEO_LIMITS.framesPerItem }, { first: 2 * VIDEO_LIMITS.framesPerItem, count: 5 }]);
  });

  it('splits by frames and by seconds, each item sharing its last `overlap` frames with the next', () => {
    expect(videoStretches(times(75), { unit: 'frames', length: 30, overlap: 5 })).toEqual([{ first: 0, count: 30 }, { first: 25, count: 30 }, { first: 50, count: 25 }]);
    expect(videoStretches(times(100, 25), { unit: 'seconds', length: 2 })).toEqual([{ first: 0, count: 50 }, { first: 50, count: 50 }]);
    expect(videoStretches(times(100, 25), { unit: 'seconds', length: 1.5, overlap: 2 })).toEqual([{ first: 0, count: 38 }, { first: 36, count: 38 }, { first: 72, count: 28 }]);
    expect(() => videoStretches(times(75), { unit: 'frames', length: 5, overlap: 5 })).toThrow(SplitOverlapError);
  });

  it('shares a file\'s bytes out so that items add up to the file and frames to their item', () => {
    const stretches = videoStretches(times(75), { unit: 'frames', length: 30, overlap: 5 });
    const shares = stretchBytes(10_007, 75, stretches);
    expect(shares.reduce((n, s) => n + s.item, 0)).toBe(10_007);
    shares.forEach((s, k) => expect(Array.from({ length: stretches[k]!.count }, (_, i) => s.frame(i)).reduce((a, b) => a + b, 0)).toBe(s.item));
  });

  it('names items and their frames as the documentation says', () => {
    expect(videoItemName('walk.mp4', { first: 25, count: 30 }, false)).toBe('walk.mp4 · 25–54');
    expect(videoItemName('walk.mp4', { first: 0, count: 75 }, true)).toBe('walk.mp4');
    expect(videoItemName('x'.repeat(300), { first: 0, count: 10 }, false)).toHaveLength(255);
    expect([videoFrameFileName('walk.mp4', 7), videoFrameFileName('cam/a.b.webm', 1_000_000)]).toEqual(['walk/000007.png', 'a.b/1000000.png']);
  });
});
