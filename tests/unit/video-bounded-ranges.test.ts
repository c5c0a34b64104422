import { describe, expect, it } from 'vitest';
import { boundedRanges, RANGE_READ_BYTES } from '../../src-renderer/src/video/boundedRanges';

/** A store that answers every read with 206, saying where the answer is or (a bucket whose CORS rules hide it) not; and what it was asked. */
function store(exposesContentRange: boolean) {
  const ranges: (string | null)[] = [];
  const fetchFn: typeof fetch = async (_input, init) => {
    ranges.push(new Headers(init?.headers).get('range'));
    return new Response('x', { status: 206, headers: exposesContentRange ? { 'content-range': 'bytes 0-0/1073741824' } : {} });
  };
  return { ranges, fetchFn };
}

describe('range reads of a video file', () => {
  it('ask for a part with an end once the store says where its answers are, never the rest of a 1 GB file', async () => {
    const s = store(true);
    const read = boundedRanges(s.fetchFn);
    // mediabunny's reads: from the start (its answer says where it is), then from the middle
    await read('https://store/file.mp4', { headers: { range: 'bytes=0-' } });
    await read('https://store/file.mp4', { headers: { range: 'bytes=536870912-' } });
    // a read with its own end, and a request without a range
    await read('https://store/file.mp4', { headers: { range: 'bytes=10-20' } });
    await read('https://store/file.mp4.times.json');
    expect(s.ranges).toEqual(['bytes=0-', `bytes=536870912-${536870912 + RANGE_READ_BYTES - 1}`, 'bytes=10-20', null]);
  });

  it('leave the reads as mediabunny asks when the store hides where its answers are (it could not place them)', async () => {
    const s = store(false);
    const read = boundedRanges(s.fetchFn);
    await read('https://store/file.mp4', { headers: { range: 'bytes=0-' } });
    await read('https://store/file.mp4', { headers: { range: 'bytes=536870912-' } });
    expect(s.ranges).toEqual(['bytes=0-', 'bytes=536870912-']);
  });
});
