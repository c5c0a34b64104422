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

type Attr = { name: string; ints?: number[]; i?: number; f?: number };
function attribute(a: Attr): Field[] {
  if (a.ints) return [str(1, a.name), ...a.ints.map((v) => int(8, v)), int(20, 7)];
  if (a.i !== undefined) return [str(1, a.name), int(3, a.i), int(20, 2)];
  return [str(1, a.name), float32(2, a.f ?? 0), int(20, 1)];
}

function node(op: string, inputs: string[], outputs: string[], attrs: Attr[] = []): Field {
  return msg(1, ...inputs.map((i) => str(1, i)), ...outputs.map((o) => str(2, o)), str(3, `${op}_${outputs[0]}`), str(4, op), ...attrs.map((a) => msg(5, ...attribute(a))));
}

function valueInfo(field: number, name: string, dims: (number | string)[]): Field {
  const dim = dims.map((d) => msg(1, typeof d === 'number' ? int(1, d) : str(2, d)));
  return msg(field, str(1, name), msg(2, msg(1, int(1, FLOAT), msg(2, ...dim))));
}

export interface OnnxGraph {
  nodes: Field[];
  initializers: Field[][];
  inputs: { name: string; dims: (number | string)[] }[];
  outputs: { name: string; dims: (number | string)[] }[];
  opset?: number;
}

/** Encodes a ModelProto (IR version 8) of the given graph. */
export function encodeModel(g: OnnxGraph): Uint8Array {
  const graph = msg(
    7,
    ...g.nodes,
    str(2, 'tiny'),
    ...g.initializers.map((t) => msg(5, ...t)),
    ...g.inputs.map((i) => valueInfo(11, i.name, i.dims)),
    ...g.outputs.map((o) => valueInfo(12, o.name, o.dims)),
  );
  return concat([int(1, 8), str(2, 'tinyOnnx'), graph, msg(8, str(1, ''), int(2, g.opset ?? 13))]);
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

// re-exported for tests that want another small graph
export { int as pbInt, str as pbString, msg as pbMessage, node as onnxNode, tensorProto as onnxTensor };
