/**
 * Builds small, valid ONNX models in the test itself (no Python, no download): the ModelProto
 * protobuf is encoded by hand (varints and length-delimited fields, see onnx/onnx.proto).
 *
 * `yoloModel()` makes a YOLOv8-style detector: one input `images` [1,3,H,W] float and one output
 * [1, 4+C, N] (or [1, N, 4+C] with `transposed`) whose values are the given boxes (cx, cy, w, h
 * in input pixels) and class scores, whatever the picture: output = K + 0 * mean(images). The
 * model still reads its input, so the runtime cannot skip it, and the test knows exactly which
 * boxes the service must report after letterbox mapping and NMS.
 */

// ---- protobuf wire format ----------------------------------------------------------------
type Field = Uint8Array;

function varint(value: number | bigint): number[] {
  let v = BigInt.asUintN(64, BigInt(value));
  const out: number[] = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v !== 0n) byte |= 0x80;
    out.push(byte);
  } while (v !== 0n);
  return out;
}

const key = (field: number, wire: number) => varint((field << 3) | wire);
const concat = (parts: (Uint8Array | number[])[]): Uint8Array => {
  const arrays = parts.map((p) => (p instanceof Uint8Array ? p : Uint8Array.from(p)));
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.length;
  }
  return out;
};
const int = (field: number, value: number | bigint): Field => concat([key(field, 0), varint(value)]);
const bytes = (field: number, value: Uint8Array): Field => concat([key(field, 2), varint(value.length), value]);
const str = (field: number, value: string): Field => bytes(field, new TextEncoder().encode(value));
const msg = (field: number, ...fields: Field[]): Field => bytes(field, concat(fields));
const float32 = (field: number, value: number): Field => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setFloat32(0, value, true);
  return concat([key(field, 5), b]);
};

// ---- ONNX messages (field numbers from onnx.proto) ---------------------------------------
const FLOAT = 1;
const INT64 = 7;

function tensorProto(name: string, dims: number[], data: Float32Array | BigInt64Array): Field[] {
  const raw = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return [...dims.map((d) => int(1, d)), int(2, data instanceof Float32Array ? FLOAT : INT64), str(8, name), bytes(9, raw)];
}

type Attr = { name: string; ints?: number[]; i?: number; f?: number; t?: Field[]; g?: Field[] };
function attribute(a: Attr): Field[] {
  if (a.t) return [str(1, a.name), msg(5, ...a.t), int(20, 4)];
  if (a.g) return [str(1, a.name), msg(6, ...a.g), int(20, 5)];
  if (a.ints) return [str(1, a.name), ...a.ints.map((v) => int(8, v)), int(20, 7)];
  if (a.i !== undefined) return [str(1, a.name), int(3, a.i), int(20, 2)];
  return [str(1, a.name), float32(2, a.f ?? 0), int(20, 1)];
}

function node(op: string, inputs: string[], outputs: string[], attrs: Attr[] = [], domain?: string): Field {
  return msg(
    1,
    ...inputs.map((i) => str(1, i)),
    ...outputs.map((o) => str(2, o)),
    str(3, `${op}_${outputs[0]}`),
    str(4, op),
    ...attrs.map((a) => msg(5, ...attribute(a))),
    ...(domain !== undefined ? [str(7, domain)] : []),
  );
}

function valueInfo(field: number, name: string, dims: (number | string)[], elemType = FLOAT): Field {
  const dim = dims.map((d) => msg(1, typeof d === 'number' ? int(1, d) : str(2, d)));
  return msg(field, str(1, name), msg(2, msg(1, int(1, elemType), msg(2, ...dim))));
}

export interface OnnxGraph {
  nodes: Field[];
  initializers: Field[][];
  inputs: { name: string; dims: (number | string)[]; elemType?: number }[];
  outputs: { name: string; dims: (number | string)[]; elemType?: number }[];
  opset?: number;
  /** extra opset imports: [domain, version] */
  imports?: [string, number][];
}

