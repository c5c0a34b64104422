import { describe, expect, it } from 'vitest';
import { cleanKeyPacket, isDisposable } from '../../src-renderer/src/video/avcPackets';
import { FrameTimeline } from '../../src-renderer/src/video/frameTimeline';

/**
 * How the video frame source names decoded frames (by their timestamps, through the file's table
 * of times) and which H.264 packets a seek may leave undecoded. The whole source runs in Chromium
 * in tests/e2e/video-frames.spec.ts; these are the rules it rests on, case by case.
 */
const at30 = Array.from({ length: 10 }, (_, n) => Math.round((n * 1e6) / 30));

describe('frame numbers from timestamps', () => {
  it('names each frame by its own time, a microsecond of rounding either way included', () => {
    const t = new FrameTimeline(at30);
    for (let n = 0; n < at30.length; n++) {
      for (const d of [-1, 0, 1]) expect(t.frameAt(at30[n]! + d), `frame ${n} ${d}`).toBe(n);
    }
  });

  it('on a variable frame rate too; the time asked of the demuxer for a frame lies within that frame, clear of both ends', () => {
    // From frame 4 on, frames last twice as long.
    const vfr = at30.map((t, n) => (n < 4 ? t : at30[4]! + (n - 4) * 66_667));
    const t = new FrameTimeline(vfr);
    for (let n = 0; n < vfr.length; n++) {
      for (const d of [-1, 0, 1]) expect(t.frameAt(vfr[n]! + d), `frame ${n} ${d}`).toBe(n);
      const asked = t.seekTime(n) * 1e6;
      expect(asked).toBeGreaterThan(vfr[n]! + 1000);
      if (n + 1 < vfr.length) expect(asked).toBeLessThan(vfr[n + 1]! - 1000);
    }
  });

  it('aligns a demuxer that shifts every time by the same amount (an edit list read by one reader and not the other)', () => {
    const t = new FrameTimeline(at30, at30[0]! - 66_667);
    expect(t.frameAt(at30[5]! - 66_667)).toBe(5);
    expect(t.seekTime(5) * 1e6).toBeCloseTo((at30[5]! + at30[6]!) / 2 - 66_667, 0);
  });

  it('a timestamp before the first frame is none of them; one after the last is the last', () => {
    const t = new FrameTimeline(at30);
    expect(t.frameAt(-40_000)).toBe(-1);
    expect(t.frameAt(at30[9]! + 10_000)).toBe(9);
  });
});

/** An avcC packet (4-byte lengths) of the given NAL unit header bytes, each unit three bytes long. */
const packet = (...headers: number[]) => Uint8Array.from(headers.flatMap((h) => [0, 0, 0, 3, h, 0xaa, 0xbb]));
const NON_REF_SLICE = 0x01; // nal_ref_idc 0, type 1
const REF_SLICE = 0x41; // nal_ref_idc 2, type 1
const IDR = 0x65;
const SEI = 0x06;
const AUD = 0x09;

describe('H.264 packets a seek may leave undecoded', () => {
  it('a packet whose slices are all non-reference is disposable; one with a reference slice, or no slice, is not', () => {
    expect(isDisposable(packet(SEI, NON_REF_SLICE, NON_REF_SLICE), 4)).toBe(true);
    expect(isDisposable(packet(NON_REF_SLICE, REF_SLICE), 4)).toBe(false);
    expect(isDisposable(packet(IDR), 4)).toBe(false);
    expect(isDisposable(packet(SEI), 4)).toBe(false);
  });

  it('a truncated length never reads past the packet', () => {
    expect(isDisposable(Uint8Array.from([0, 0, 0, 9, NON_REF_SLICE, 1]), 4)).toBe(false);
  });

  it('the first packet after configure loses extension units and what comes before a delimiter, and is left as it is otherwise', () => {
    const plain = packet(SEI, IDR);
    expect(cleanKeyPacket(plain, 4)).toBe(plain);
    expect(cleanKeyPacket(packet(SEI, AUD, IDR), 4)).toEqual(packet(AUD, IDR));
    expect(cleanKeyPacket(packet(IDR, 0x14), 4)).toEqual(packet(IDR));
    expect(cleanKeyPacket(packet(IDR, AUD, NON_REF_SLICE), 4)).toEqual(packet(IDR));
  });
});
