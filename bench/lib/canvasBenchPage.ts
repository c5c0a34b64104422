/**
 * The page the canvas benchmarks run in: a small entry (kept here as text, since the bench
 * sources are type-checked for Node, not the DOM) bundled with esbuild together with the
 * engine and Konva into one script under .run/, loaded from file:// in headless Chromium.
 * In the page, window.bench builds a scene (a generated image, generated objects) and drives
 * pan and zoom for a fixed script of frames, answering the requestAnimationFrame deltas and
 * the time spent drawing each frame.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from '@playwright/test';

const ENTRY = String.raw`
import Konva from 'konva';
import { createAnnotationEngine, TiledImage } from './src-renderer/src/canvas/engine';

const COLORS = ['#1677ff', '#52c41a', '#fa8c16', '#eb2f96', '#13c2c2', '#722ed1', '#fadb14', '#f5222d'];
function random(seed) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 4294967296);
}

/** A side x side image: gradients over a tiled noise texture, as an ImageBitmap like a decoded photo. */
async function makeImage(side) {
  const noise = document.createElement('canvas');
  noise.width = noise.height = 1000;
  const nctx = noise.getContext('2d');
  const data = nctx.createImageData(1000, 1000);
  const r = random(1);
  for (let i = 0; i < data.data.length; i += 4) {
    const v = 60 + r() * 120;
    data.data[i] = v; data.data[i + 1] = v * 0.9; data.data[i + 2] = v * 0.8; data.data[i + 3] = 255;
  }
  nctx.putImageData(data, 0, 0);
  const c = document.createElement('canvas');
  c.width = c.height = side;
  const ctx = c.getContext('2d');
  for (let y = 0; y < side; y += 1000) for (let x = 0; x < side; x += 1000) ctx.drawImage(noise, x, y);
  const g = ctx.createLinearGradient(0, 0, side, side);
  g.addColorStop(0, 'rgba(255,0,0,0.3)'); g.addColorStop(0.5, 'rgba(0,255,0,0.2)'); g.addColorStop(1, 'rgba(0,0,255,0.3)');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, side, side);
  const bitmap = await createImageBitmap(c);
  c.width = c.height = 0;
  return bitmap;
}

function polygons(n, points, side) {
  const r = random(2);
  const out = [];
  for (let i = 0; i < n; i++) {
    const cx = r() * side, cy = r() * side, rad = 20 + r() * 60;
    const pts = [];
    for (let k = 0; k < points; k++) {
      const a = (k / points) * Math.PI * 2, d = rad * (0.7 + r() * 0.3);
      pts.push({ x: cx + Math.cos(a) * d, y: cy + Math.sin(a) * d });
    }
    out.push({ id: 'p' + i, featureId: 1, labelId: 'l' + (i % COLORS.length), attributes: {}, zIndex: i, source: i % 10 === 0 ? 'ai' : 'manual', tool: 'polygon', geometry: { points: pts } });
  }
  return out;
}

function boxes(n, side) {
  const r = random(3);
  const out = [];
  for (let i = 0; i < n; i++) {
    out.push({ id: 'b' + i, featureId: 1, labelId: 'l' + (i % COLORS.length), attributes: {}, zIndex: i, source: i % 10 === 0 ? 'ai' : 'manual', tool: 'box', geometry: { x: r() * side, y: r() * side, width: 10 + r() * 70, height: 10 + r() * 70 } });
  }
  return out;
}

/** The same gesture script for every contender: pan, pause, zoom in, pause, pan, zoom out, pause. */
function script(frames) {
  const steps = [];
  const add = (n, step) => { for (let i = 0; i < n; i++) steps.push(step); };
  add(120, { pan: [6, 3] });
  add(15, null);
  add(90, { zoom: 1.02 });
  add(15, null);
  add(60, { pan: [-8, -4] });
  add(90, { zoom: 1 / 1.02 });
  add(15, null);
  return steps.slice(0, frames);
}

const frame = () => new Promise((r) => requestAnimationFrame(r));