/** The fields of a GraphProto (a model's graph, or a subgraph attribute). */
export function graphFields(g: Omit<OnnxGraph, 'opset' | 'imports'>): Field[] {
  return [
    ...g.nodes,
    str(2, 'tiny'),
    ...g.initializers.map((t) => msg(5, ...t)),
    ...g.inputs.map((i) => valueInfo(11, i.name, i.dims, i.elemType)),
    ...g.outputs.map((o) => valueInfo(12, o.name, o.dims, o.elemType)),
  ];
}

/** Encodes a ModelProto (IR version 8) of the given graph. */
export function encodeModel(g: OnnxGraph): Uint8Array {
  const imports = [msg(8, str(1, ''), int(2, g.opset ?? 13)), ...(g.imports ?? []).map(([d, v]) => msg(8, str(1, d), int(2, v)))];
  return concat([int(1, 8), str(2, 'tinyOnnx'), msg(7, ...graphFields(g)), ...imports]);
}

// ---- the YOLO-style detector ---------------------------------------------------------------
export interface TinyBox {
  /** centre and size in the model's input pixels */
  cx: number;
  cy: number;
  w: number;
  h: number;
  /** index into the model's classes */
  cls: number;
  score: number;
}

export interface YoloOptions {
  inputWidth: number;
  inputHeight: number;
  classes: number;
  boxes: TinyBox[];
  /** [1, N, 4+C] instead of YOLOv8's [1, 4+C, N] */
  transposed?: boolean;
  /** extra rows beyond 4+C: a wrongly shaped head for the invalid-model test */
  extraRows?: number;
}

export function yoloModel(o: YoloOptions): Uint8Array {
  const rows = 4 + o.classes + (o.extraRows ?? 0);
  const n = o.boxes.length;
  const k = new Float32Array(rows * n);
  // channel-first layout [rows, n]; transposed writes [n, rows]
  const at = (r: number, i: number) => (o.transposed ? i * rows + r : r * n + i);
  o.boxes.forEach((b, i) => {
    k[at(0, i)] = b.cx;
    k[at(1, i)] = b.cy;
    k[at(2, i)] = b.w;
    k[at(3, i)] = b.h;
    k[at(4 + b.cls, i)] = b.score;
  });
  const outDims = o.transposed ? [1, n, rows] : [1, rows, n];
  return encodeModel({
    nodes: [
      node('ReduceMean', ['images'], ['mean'], [{ name: 'axes', ints: [1, 2, 3] }, { name: 'keepdims', i: 0 }]),
      node('Mul', ['mean', 'zero'], ['nothing']),
      node('Add', ['K', 'nothing'], ['output0']),
    ],
    initializers: [tensorProto('K', outDims, k), tensorProto('zero', [1], Float32Array.of(0))],
    inputs: [{ name: 'images', dims: [1, 3, o.inputHeight, o.inputWidth] }],
    outputs: [{ name: 'output0', dims: outDims }],
  });
}

/** A model whose input is not an image ([1, 10]): loads fine, but is no YOLO detector. */
export function flatInputModel(): Uint8Array {
  return encodeModel({
    nodes: [node('Identity', ['x'], ['y'])],
    initializers: [],
    inputs: [{ name: 'x', dims: [1, 10] }],
    outputs: [{ name: 'y', dims: [1, 10] }],
  });
}

/** Where a box of the model's input lands in an image letterboxed into it (centred, scaled to fit). */
export function letterboxToImage(b: TinyBox, imageWidth: number, imageHeight: number, inputWidth: number, inputHeight: number) {
  const scale = Math.min(inputWidth / imageWidth, inputHeight / imageHeight);
  const padX = (inputWidth - imageWidth * scale) / 2;
  const padY = (inputHeight - imageHeight * scale) / 2;
  return { x: (b.cx - b.w / 2 - padX) / scale, y: (b.cy - b.h / 2 - padY) / scale, width: b.w / scale, height: b.h / scale };
}

