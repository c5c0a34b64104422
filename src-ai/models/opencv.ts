/**
 * OpenCV 4.12 compiled to WebAssembly (@techstark/opencv-js, Apache-2.0; the wasm is inlined in
 * its opencv.js). About 0.6 s to start, once per model thread.
 */
import { createRequire } from 'node:module';
import type * as OpenCv from '@techstark/opencv-js';

export type CV = typeof OpenCv;
type CvModule = CV & { onRuntimeInitialized?: () => void; then?: unknown };

const require = createRequire(import.meta.url);
let ready: Promise<CV> | undefined;

export function opencvReady(): Promise<CV> {
  ready ??= new Promise<CV>((resolve, reject) => {
    const mod = require('@techstark/opencv-js') as CvModule;
    const done = () => {
      // The module is a thenable: resolving a promise with it would call its then() for ever.
      const cv = mod as { then?: unknown };
      delete cv.then;
      resolve(mod);
    };
    if (typeof mod.Mat === 'function' && typeof mod.grabCut === 'function') done();
    else mod.onRuntimeInitialized = done;
    setTimeout(() => reject(new Error('OpenCV did not start within 30 s')), 30_000).unref();
  });
  return ready;
}

/** Runs `work` and frees every Mat it registered, whatever happens. */
export function withMats<T>(work: (keep: <M extends { delete(): void }>(m: M) => M) => T): T {
  const mats: { delete(): void }[] = [];
  try {
    return work((m) => {
      mats.push(m);
      return m;
    });
  } finally {
    for (const m of mats) m.delete();
  }
}