async function drive(steps, apply) {
  const deltas = [];
  let last = await frame();
  for (const s of steps) {
    if (s) apply(s);
    const t = await frame();
    deltas.push(t - last);
    last = t;
  }
  return deltas;
}

const W = 1280, H = 720;
let image = null;

function freshCanvas() {
  document.body.innerHTML = '';
  const canvas = document.createElement('canvas');
  canvas.style.cssText = 'display:block;width:' + W + 'px;height:' + H + 'px';
  document.body.appendChild(canvas);
  return canvas;
}

async function runOurs({ kind, count }) {
  image ??= await makeImage(8000);
  const canvas = freshCanvas();
  const engine = createAnnotationEngine(canvas, {});
  engine.setColors((o) => COLORS[Number(o.labelId.slice(1))]);
  await engine.setImage(image);
  const t0 = performance.now();
  engine.setObjects(kind === 'polygons' ? polygons(count, 20, 8000) : boxes(count, 8000));
  const loadMs = performance.now() - t0;
  for (let i = 0; i < 30; i++) await frame();
  const steps = script(400);
  const deltas = await drive(steps, (s) => (s.pan ? engine.panBy(s.pan[0], s.pan[1]) : engine.zoomBy(s.zoom)));
  await frame();
  // The engine draws once per frame that changed something: its last frames are this run's.
  const st = engine.stats();
  engine.destroy();
  return { deltas, renderMs: st.frameMs.slice(-steps.length), loadMs, objectRenders: st.objectRenders, lastObjectRenderMs: st.lastObjectRenderMs, lastObjectRenderFrames: st.lastObjectRenderFrames };
}

/**
 * The frame after a zoom settles, fully zoomed out (every object on screen): the view fitted,
 * its picture drawn, then one zoom step and 120 still frames, in which the picture is drawn
 * again at the new zoom. Answers those frames' deltas and what the drawing cost.
 */
async function runSettle({ kind, count }) {
  image ??= await makeImage(8000);
  const canvas = freshCanvas();
  const engine = createAnnotationEngine(canvas, {});
  engine.setColors((o) => COLORS[Number(o.labelId.slice(1))]);
  await engine.setImage(image);
  engine.setObjects(kind === 'polygons' ? polygons(count, 20, 8000) : boxes(count, 8000));
  engine.fit();
  for (let i = 0; i < 120; i++) await frame();
  const before = engine.stats().objectRenders;
  const steps = [{ zoom: 0.98 }];
  for (let i = 0; i < 120; i++) steps.push(null);
  const deltas = await drive(steps, (s) => engine.zoomBy(s.zoom));
  const st = engine.stats();
  engine.destroy();
  return { deltas, renderMs: st.frameMs.slice(-steps.length), objectRenders: st.objectRenders - before, lastObjectRenderMs: st.lastObjectRenderMs, lastObjectRenderFrames: st.lastObjectRenderFrames, lastObjectCount: st.lastObjectCount };
}

async function runKonva({ count }) {
  image ??= await makeImage(8000);
  document.body.innerHTML = '';
  const container = document.createElement('div');
  container.style.cssText = 'width:' + W + 'px;height:' + H + 'px';
  document.body.appendChild(container);
  const stage = new Konva.Stage({ container, width: W, height: H });
  const imageLayer = new Konva.Layer({ listening: false });
  imageLayer.add(new Konva.Image({ image, x: 0, y: 0, width: 8000, height: 8000 }));
  const shapes = new Konva.Layer();
  for (const o of polygons(count, 20, 8000)) {
    const color = COLORS[Number(o.labelId.slice(1))];
    shapes.add(new Konva.Line({
      points: o.geometry.points.flatMap((p) => [p.x, p.y]), closed: true, stroke: color, strokeWidth: 1.5, strokeScaleEnabled: false,
      fill: color + '2e', dash: o.source === 'ai' ? [6, 4] : undefined, perfectDrawEnabled: false, listening: false,
    }));
  }
  stage.add(imageLayer, shapes);
  let scale = Math.min((W - 32) / 8000, (H - 32) / 8000);
  let x = (W - 8000 * scale) / 2, y = (H - 8000 * scale) / 2;
  const apply = () => { stage.scale({ x: scale, y: scale }); stage.position({ x, y }); };
  apply();
  stage.draw();
  for (let i = 0; i < 30; i++) await frame();
  const renderMs = [];
  const steps = script(400);
  // Label Studio moves the stage and redraws: a pan or zoom redraws every shape of the layer.
  const deltas = await drive(steps, (s) => {
    if (s.pan) { x += s.pan[0]; y += s.pan[1]; }
    else { const f = s.zoom; x = W / 2 - (W / 2 - x) * f; y = H / 2 - (H / 2 - y) * f; scale *= f; }
    apply();
    const t = performance.now();
    stage.draw();
    renderMs.push(performance.now() - t);
  });
  stage.destroy();
  return { deltas, renderMs };
}