// ---- a detector of a real network's size -------------------------------------------------
/** A deterministic generator of weights (mulberry32), so the file is the same on every run. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A YOLOv8n-sized detector: the same input (1x3x640x640), output ([1, 4+C, 8400] from strides
 * 8, 16 and 32) and about the same work (4.3 G multiply-adds, 3.6 M weights, 14 MB; YOLOv8n:
 * 8.7 GFLOPs = 4.35 G multiply-adds, 3.2 M weights). Plain 3x3 convolutions with SiLU, four per
 * stage at 16/32/64/128/256 channels, random weights: it finds nothing, it costs what the real
 * network costs. No trained YOLO weights ship in an npm package; this stands in for timing.
 */
export function yoloSizedModel(o: { side?: number; classes?: number; perStage?: number } = {}): Uint8Array {
  const side = o.side ?? 640;
  const rows = 4 + (o.classes ?? 80);
  const perStage = o.perStage ?? 4;
  const rand = prng(7);
  const nodes: Field[] = [];
  const inits: Field[][] = [];
  let n = 0;
  const conv = (x: string, cin: number, cout: number, k: number, stride: number, act = true): string => {
    const id = n++;
    const w = new Float32Array(cout * cin * k * k);
    const std = Math.sqrt(2 / (cin * k * k));
    for (let i = 0; i < w.length; i++) w[i] = (rand() * 2 - 1) * std;
    inits.push(tensorProto(`w${id}`, [cout, cin, k, k], w), tensorProto(`b${id}`, [cout], new Float32Array(cout)));
    const pad = (k - 1) >> 1;
    nodes.push(node('Conv', [x, `w${id}`, `b${id}`], [`c${id}`], [{ name: 'kernel_shape', ints: [k, k] }, { name: 'strides', ints: [stride, stride] }, { name: 'pads', ints: [pad, pad, pad, pad] }]));
    if (!act) return `c${id}`;
    nodes.push(node('Sigmoid', [`c${id}`], [`s${id}`]), node('Mul', [`c${id}`, `s${id}`], [`a${id}`]));
    return `a${id}`;
  };
  let x = conv('images', 3, 16, 3, 2);
  const heads: string[] = [];
  let c = 16;
  for (const [stage, out] of [32, 64, 128, 256].entries()) {
    x = conv(x, c, out, 3, 2);
    c = out;
    for (let i = 0; i < perStage; i++) x = conv(x, c, c, 3, 1);
    // strides 8, 16, 32: the maps after stages 1, 2, 3
    if (stage >= 1) {
      const h = conv(x, c, rows, 1, 1, false);
      const cells = (side / 2 ** (stage + 2)) ** 2;
      inits.push(tensorProto(`shape${stage}`, [3], BigInt64Array.of(1n, BigInt(rows), BigInt(cells))));
      nodes.push(node('Reshape', [h, `shape${stage}`], [`r${stage}`]));
      heads.push(`r${stage}`);
    }
  }
  nodes.push(node('Concat', heads, ['logits'], [{ name: 'axis', i: 2 }]), node('Sigmoid', ['logits'], ['output0']));
  const anchors = (side / 8) ** 2 + (side / 16) ** 2 + (side / 32) ** 2;
  return encodeModel({ nodes, initializers: inits, inputs: [{ name: 'images', dims: [1, 3, side, side] }], outputs: [{ name: 'output0', dims: [1, rows, anchors] }] });
}

