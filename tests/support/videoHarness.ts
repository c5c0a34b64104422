/**
 * The workstation's video frame source (src-renderer/src/video) in headless Chromium without
 * the app: a page bundled from a small entry (kept as text, since tests are type-checked for
 * Node, not the DOM) and loaded from file://, as the desktop loads the renderer; the videos come
 * from a local HTTP server of their own with Range and CORS, as the team server serves them. In
 * the page, window.videoHarness opens a file with its frame times and answers, for a list of
 * frame numbers asked one after the other, each picture shrunk to 64 x 48 RGBA (enough for
 * readFrameNumber's 4 x 4 blocks, small enough to hand back by the hundred).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { bundleBenchPage } from '../../bench/lib/canvasBenchPage';
import { probeVideo } from '../../src-shared/media/videoProbe';
import { readFrameNumber } from './frameNumberVideo';

/** The size pictures are handed back at. */
export const PROBE = { width: 64, height: 48 } as const;

/** The number a picture handed back by the harness (base64 RGBA at PROBE's size) shows. */
export const shownNumber = (picture: string) => readFrameNumber(Buffer.from(picture, 'base64'), PROBE.width, PROBE.height);

const ENTRY = String.raw`
import { openVideo } from './src-renderer/src/video/openVideo';
import { SupersededError } from './src-renderer/src/video/videoFrameSource';

const sources = new Map();
let nextId = 1;
const probe = new OffscreenCanvas(${PROBE.width}, ${PROBE.height}).getContext('2d', { willReadFrequently: true });
// Base64: an array of numbers this size takes seconds to cross the DevTools protocol by the hundred.
const shrink = (picture) => {
  probe.drawImage(picture, 0, 0, ${PROBE.width}, ${PROBE.height});
  const bytes = probe.getImageData(0, 0, ${PROBE.width}, ${PROBE.height}).data;
  let text = '';
  for (let i = 0; i < bytes.length; i++) text += String.fromCharCode(bytes[i]);
  return btoa(text);
};

window.videoHarness = {
  async open(url, times, options = {}) {
    const source = await openVideo(url, times, options);
    const id = nextId++;
    sources.set(id, source);
    return { id, width: source.width, height: source.height, count: source.frameCount, window: source.window };
  },
  /** Each frame of the list asked for after the previous one arrived: its picture, shrunk. */
  async frames(id, list) {
    const source = sources.get(id);
    const out = [];
    for (const n of list) out.push(shrink(await source.frame(n)));
    return out;
  },
  /**
   * Every frame of the list asked for at once, as a person dragging the timeline asks: each
   * answer is its picture shrunk, or null when a later request took its place first.
   */
  async scrub(id, list) {
    const source = sources.get(id);
    const asked = list.map((n) => source.frame(n).then(shrink, (err) => {
      if (err instanceof SupersededError) return null;
      throw err;
    }));
    return Promise.all(asked);
  },
  stats: (id) => sources.get(id).stats(),
  close(id) {
    sources.get(id)?.close();
    sources.delete(id);
  },
};
`;

/** Bundles the harness and answers its page's file URL. */
export const buildVideoHarnessPage = (): string => bundleBenchPage(ENTRY, 'video-harness');

/** Serves the files of `dir` over HTTP on loopback with Range and CORS, as the team server's file route does. */
export async function serveFiles(dir: string): Promise<{ url: (name: string) => string; requests: () => number; close: () => Promise<void> }> {
  let requests = 0;
  const server = http.createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'range');
    // as the team server does: the page places a bounded answer by it
    res.setHeader('access-control-expose-headers', 'content-range');
    if (req.method === 'OPTIONS') return res.end();
    requests++;
    const file = path.join(dir, path.basename(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)));
    if (!fs.existsSync(file)) {
      res.statusCode = 404;
      return res.end();
    }
    const size = fs.statSync(file).size;
    res.setHeader('accept-ranges', 'bytes');
    res.setHeader('content-type', 'application/octet-stream');
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    if (!range) {
      res.setHeader('content-length', size);
      return fs.createReadStream(file).pipe(res);
    }
    const start = Number(range[1]);
    const end = range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    res.statusCode = 206;
    res.setHeader('content-range', `bytes ${start}-${end}/${size}`);
    res.setHeader('content-length', end - start + 1);
    fs.createReadStream(file, { start, end }).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (name) => `http://127.0.0.1:${port}/${encodeURIComponent(name)}`,
    requests: () => requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Every frame's presentation time in microseconds, in frame order, as the team server reads them
 * at import (src-shared/media/videoProbe.ts on the file's bytes by range): the VideoFrameTimes a
 * video item's workspace gets.
 */
export async function frameTimesOf(file: string): Promise<number[]> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const read = async (start: number, end: number) => {
      const out = Buffer.alloc(end - start);
      await handle.read(out, 0, out.length, start);
      return new Uint8Array(out.buffer, out.byteOffset, out.length);
    };
    const verdict = await probeVideo({ size, read }, { deadline: Date.now() + 60_000 });
    if (!verdict.ok) throw new Error(`${file} is not taken as a video: ${verdict.reason}`);
    return verdict.times;
  } finally {
    await handle.close();
  }
}
