/**
 * The built-in pose model: MoveNet SinglePose Lightning (Google, Apache-2.0) as shipped in
 * @vladmandic/human (models/movenet-lightning.json + .bin, 4.6 MB). Input 192x192 int32 RGB,
 * output [1, 1, 17, 3] = (y, x, score) per COCO keypoint, normalised to the input.
 *
 * With `prompt.box` the model looks at that person only: the box grown by 15% a side and made
 * square (black outside the image). Without, at the whole image letterboxed into a square.
 */
import type { GraphModel } from '@tensorflow/tfjs-converter';
import type { Tensor } from '@tensorflow/tfjs-core';
import type { Prediction, Prompt } from '../../src-shared/ai/protocol';
import { COCO_KEYPOINTS } from '../catalog';
import { clipBox, round2 } from '../geometry';
import { letterboxRegion, sampleRegion, toImage, type Raster, type Region } from '../imaging';
import { humanModelsDir, loadGraphModelFromDisk, tfReady } from './tfRuntime';

const INPUT = 192;
const GROW = 0.15;
/** keypoints at or above this score make the box around the person */
const BOX_SCORE = 0.2;

let model: Promise<GraphModel> | undefined;
export const loadPose = () => (model ??= loadGraphModelFromDisk(humanModelsDir(), 'movenet-lightning'));

export function poseRegion(image: Raster, box: Prompt['box']): Region {
  if (!box || box.width < 1 || box.height < 1) return letterboxRegion(image.width, image.height, INPUT, INPUT);
  const side = Math.max(box.width, box.height) * (1 + 2 * GROW);
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  return { x0: cx - side / 2, y0: cy - side / 2, scale: INPUT / side };
}

export async function pose(image: Raster, prompt: Prompt | undefined): Promise<Prediction[]> {
  const tf = await tfReady();
  const net = await loadPose();
  const region = poseRegion(image, prompt?.box);
  const input = sampleRegion(image, region, INPUT, INPUT);
  const out = tf.tidy(() => net.execute(tf.tensor4d(Int32Array.from(input.data), [1, INPUT, INPUT, 3], 'int32')) as Tensor);
  const data = (await out.data()) as Float32Array;
  out.dispose();
  const keypoints = COCO_KEYPOINTS.map((name, k) => {
    const p = toImage(region, data[k * 3 + 1]! * INPUT, data[k * 3]! * INPUT);
    const score = Math.min(1, Math.max(0, data[k * 3 + 2]!));
    return { name, x: round2(Math.min(Math.max(p.x, 0), image.width)), y: round2(Math.min(Math.max(p.y, 0), image.height)), score: Math.round(score * 1e4) / 1e4 };
  });
  const sure = keypoints.filter((k) => k.score >= BOX_SCORE);
  const around = sure.length >= 2 ? sure : keypoints;
  const xs = around.map((k) => k.x);
  const ys = around.map((k) => k.y);
  const box = clipBox({ x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) }, image.width, image.height);
  const score = keypoints.reduce((s, k) => s + k.score, 0) / keypoints.length;
  return [{ tool: 'keypoints', className: 'person', score: Math.round(score * 1e4) / 1e4, keypoints, box: { x: round2(box.x), y: round2(box.y), width: round2(box.width), height: round2(box.height) } }];
}