/**
 * The probe's compute bomb (issue 30): a file of about 1.2 KB whose graph makes its own
 * `side` x `side` matrix and multiplies by it `layers` times, then answers a valid YOLO output
 * [1, 5, 1] (one class) that depends on all of it, so it passes a load check that only looks at
 * shapes. `fill`:
 * - `constant`: the matrix is ConstantOfShape([side, side]) (the weights made inside the graph
 *   from a 16-byte shape): refused by the static check;
 * - `input`: the matrix is the input's mean Expanded to [side, side], so it depends on the
 *   picture and only a time limit stops it.
 */
export function matmulBomb(o: { side?: number; layers?: number; fill?: 'constant' | 'input'; inputSide?: number } = {}): Uint8Array {
  const side = o.side ?? 2048;
  const layers = o.layers ?? 30;
  const inputSide = o.inputSide ?? 640;
  const nodes: Field[] = [
    node('Constant', [], ['dims'], [{ name: 'value', t: tensorProto('dims_v', [2], BigInt64Array.of(BigInt(side), BigInt(side))) }]),
    node('ReduceMean', ['images'], ['mean'], [{ name: 'keepdims', i: 0 }]),
  ];
  if ((o.fill ?? 'constant') === 'constant') {
    nodes.push(node('ConstantOfShape', ['dims'], ['W'], [{ name: 'value', t: tensorProto('one', [1], Float32Array.of(0.001)) }]), node('Add', ['W', 'mean'], ['m0']));
  } else {
    nodes.push(node('Expand', ['mean', 'dims'], ['m0']));
  }
  for (let i = 0; i < layers; i++) nodes.push(node('MatMul', [`m${i}`, `m${i}`], [`m${i + 1}`]));
  nodes.push(
    node('ReduceMean', [`m${layers}`], ['total'], [{ name: 'keepdims', i: 0 }]),
    node('Constant', [], ['outDims'], [{ name: 'value', t: tensorProto('outDims_v', [3], BigInt64Array.of(1n, 5n, 1n)) }]),
    node('Expand', ['total', 'outDims'], ['output0']),
  );
  return encodeModel({ nodes, initializers: [], inputs: [{ name: 'images', dims: [1, 3, inputSide, inputSide] }], outputs: [{ name: 'output0', dims: [1, 5, 1] }] });
}

/**
 * A bomb that is quick on a blank picture and slow on a real one: its matrix has
 * round(mean(picture) x 4096) rows, so the load check's run on a blank input multiplies nothing,
 * and a picture of mean 0.35 multiplies about 1,400 x 2048 by 2048 x 2048 `layers` times. Only
 * the limit on each inference stops it.
 */
export function pictureRowsBomb(o: { layers?: number; inputSide?: number } = {}): Uint8Array {
  const layers = o.layers ?? 30;
  const inputSide = o.inputSide ?? 640;
  const c = (name: string, t: Field[]) => node('Constant', [], [name], [{ name: 'value', t }]);
  const nodes: Field[] = [
    node('ReduceMean', ['images'], ['mean'], [{ name: 'keepdims', i: 0 }]),
    c('k', tensorProto('k_v', [], Float32Array.of(4096))),
    node('Mul', ['mean', 'k'], ['rowsF']),
    node('Cast', ['rowsF'], ['rowsI'], [{ name: 'to', i: INT64 }]),
    c('one', tensorProto('one_v', [1], BigInt64Array.of(1n))),
    node('Reshape', ['rowsI', 'one'], ['rows1']),
    c('cols', tensorProto('cols_v', [1], BigInt64Array.of(2048n))),
    node('Concat', ['rows1', 'cols'], ['shape'], [{ name: 'axis', i: 0 }]),
    node('ConstantOfShape', ['shape'], ['m0'], [{ name: 'value', t: tensorProto('f_v', [1], Float32Array.of(0.001)) }]),
    c('square', tensorProto('square_v', [2], BigInt64Array.of(2048n, 2048n))),
    node('Expand', ['mean', 'square'], ['W']),
  ];
  for (let i = 0; i < layers; i++) nodes.push(node('MatMul', [`m${i}`, 'W'], [`m${i + 1}`]));
  nodes.push(
    node('ReduceSum', [`m${layers}`], ['total'], [{ name: 'keepdims', i: 0 }]),
    c('outDims', tensorProto('outDims_v', [3], BigInt64Array.of(1n, 5n, 1n))),
    node('Expand', ['total', 'outDims'], ['output0']),
  );
  return encodeModel({ nodes, initializers: [], inputs: [{ name: 'images', dims: [1, 3, inputSide, inputSide] }], outputs: [{ name: 'output0', dims: [1, 5, 1] }] });
}

