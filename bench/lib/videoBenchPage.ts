/**
 * The page bench/video-seek.ts runs in (bundled like canvasBenchPage's, loaded from file://, the
 * video served over HTTP with Range): the workstation's video frame source and annotation engine,
 * mediabunny's own sample sink, and an HTMLVideoElement as the peer. Each run answers its
 * timings and, for every frame drawn, the number it shows (readFrameNumber's blocks read back
 * from the drawn canvas), so a fast wrong frame cannot pass for a fast right one.
 */
import { bundleBenchPage } from './canvasBenchPage';

const ENTRY = String.raw`
import { ALL_FORMATS, EncodedPacketSink, Input, UrlSource, VideoSampleSink } from 'mediabunny';
import { createAnnotationEngine } from './src-renderer/src/canvas/engine';
import { openVideo } from './src-renderer/src/video/openVideo';
import { seekTimeOf } from './src-shared/media/videoInfo';

const W = 1280, H = 720;
const frame = () => new Promise((r) => requestAnimationFrame(r));

function freshCanvas() {
  document.body.innerHTML = '';
  const canvas = document.createElement('canvas');
  canvas.width = W; canvas.height = H;
  canvas.style.cssText = 'display:block;width:' + W + 'px;height:' + H + 'px';
  document.body.appendChild(canvas);
  return canvas;
}

/** The number drawn in a 4 x 4 grid of blocks over the whole picture (tests/support/frameNumberVideo.ts). */
const probe = new OffscreenCanvas(64, 36).getContext('2d', { willReadFrequently: true });
function numberOf(source) {
  probe.drawImage(source, 0, 0, 64, 36);
  const d = probe.getImageData(0, 0, 64, 36).data;
  let n = 0;
  for (let bit = 0; bit < 16; bit++) {
    const x = (bit % 4) * 16 + 8, y = Math.floor(bit / 4) * 9 + 4;
    if (d[(y * 64 + x) * 4] > 128) n |= 1 << bit;
  }
  return n;
}

/** Random seeks with the frame source, each drawn on a canvas; the decoder settles (the frames after it) between seeks, as while a person looks. The first skip ones only set the stage. */
async function oursSeeks({ url, times, targets, options, skip = 0 }) {
  const ctx = freshCanvas().getContext('2d');
  const source = await openVideo(url, times, options);
  const out = [];
  for (const n of targets) {
    const t0 = performance.now();
    const picture = await source.frame(n);
    ctx.drawImage(picture, 0, 0, W, H);
    ctx.getImageData(0, 0, 1, 1);
    const ms = performance.now() - t0;
    out.push({ n, ms, shown: numberOf(picture) });
    await source.settled();
  }
  const stats = source.stats();
  source.close();
  // skip: seeks that only set the stage (the first pass over the file), left out of the answer
  return { seeks: out.slice(skip), stats };
}

/** mediabunny's getSample with an ImageBitmap per frame: a decoder per seek (the first measure of docs/video.md). */
async function sinkSeeks({ url, times, targets }) {
  const ctx = freshCanvas().getContext('2d');
  const input = new Input({ source: new UrlSource(url), formats: ALL_FORMATS });
  const sink = new VideoSampleSink(await input.getPrimaryVideoTrack());
  const out = [];
  for (const n of targets) {
    const t0 = performance.now();
    const sample = await sink.getSample(seekTimeOf(times, n));
    const videoFrame = sample.toVideoFrame();
    const bitmap = await createImageBitmap(videoFrame);
    videoFrame.close();
    sample.close();
    ctx.drawImage(bitmap, 0, 0, W, H);
    ctx.getImageData(0, 0, 1, 1);
    const ms = performance.now() - t0;
    out.push({ n, ms, shown: numberOf(bitmap) });
    bitmap.close();
  }
  input.dispose();
  return { seeks: out };
}

function videoElement(url) {
  const video = document.createElement('video');
  video.muted = true;
  video.preload = 'auto';
  video.crossOrigin = 'anonymous';
  video.src = url;
  return video;
}

/** The peer: an HTMLVideoElement seeking (currentTime, then the frame presented: requestVideoFrameCallback), drawn on a canvas. */
async function peerSeeks({ url, times, targets }) {
  const ctx = freshCanvas().getContext('2d');
  const video = videoElement(url);
  document.body.appendChild(video);
  await new Promise((r, j) => { video.onloadeddata = r; video.onerror = () => j(new Error('video element: ' + video.error?.message)); });
  const out = [];
  for (const n of targets) {
    const t0 = performance.now();
    const presented = new Promise((r) => video.requestVideoFrameCallback(r));
    video.currentTime = seekTimeOf(times, n);
    await presented;
    ctx.drawImage(video, 0, 0, W, H);
    ctx.getImageData(0, 0, 1, 1);
    const ms = performance.now() - t0;
    out.push({ n, ms, shown: numberOf(video) });
  }
  video.remove();
  return { seeks: out };
}

function random(seed) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 4294967296);
}

/** count boxes, each moving a little every frame (a tracked object), in a w x h picture. */
function tracks(count, w, h) {
  const r = random(5);
  return Array.from({ length: count }, (_, i) => ({ i, x: r() * (w - 200), y: r() * (h - 200), vx: r() * 6 - 3, vy: r() * 6 - 3, width: 40 + r() * 120, height: 40 + r() * 120 }));
}
const boxesAt = (list, k) => list.map((t) => ({ id: 't' + t.i, featureId: 1, labelId: 'l' + (t.i % 4), attributes: {}, zIndex: t.i, source: 'manual', tool: 'box', geometry: { x: t.x + t.vx * k, y: t.y + t.vy * k, width: t.width, height: t.height } }));
const COLORS = ['#1677ff', '#52c41a', '#fa8c16', '#eb2f96'];

/**
 * Plays frames from..from+count at the file's rate through the annotation engine, with 50 boxes
 * that move every frame, as the workspace plays: every frame is shown, in order; one not decoded
 * when its time comes is shown late (the clock does not skip it). Answers each frame's lateness.
 */
async function oursPlay({ url, times, from, count, boxes, options }) {
  const canvas = freshCanvas();
  const engine = createAnnotationEngine(canvas, {});
  engine.setColors((o) => COLORS[Number(o.labelId.slice(1))]);
  const source = await openVideo(url, times, options);
  const list = tracks(boxes, source.width, source.height);
  source.playing = true;
  await engine.setImage(await source.frame(from));
  await source.settled();
  const interval = (times[from + count] - times[from]) / count / 1000;
  const late = [];
  const wrong = [];
  let k = 0;
  const start = performance.now();
  while (k < count) {
    const now = await frame();
    const due = start + ((times[from + k] - times[from]) / 1000);
    if (now + 2 < due) continue;
    const picture = source.peek(from + k);
    if (!picture) continue;
    await engine.setImage(picture);
    engine.setObjects(boxesAt(list, k));
    late.push(Math.max(0, now - due));
    if (k % 10 === 0 && numberOf(picture) !== from + k) wrong.push(from + k);
    k++;
  }
  await frame();
  const ms = performance.now() - start;
  const stats = source.stats();
  source.close();
  engine.destroy();
  return { late, ms, interval, wrong, stats };
}

/** The peer playing the same frames at the file's rate, 50 boxes drawn by the engine on a canvas over it at every frame presented. */
async function peerPlay({ url, times, from, count, boxes }) {
  const canvas = freshCanvas();
  canvas.style.cssText += ';position:absolute;left:0;top:0';
  const video = videoElement(url);
  video.style.cssText = 'position:absolute;left:0;top:0;width:' + W + 'px;height:' + H + 'px';
  document.body.prepend(video);
  const engine = createAnnotationEngine(canvas, {});
  engine.setColors((o) => COLORS[Number(o.labelId.slice(1))]);
  await new Promise((r) => (video.onloadeddata = r));
  const list = tracks(boxes, video.videoWidth, video.videoHeight);
  video.currentTime = seekTimeOf(times, from);
  await new Promise((r) => (video.onseeked = r));
  const end = times[from + count] / 1e6;
  let first = null, last = null, callbacks = 0;
  const onFrame = (_now, meta) => {
    first ??= meta.presentedFrames;
    last = meta.presentedFrames;
    callbacks++;
    engine.setObjects(boxesAt(list, Math.round((meta.mediaTime * 1e6 - times[from]) / ((times[from + 1] - times[from])))));
    if (meta.mediaTime < end) video.requestVideoFrameCallback(onFrame);
  };
  video.requestVideoFrameCallback(onFrame);
  const start = performance.now();
  await video.play();
  await new Promise((r) => { const check = () => (video.currentTime >= end ? r() : setTimeout(check, 20)); check(); });
  video.pause();
  const ms = performance.now() - start;
  engine.destroy();
  video.remove();
  // Its own dropped-frame count (getVideoPlaybackQuality) says 299 of 301 in headless Chromium, where nothing is composited: the frames presented are counted instead.
  return { ms, presented: last - first + 1, callbacks };
}

/** The decoder alone: the first count packets from the start queued at once, then drained; answers ms a frame. */
async function decodeRate({ url, count }) {
  const input = new Input({ source: new UrlSource(url), formats: ALL_FORMATS });
  const track = await input.getPrimaryVideoTrack();
  const sink = new EncodedPacketSink(track);
  const packets = [];
  for await (const p of sink.packets()) { packets.push(p); if (packets.length >= count) break; }
  let out = 0;
  const decoder = new VideoDecoder({ output: (f) => { out++; f.close(); }, error: (e) => console.error(e) });
  decoder.configure(await track.getDecoderConfig());
  const t0 = performance.now();
  for (const p of packets) decoder.decode(p.toEncodedVideoChunk());
  await decoder.flush();
  const ms = performance.now() - t0;
  decoder.close();
  input.dispose();
  return { perFrame: ms / out, frames: out };
}

window.videoBench = { oursSeeks, sinkSeeks, peerSeeks, oursPlay, peerPlay, decodeRate };
`;

/** Bundles the entry and answers the page's file URL. */
export const buildVideoBenchPage = (): string => bundleBenchPage(ENTRY, 'bench-video');