// The engine itself, for poking at it by hand from a Playwright script.
/**
 * A tile of a generated pyramid, after a pause like a read from the object store: a coloured
 * square with its outline, decoded as an ImageBitmap like a fetched JPEG.
 */
const tileLevels = {};
async function fakeTile(level, col, row) {
  tileLevels[level] = (tileLevels[level] ?? 0) + 1;
  await new Promise((r) => setTimeout(r, 15));
  const c = new OffscreenCanvas(1024, 1024);
  const g = c.getContext('2d');
  g.fillStyle = 'hsl(' + ((level * 40 + col * 7 + row * 13) % 360) + ' 55% 45%)';
  g.fillRect(0, 0, 1024, 1024);
  g.strokeStyle = '#000';
  g.strokeRect(0, 0, 1024, 1024);
  return createImageBitmap(c);
}

/** The same script over an image of side x side drawn from its tile pyramid, with count polygons on it. */
async function runTiled({ side, count }) {
  const canvas = freshCanvas();
  const engine = createAnnotationEngine(canvas, {});
  engine.setColors((o) => COLORS[Number(o.labelId.slice(1))]);
  const pyramid = await TiledImage.open(side, side, fakeTile);
  let tilesArrived = 0;
  await engine.setImage(pyramid);
  const onTile = pyramid.onTile;
  pyramid.onTile = () => { tilesArrived++; onTile?.(); };
  engine.setObjects(polygons(count, 20, side));
  for (let i = 0; i < 30; i++) await frame();
  // From the whole image down into its middle past 1:1 (every level on the way), across it at
  // that zoom (new full-size tiles every few frames), and out again.
  const steps = [];
  for (let i = 0; i < 160; i++) steps.push({ zoom: 1.03 });
  for (let i = 0; i < 200; i++) steps.push({ pan: [-12, -6] });
  for (let i = 0; i < 40; i++) steps.push({ zoom: 1 / 1.08 });
  const deltas = await drive(steps, (s) => (s.pan ? engine.panBy(s.pan[0], s.pan[1]) : engine.zoomBy(s.zoom)));
  await frame();
  const st = engine.stats();
  engine.destroy();
  return { deltas, renderMs: st.frameMs.slice(-steps.length), tilesArrived, tilesKept: pyramid.cachedTiles, tileLevels };
}

window.bench = { runOurs, runSettle, runKonva, runTiled, createAnnotationEngine, makeImage };
`;

/** Bundles a page's entry (text, imports resolved from the project's root) into .run/<dir> and answers the page's file URL. */
export function bundleBenchPage(entry: string, dir: string): string {
  const out = path.resolve('.run', dir);
  fs.mkdirSync(out, { recursive: true });
  const built = spawnSync('node_modules/.bin/esbuild', ['--bundle', '--format=iife', '--loader=ts', '--target=es2022', '--sourcefile=entry.ts', `--outfile=${path.join(out, 'bench.js')}`], { input: entry, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`esbuild failed: ${built.stderr}`);
  fs.writeFileSync(path.join(out, 'index.html'), '<!doctype html><html><body style="margin:0"><script src="bench.js"></script></body></html>');
  return pathToFileURL(path.join(out, 'index.html')).href;
}

/** Bundles the entry and answers the page's file URL. */
export const buildCanvasBenchPage = (): string => bundleBenchPage(ENTRY, 'bench-canvas');

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}