// ---- a SAM-shaped encoder and decoder pair ------------------------------------------------
export interface TinySamOptions {
  /** the encoder's input side S (default 64) */
  side?: number;
  /** embedding channels C (default 8) and side h (default 16): [1, C, h, h] */
  channels?: number;
  embedSide?: number;
  /** the disk's radius in input pixels (default 8) */
  radius?: number;
  /** the predicted IoU answered (default 0.875) */
  iou?: number;
  /** wrong shapes, for the refusals: the encoder's input dims, the embedding dims the decoder declares, no iou_predictions */
  encoderInputDims?: (number | string)[];
  decoderEmbeddingDims?: (number | string)[];
  omitIou?: boolean;
  /** the encoder multiplies a 2048 x 2048 matrix made from the picture `bombLayers` times (seconds of CPU) */
  bombLayers?: number;
}

/**
 * A SAM-shaped pair in the shape of Segment Anything's ONNX export, as the service feeds a team's
 * SAM (src-shared/ai/samContract.ts):
 * - encoder `image` [1, 3, S, S] -> `embedding` [1, C, h, h]: the picture average-pooled to h x h
 *   and mixed to C channels by a 1x1 convolution;
 * - decoder `image_embeddings` [1, C, h, h], `point_coords` [1, N, 2], `point_labels` [1, N],
 *   `mask_input` [1, 1, 4h, 4h], `has_mask_input` [1], `orig_im_size` [2] -> `low_res_masks`
 *   [1, 1, 4h, 4h] and `iou_predictions` [1, 1].
 * Its mask is deterministic whatever the picture: logits = r^2 - distance^2 from the FIRST point
 * (in input pixels) at each low-res cell's centre, i.e. a disk of radius `radius` input px round
 * the first click (+ 0 x the embedding and mask_input, so both are read).
 */
