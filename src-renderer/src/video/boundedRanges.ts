/**
 * Range reads with an end (docs/video.md, "Reading the file"). mediabunny asks for the rest of
 * the file from where it reads (`Range: bytes=N-`) and drops the answer once it has what it
 * wanted; the store streams on meanwhile. In the workstation's Chromium on loopback, the first
 * MiB of such a read came after 153 ms (p95 326 ms), a read of 1 MiB with an end after 55 ms
 * (p95 105 ms): every seek to a part of the file not read yet waited for that.
 *
 * mediabunny places a bounded answer by its `Content-Range`, which a cross-origin page reads
 * only when the server exposes it (the team server does; an S3 bucket does when its CORS rules
 * say so). So reads get an end only once an answer has shown it readable; until then, and for a
 * store that hides it, they stay as mediabunny asks, which always works.
 */

/** The most asked for at once: about two seconds of 1080p at camera bit rates, a key frame and the frames after it. */
export const RANGE_READ_BYTES = 2 ** 20;

/** A fetch for one file's reads: open-ended ranges given an end of `bytes` once the store's answers are seen to say where they are. */
export function boundedRanges(fetchFn: typeof fetch = (input, init) => fetch(input, init), bytes = RANGE_READ_BYTES): typeof fetch {
  let placed = false;
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    const open = /^bytes=(\d+)-$/.exec(headers.get('range') ?? '');
    if (!open || !placed) {
      const res = await fetchFn(input, init);
      if (res.status === 206 && res.headers.get('content-range')) placed = true;
      return res;
    }
    headers.set('range', `bytes=${open[1]}-${Number(open[1]) + bytes - 1}`);
    return fetchFn(input, { ...init, headers });
  };
}
