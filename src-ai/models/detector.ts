/**
 * The built-in detector: CenterNet with a MobileNetV3 backbone, trained on COCO (80 classes), as
 * converted to TF.js by @vladmandic/human (models/centernet.json + .bin, 4 MB). The image is
 * letterboxed (aspect kept, black bars) into the model's 512x512 float RGB 0..255 input, which
 * scored better on the demo photos than stretching it; the graph's `tower_0/detections` output
 * is the top 100 peaks as [x1, y1, x2, y2, score, class] in input pixels. Overlapping boxes of
 * the same class are merged by NMS (IoU 0.45).
 */
import type { GraphModel } from '@tensorflow/tfjs-converter';
import type { Tensor } from '@tensorflow/tfjs-core';
import type { Prediction } from '../../src-shared/ai/protocol';
import { COCO_CLASSES } from '../catalog';
import { clipBox, nms, round2 } from '../geometry';
import { letterboxRegion, sampleRegion, toImage, type Raster } from '../imaging';
import { humanModelsDir, loadGraphModelFromDisk, tfReady } from './tfRuntime';

const INPUT = 512;
const NMS_IOU = 0.45;

let model: Promise<GraphModel> | undefined;
export const loadDetector = () => (model ??= loadGraphModelFromDisk(humanModelsDir(), 'centernet'));

export async function detect(image: Raster, minScore: number): Promise<Prediction[]> {
  const tf = await tfReady();
  const net = await loadDetector();
  const region = letterboxRegion(image.width, image.height, INPUT, INPUT);
  const input = sampleRegion(image, region, INPUT, INPUT);
  const rows = tf.tidy(() => {
    const x = tf.tensor4d(Float32Array.from(input.data), [1, INPUT, INPUT, 3], 'float32');
    return net.execute(x, ['tower_0/detections']) as Tensor;
  });
  const data = (await rows.data()) as Float32Array;
  rows.dispose();
  const found: Prediction[] = [];
  for (let i = 0; i + 6 <= data.length; i += 6) {
    const score = data[i + 4]!;
    const cls = data[i + 5]!;
    if (!(score >= minScore) || !Number.isFinite(cls)) continue;
    const className = COCO_CLASSES[Math.round(cls)];
    if (!className) continue;
    const a = toImage(region, data[i]!, data[i + 1]!);
    const b = toImage(region, data[i + 2]!, data[i + 3]!);
    const box = clipBox({ x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y }, image.width, image.height);
    if (box.width < 1 || box.height < 1) continue;
    found.push({ tool: 'box', className, score: Math.min(1, round4(score)), box: { x: round2(box.x), y: round2(box.y), width: round2(box.width), height: round2(box.height) } });
  }
  return nms(found as (Prediction & { box: NonNullable<Prediction['box']> })[], NMS_IOU);
}

const round4 = (v: number) => Math.round(v * 1e4) / 1e4;