export function tinySamPair(o: TinySamOptions = {}): { encoder: Uint8Array; decoder: Uint8Array } {
  const side = o.side ?? 64;
  const c = o.channels ?? 8;
  const h = o.embedSide ?? 16;
  const cells = 4 * h;
  const cell = side / cells;
  const r = o.radius ?? 8;
  const mix = new Float32Array(c * 3);
  for (let i = 0; i < mix.length; i++) mix[i] = ((i % 5) - 2) / 4;
  const encNodes: Field[] = [
    node('AveragePool', ['image'], ['pooled'], [{ name: 'kernel_shape', ints: [side / h, side / h] }, { name: 'strides', ints: [side / h, side / h] }]),
    node('Conv', ['pooled', 'mix'], [o.bombLayers ? 'mixed' : 'embedding']),
  ];
  if (o.bombLayers) {
    encNodes.push(
      node('ReduceMean', ['image'], ['mean'], [{ name: 'keepdims', i: 0 }]),
      node('Constant', [], ['square'], [{ name: 'value', t: tensorProto('square_v', [2], BigInt64Array.of(2048n, 2048n)) }]),
      node('Expand', ['mean', 'square'], ['m0']),
    );
    for (let i = 0; i < o.bombLayers; i++) encNodes.push(node('MatMul', [`m${i}`, `m${i}`], [`m${i + 1}`]));
    encNodes.push(node('ReduceMean', [`m${o.bombLayers}`], ['total'], [{ name: 'keepdims', i: 0 }]), node('Mul', ['total', 'zero'], ['nothing']), node('Add', ['mixed', 'nothing'], ['embedding']));
  }
  const encoder = encodeModel({
    nodes: encNodes,
    initializers: [tensorProto('mix', [c, 3, 1, 1], mix), ...(o.bombLayers ? [tensorProto('zero', [1], Float32Array.of(0))] : [])],
    inputs: [{ name: 'image', dims: o.encoderInputDims ?? [1, 3, side, side] }],
    outputs: [{ name: 'embedding', dims: [1, c, h, h] }],
  });

  const xs = new Float32Array(cells * cells);
  const ys = new Float32Array(cells * cells);
  for (let j = 0; j < cells; j++) {
    for (let i = 0; i < cells; i++) {
      xs[j * cells + i] = (i + 0.5) * cell;
      ys[j * cells + i] = (j + 0.5) * cell;
    }
  }
  const scalar = (name: string, v: bigint) => tensorProto(name, [], BigInt64Array.of(v));
  const decNodes: Field[] = [
    node('Gather', ['point_coords', 'i0'], ['first'], [{ name: 'axis', i: 1 }]),
    node('Gather', ['first', 'i0'], ['px'], [{ name: 'axis', i: 1 }]),
    node('Gather', ['first', 'i1'], ['py'], [{ name: 'axis', i: 1 }]),
    node('Reshape', ['px', 'shape4'], ['px4']),
    node('Reshape', ['py', 'shape4'], ['py4']),
    node('Sub', ['X', 'px4'], ['dx']),
    node('Sub', ['Y', 'py4'], ['dy']),
    node('Mul', ['dx', 'dx'], ['dx2']),
    node('Mul', ['dy', 'dy'], ['dy2']),
    node('Add', ['dx2', 'dy2'], ['d2']),
    node('Sub', ['r2', 'd2'], ['disk']),
    node('ReduceMean', ['image_embeddings'], ['e'], [{ name: 'keepdims', i: 0 }]),
    node('ReduceMean', ['mask_input'], ['m'], [{ name: 'keepdims', i: 0 }]),
    node('Add', ['e', 'm'], ['em']),
    node('Mul', ['em', 'zero'], ['z']),
    node('Add', ['disk', 'z'], ['low_res_masks']),
  ];
  if (!o.omitIou) decNodes.push(node('Add', ['iouK', 'z'], ['iou_predictions']));
  const decoder = encodeModel({
    nodes: decNodes,
    initializers: [
      scalar('i0', 0n),
      scalar('i1', 1n),
      tensorProto('shape4', [4], BigInt64Array.of(1n, 1n, 1n, 1n)),
      tensorProto('X', [1, 1, cells, cells], xs),
      tensorProto('Y', [1, 1, cells, cells], ys),
      tensorProto('r2', [1], Float32Array.of(r * r)),
      tensorProto('zero', [1], Float32Array.of(0)),
      tensorProto('iouK', [1, 1], Float32Array.of(o.iou ?? 0.875)),
    ],
    inputs: [
      { name: 'image_embeddings', dims: o.decoderEmbeddingDims ?? [1, c, h, h] },
      { name: 'point_coords', dims: [1, 'num_points', 2] },
      { name: 'point_labels', dims: [1, 'num_points'] },
      { name: 'mask_input', dims: [1, 1, cells, cells] },
      { name: 'has_mask_input', dims: [1] },
      { name: 'orig_im_size', dims: [2] },
    ],
    outputs: [{ name: 'low_res_masks', dims: [1, 1, cells, cells] }, ...(o.omitIou ? [] : [{ name: 'iou_predictions', dims: [1, 1] }])],
  });
  return { encoder, decoder };
}

// re-exported for tests that want another small graph
export { int as pbInt, str as pbString, msg as pbMessage, node as onnxNode, tensorProto as onnxTensor, valueInfo as onnxValueInfo };
