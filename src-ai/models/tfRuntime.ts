/**
 * TF.js on the CPU through its WebAssembly backend (SIMD, one thread: the service has one model
 * thread on a 2-core machine). The wasm binaries and the graph models are files inside pinned npm
 * packages; they are read from disk, nothing is fetched.
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs-core';
import { loadGraphModel, type GraphModel } from '@tensorflow/tfjs-converter';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';

const require = createRequire(import.meta.url);

let ready: Promise<typeof tf> | undefined;

export function tfReady(): Promise<typeof tf> {
  ready ??= (async () => {
    tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
    setWasmPaths(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')) + path.sep);
    if (!(await tf.setBackend('wasm'))) throw new Error('TF.js wasm backend failed to start');
    await tf.ready();
    return tf;
  })();
  return ready;
}

/** The folder of the graph models shipped in @vladmandic/human (MIT). */
export function humanModelsDir(): string {
  return path.join(path.dirname(require.resolve('@vladmandic/human')), '..', 'models');
}

interface ModelJson {
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
  signature?: object;
  modelTopology: object;
  weightsManifest: { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
}

/** Loads a TF.js graph model from `<dir>/<name>.json` and the weight files it names, without fetch. */
export async function loadGraphModelFromDisk(dir: string, name: string): Promise<GraphModel> {
  await tfReady();
  const json = JSON.parse(await fs.readFile(path.join(dir, `${name}.json`), 'utf8')) as ModelJson;
  const buffers = await Promise.all(json.weightsManifest.flatMap((g) => g.paths).map((p) => fs.readFile(path.join(dir, p))));
  const weights = Buffer.concat(buffers);
  const handler: tf.io.IOHandler = {
    load: async () => ({
      modelTopology: json.modelTopology,
      format: json.format,
      generatedBy: json.generatedBy,
      convertedBy: json.convertedBy,
      signature: json.signature,
      weightSpecs: json.weightsManifest.flatMap((g) => g.weights),
      weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength) as ArrayBuffer,
    }),
  };
  return loadGraphModel(handler);
}
