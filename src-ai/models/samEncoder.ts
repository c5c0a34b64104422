/**
 * SAM's image encoder: a picture to its embedding, once per picture (the decoder then answers
 * each click from it). Runs on the encoder's own thread (engine/encoderWorker.ts), never on the
 * built-in models' thread: an embedding takes 0.4 to 1.5 s of CPU, a click's decoder 40 to 80
 * ms, and a click must not wait behind another picture's embedding.
 *
 * Input as Segment Anything prepares it: the picture resized so its longer side is 1024 px
 * (bilinear, block-averaged first when shrinking by 2x or more: imaging.ts), each channel
 * normalised with ImageNet's mean and deviation, padded right and down with zeros, CHW.
 */
import { randomUUID } from 'node:crypto';
import * as ort from 'onnxruntime-node';
import type { Embedding, SharedImage } from '../engine/messages';
import { sampleRegion, type Raster } from '../imaging';
import { samSession } from './samFiles';
import { SAM_SIDE, samInputSize } from './samPrompt';

const MEAN = [123.675, 116.28, 103.53] as const;
const STD = [58.395, 57.12, 57.375] as const;
/** The encoder's output: [1, 256, 64, 64] float32. */
export const EMBEDDING_FLOATS = 256 * 64 * 64;

let session: Promise<ort.InferenceSession> | undefined;
/** One input tensor's buffer, reused: 12 MiB a call otherwise. */
let input: Float32Array | undefined;

/**
 * Loads the encoder (`threads`: onnxruntime's intra-op threads) and runs it once on a blank
 * input: the first run of a session takes about twice as long as the next ones, and that should
 * be paid at start, not by the first picture someone opens.
 */
export function loadSamEncoder(threads: number, dir?: string): Promise<ort.InferenceSession> {
  session ??= (async () => {
    const s = await samSession('encoder', threads, dir);
    await s.run({ [s.inputNames[0]!]: new ort.Tensor('float32', new Float32Array(3 * SAM_SIDE * SAM_SIDE), [1, 3, SAM_SIDE, SAM_SIDE]) });
    return s;
  })();
  session.catch(() => (session = undefined));
  return session;
}

/** The encoder's input (`side` x `side`: SAM_SIDE, or a team's SAM's) for a decoded picture, and the picture's size in it. */
export function encoderInput(image: Raster, into: Float32Array, side = SAM_SIDE): { inputWidth: number; inputHeight: number } {
  const { inputWidth, inputHeight } = samInputSize(image.width, image.height, side);
  const rgb = sampleRegion(image, { x0: 0, y0: 0, scale: side / Math.max(image.width, image.height) }, inputWidth, inputHeight);
  const plane = side * side;
  into.fill(0);
  const d = rgb.data;
  for (let y = 0; y < inputHeight; y++) {
    for (let x = 0; x < inputWidth; x++) {
      const p = (y * inputWidth + x) * 3;
      const o = y * side + x;
      into[o] = (d[p]! - MEAN[0]) / STD[0];
      into[plane + o] = (d[p + 1]! - MEAN[1]) / STD[1];
      into[2 * plane + o] = (d[p + 2]! - MEAN[2]) / STD[2];
    }
  }
  return { inputWidth, inputHeight };
}

export async function embedImage(image: SharedImage, threads: number, dir?: string): Promise<Embedding> {
  const s = await loadSamEncoder(threads, dir);
  input ??= new Float32Array(3 * SAM_SIDE * SAM_SIDE);
  const size = encoderInput({ width: image.width, height: image.height, channels: 3, data: new Uint8Array(image.data) }, input);
  const out = await s.run({ [s.inputNames[0]!]: new ort.Tensor('float32', input, [1, 3, SAM_SIDE, SAM_SIDE]) });
  const values = out[s.outputNames[0]!]!.data as Float32Array;
  if (values.length !== EMBEDDING_FLOATS) throw new Error(`the SAM encoder answered ${values.length} values, not ${EMBEDDING_FLOATS}`);
  const data = new SharedArrayBuffer(values.byteLength);
  new Float32Array(data).set(values);
  return { id: randomUUID(), data, ...size, sourceWidth: image.sourceWidth, sourceHeight: image.sourceHeight };
}
