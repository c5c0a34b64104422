/**
 * The page the mask brush benchmark runs in (as canvasBenchPage.ts does for shapes): an entry kept
 * as text, bundled with esbuild together with the engine, the mask library and Konva, loaded from
 * file:// in headless Chromium. window.maskBench paints strokes over a frame of masks, with our
 * engine and with a Konva brush as Label Studio draws one, and answers frame times, the time
 * from the stroke's release to its edit (what the journal records) and the edit's size.
 */
import { bundleBenchPage } from './canvasBenchPage';

const ENTRY = String.raw`
import Konva from 'konva';
import { createAnnotationEngine } from './src-renderer/src/canvas/engine';
import { createDrawingTool, MaskBrush } from './src-renderer/src/canvas/tools';
import { geometryOfRegion, regionOfGeometry } from './src-shared/mask/region';
import { rasterizePolygons } from './src-shared/mask/polygonToMask';

const COLORS = ['#1677ff', '#52c41a', '#fa8c16', '#eb2f96', '#13c2c2', '#722ed1', '#fadb14', '#f5222d'];
function random(seed) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 4294967296);
}

/** A w x h picture: noise under gradients, as an ImageBitmap like a decoded photo. */
async function makeImage(w, h) {
  const c = document.createElement('canvas');
  c.width = w; c.height = h;
  const ctx = c.getContext('2d');
  const tile = ctx.createImageData(500, 500);
  const r = random(1);
  for (let i = 0; i < tile.data.length; i += 4) { const v = 60 + r() * 120; tile.data[i] = v; tile.data[i + 1] = v * 0.9; tile.data[i + 2] = v * 0.8; tile.data[i + 3] = 255; }
  for (let y = 0; y < h; y += 500) for (let x = 0; x < w; x += 500) ctx.putImageData(tile, x, y);
  const bitmap = await createImageBitmap(c);
  c.width = c.height = 0;
  return bitmap;
}

/** count irregular blobs (objects of 60 to 400 px) as masks over the frame. */
function masks(count, w, h) {
  const r = random(2);
  const out = [];
  for (let i = 0; i < count; i++) {
    const cx = r() * w, cy = r() * h, rad = 30 + r() * 170, pts = [];
    for (let k = 0; k < 24; k++) { const a = (k / 24) * Math.PI * 2, d = rad * (0.6 + r() * 0.4); pts.push({ x: cx + Math.cos(a) * d, y: cy + Math.sin(a) * d }); }
    const region = rasterizePolygons([pts]);
    const geometry = region && geometryOfRegion(region);
    if (geometry) out.push({ id: 'm' + i, featureId: 1, labelId: 'l' + (i % COLORS.length), attributes: {}, zIndex: i, source: 'manual', tool: 'mask', geometry });
  }
  return out;
}

/** The strokes: each a wavy line of 'frames' points, 'step' screen pixels apart, somewhere on the canvas. */
function strokes(n, frames, step, W, H) {
  const r = random(3);
  const out = [];
  const long = frames * step;
  for (let s = 0; s < n; s++) {
    const x0 = 40 + r() * Math.max(1, W - long - 80), y0 = 100 + r() * (H - 200), pts = [];
    for (let i = 0; i < frames; i++) pts.push({ x: x0 + i * step, y: y0 + Math.sin(i / 8) * Math.min(60, long / 8) });
    out.push(pts);
  }
  return out;
}

const frame = () => new Promise((r) => requestAnimationFrame(r));
const W = 1280, H = 720;
function fresh() {
  document.body.innerHTML = '';
  const canvas = document.createElement('canvas');
  canvas.style.cssText = 'display:block;width:' + W + 'px;height:' + H + 'px';
  document.body.appendChild(canvas);
  return canvas;
}

let image = null;
async function runOurs({ count, n, frames, step, radius, zoom, into }) {
  image ??= await makeImage(4000, 3000);
  const canvas = fresh();
  const brush = new MaskBrush({ radius, takeOthers: true });
  const engine = createAnnotationEngine(canvas, { createDrawingTool, maskBrush: brush });
  engine.setColors((o) => COLORS[Number(o.labelId.slice(1))]);
  await engine.setImage(image);
  engine.setObjects(masks(count, 4000, 3000));
  if (zoom) engine.zoomTo(zoom);
  for (let i = 0; i < 30; i++) await frame();
  engine.setDrawing({ featureId: 1, labelId: 'l0', tool: 'mask', color: COLORS[0], attributes: {} });
  let editAt = 0, edit = null;
  engine.on('edit', (e) => { editAt = performance.now(); edit = e; });
  const rect = canvas.getBoundingClientRect();
  const ev = (type, p) => canvas.dispatchEvent(new PointerEvent(type, { pointerId: 1, bubbles: true, clientX: rect.left + p.x, clientY: rect.top + p.y, button: 0, buttons: type === 'pointerup' ? 0 : 1 }));
  canvas.setPointerCapture = () => {};
  const deltas = [], toJournal = [], bytes = [];
  for (const pts of strokes(n, frames, step, W, H)) {
    // A new mask each stroke, or (into) a touch-up of the mask nearest the stroke's start, selected.
    let pick = [];
    if (into) {
      const v = engine.view(), wx = (pts[0].x - v.offsetX) / v.zoom, wy = (pts[0].y - v.offsetY) / v.zoom;
      const near = engine.objects().map((o) => ({ o, d: Math.hypot(o.geometry.x + o.geometry.width / 2 - wx, o.geometry.y + o.geometry.height / 2 - wy) })).sort((a, b) => a.d - b.d)[0];
      if (near) { pick = [near.o.id]; engine.setDrawing({ featureId: 1, labelId: near.o.labelId, tool: 'mask', color: COLORS[0], attributes: {} }); }
    }
    engine.select(pick);
    ev('pointerdown', pts[0]);
    let last = await frame();
    for (const p of pts.slice(1)) { ev('pointermove', p); const t = await frame(); deltas.push(t - last); last = t; }
    const t0 = performance.now();
    ev('pointerup', pts[pts.length - 1]);
    toJournal.push(editAt - t0);
    bytes.push(JSON.stringify(edit).length);
    await frame();
  }
  const objects = engine.objects().length;
  engine.destroy();
  return { deltas, toJournal, bytes, objects };
}

/**
 * Label Studio's brush, as its BrushRegion draws: every mask a Konva.Image of its own, a stroke
 * a Konva.Line with round caps added to the layer, the layer drawn each frame the stroke grows.
 */
async function runKonva({ count, n, frames, step, radius, zoom }) {
  image ??= await makeImage(4000, 3000);
  document.body.innerHTML = '';
  const container = document.createElement('div');
  container.style.cssText = 'width:' + W + 'px;height:' + H + 'px';
  document.body.appendChild(container);
  const stage = new Konva.Stage({ container, width: W, height: H });
  const imageLayer = new Konva.Layer({ listening: false });
  imageLayer.add(new Konva.Image({ image, x: 0, y: 0, width: 4000, height: 3000 }));
  const layer = new Konva.Layer({ listening: false });
  for (const o of masks(count, 4000, 3000)) {
    const g = o.geometry, region = regionOfGeometry(g);
    const c = document.createElement('canvas'); c.width = g.width; c.height = g.height;
    const ctx = c.getContext('2d'), data = ctx.createImageData(g.width, g.height), col = COLORS[Number(o.labelId.slice(1))];
    const rgb = [1, 3, 5].map((k) => parseInt(col.slice(k, k + 2), 16));
    for (let i = 0; i < region.bits.length; i++) if (region.bits[i]) { data.data[4 * i] = rgb[0]; data.data[4 * i + 1] = rgb[1]; data.data[4 * i + 2] = rgb[2]; data.data[4 * i + 3] = 255; }
    ctx.putImageData(data, 0, 0);
    layer.add(new Konva.Image({ image: c, x: g.x, y: g.y, width: g.width, height: g.height, opacity: 0.45 }));
  }
  stage.add(imageLayer, layer);
  const scale = zoom || Math.min((W - 32) / 4000, (H - 32) / 3000);
  stage.scale({ x: scale, y: scale });
  stage.position({ x: (W - 4000 * scale) / 2, y: (H - 3000 * scale) / 2 });
  stage.draw();
  for (let i = 0; i < 30; i++) await frame();
  const deltas = [];
  const toWorld = (p) => ({ x: (p.x - stage.x()) / scale, y: (p.y - stage.y()) / scale });
  for (const pts of strokes(n, frames, step, W, H)) {
    const line = new Konva.Line({ points: [], stroke: COLORS[0], strokeWidth: radius * 2, lineCap: 'round', lineJoin: 'round', opacity: 0.45, globalCompositeOperation: 'source-over', listening: false });
    layer.add(line);
    let last = await frame();
    for (const p of pts) { const w = toWorld(p); line.points(line.points().concat([w.x, w.y])); layer.batchDraw(); const t = await frame(); deltas.push(t - last); last = t; }
  }
  stage.destroy();
  return { deltas };
}

window.maskBench = { runOurs, runKonva };
`;

/** Bundles the entry and answers the page's file URL. */
export const buildMaskBenchPage = (): string => bundleBenchPage(ENTRY, 'bench-masks');
