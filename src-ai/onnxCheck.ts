/**
 * The static check of an uploaded ONNX file, before onnxruntime ever sees it (issue 30): a
 * 1.2 KB file can make its weights inside the graph (ConstantOfShape, Expand, Tile...) and then
 * multiply them for seconds, or ask the runtime to densify a sparse tensor of any size, or point
 * at files on the service's disk (external data). This reads the ModelProto's protobuf itself
 * (field numbers from onnx/onnx.proto; only what the check needs, every other field skipped
 * without copying) and refuses, as `modelInvalid` with the reason:
 *
 * - operator sets other than the standard one ('' / 'ai.onnx'), model-local functions;
 * - control flow and anything carrying a subgraph (If, Loop, Scan: their cost cannot be read
 *   from the file), sequence and optional values, random generators, sparse tensors, tensors
 *   whose data lives in other files;
 * - more than MAX_NODES nodes;
 * - a tensor made inside the graph that is larger than the limits below, where its size can be
 *   told from the file (ConstantOfShape, Expand, Tile, Range, Resize/Upsample, OneHot, EyeLike
 *   with sizes from constants); a shape computed from the picture is not known here, and the
 *   time limit of the model process (engine/teams.ts) stops what this cannot see;
 * - an input or output off the YOLO contract (docs/ai-protocol.md), where the file declares it.
 *
 * Pure: runs in the team model process (engine/teamProcess.ts) before the runtime loads the
 * file, and in unit tests.
 */
import { ServiceFailure } from './errors';

/** Nodes in the graph. A YOLOv8n export has about 230, YOLOv8x about 400, RT-DETR-L about 1,900. */
export const MAX_NODES = 5_000;
/**
 * Elements of one tensor made inside the graph from constants alone. An exporter folds such
 * tensors into the file; the largest an honest detector computes (a grid of anchor points at
 * 4096 px: 344,064 x 2) is under this.
 */
export const MAX_CONSTANT_ELEMENTS = 2 ** 20;
/** Elements of one tensor made inside the graph from the picture: 256 MiB of float32. */
export const MAX_TENSOR_ELEMENTS = 2 ** 26;
/** The largest model input side the service letterboxes into. */
export const MAX_INPUT_SIDE = 4096;
/** Output candidates (N of [1, 4+C, N]): a YOLOv8 at 4096 px has 344,064. */
export const MAX_ANCHORS = 2 ** 20;

const STANDARD_DOMAINS = new Set(['', 'ai.onnx']);
const CONTROL_FLOW = new Set(['If', 'Loop', 'Scan']);
const REFUSED_OPS = new Set([
  // values that are lists or may be absent: no detector output needs them
  'SequenceConstruct', 'SequenceEmpty', 'SequenceInsert', 'SequenceAt', 'SequenceErase', 'SequenceLength', 'SplitToSequence', 'ConcatFromSequence', 'SequenceMap',
  'Optional', 'OptionalGetElement', 'OptionalHasElement',
  // tensors of any size from an attribute, and nothing a detector's inference needs
  'RandomNormal', 'RandomUniform', 'RandomNormalLike', 'RandomUniformLike', 'Multinomial', 'Bernoulli',
]);

// ---- protobuf wire format ----------------------------------------------------------------

class Truncated extends Error {}

interface Field {
  no: number;
  wire: number;
  /** varint, fixed32, fixed64 */
  num: bigint;
  /** length-delimited */
  bytes: Uint8Array;
}

const EMPTY = new Uint8Array(0);

/** The fields of one message, in order; length-delimited ones as views (no copy). */
function* fields(buf: Uint8Array): Generator<Field> {
  let at = 0;
  const varint = (): bigint => {
    let shift = 0n;
    let v = 0n;
    for (let i = 0; i < 10; i++) {
      if (at >= buf.length) throw new Truncated();
      const b = buf[at++]!;
      v |= BigInt(b & 0x7f) << shift;
      if (b < 0x80) return v;
      shift += 7n;
    }
    throw new Truncated();
  };
  while (at < buf.length) {
    const key = varint();
    const no = Number(key >> 3n);
    const wire = Number(key & 7n);
    if (wire === 0) yield { no, wire, num: varint(), bytes: EMPTY };
    else if (wire === 2) {
      const len = Number(varint());
      if (len < 0 || at + len > buf.length) throw new Truncated();
      const bytes = buf.subarray(at, at + len);
      at += len;
      yield { no, wire, num: 0n, bytes };
    } else if (wire === 5 || wire === 1) {
      const n = wire === 5 ? 4 : 8;
      if (at + n > buf.length) throw new Truncated();
      const view = new DataView(buf.buffer, buf.byteOffset + at, n);
      at += n;
      yield { no, wire, num: wire === 5 ? BigInt(view.getUint32(0, true)) : view.getBigUint64(0, true), bytes: EMPTY };
    } else throw new Truncated();
  }
}

const text = (b: Uint8Array) => new TextDecoder().decode(b);
const int64 = (v: bigint) => BigInt.asIntN(64, v);

/** A repeated int64 field: unpacked (one varint per field) or packed (one length-delimited run). */
function readInts(f: Field, into: bigint[]) {
  if (f.wire === 0) {
    into.push(int64(f.num));
    return;
  }
  for (const v of fields(packedAsFields(f.bytes))) into.push(int64(v.num));
}

/** Re-keys a packed run of varints as field 1 so `fields` can read it. */
function packedAsFields(bytes: Uint8Array): Uint8Array {
  const out: number[] = [];
  let i = 0;
  while (i < bytes.length) {
    out.push(0x08);
    let b: number;
    do {
      if (i >= bytes.length) throw new Truncated();
      b = bytes[i++]!;
      out.push(b);
    } while (b >= 0x80);
  }
  return Uint8Array.from(out);
}

// ---- the parts of onnx.proto the check reads ---------------------------------------------

interface Tensor {
  name: string;
  dims: bigint[];
  dataType: number;
  /** small integer tensors: their values (int32/int64 data or raw data), for shape arithmetic */
  ints?: bigint[];
  floats?: number[];
  external: boolean;
}

const INT_TYPES: Record<number, number> = { 6: 4, 7: 8 }; // INT32, INT64: bytes each
const FLOAT_TYPES: Record<number, number> = { 1: 4, 11: 8 }; // FLOAT, DOUBLE
/** Values are kept for tensors up to this many elements (shapes, scales, indices). */
const SMALL = 64;

function readTensor(buf: Uint8Array): Tensor {
  const t: Tensor = { name: '', dims: [], dataType: 0, external: false };
  const ints: bigint[] = [];
  const floats: number[] = [];
  let raw: Uint8Array | undefined;
  for (const f of fields(buf)) {
    if (f.no === 1) readInts(f, t.dims);
    else if (f.no === 2) t.dataType = Number(f.num);
    else if (f.no === 8) t.name = text(f.bytes);
    else if (f.no === 9) raw = f.bytes;
    else if (f.no === 13) t.external = true;
    else if (f.no === 14 && f.num === 1n) t.external = true;
    else if ((f.no === 5 || f.no === 7) && ints.length <= SMALL) readInts(f, ints);
    else if (f.no === 4 && floats.length <= SMALL) {
      if (f.wire === 5) floats.push(new DataView(new Uint32Array([Number(f.num)]).buffer).getFloat32(0, true));
      else if (f.wire === 2 && f.bytes.length <= SMALL * 4) {
        const dv = new DataView(f.bytes.buffer, f.bytes.byteOffset, f.bytes.length);
        for (let i = 0; i + 4 <= f.bytes.length; i += 4) floats.push(dv.getFloat32(i, true));
      }
    }
  }
  const count = t.dims.reduce((a, d) => a * d, 1n);
  if (count <= BigInt(SMALL)) {
    const width = INT_TYPES[t.dataType];
    const fwidth = FLOAT_TYPES[t.dataType];
    if (width && raw && raw.length === Number(count) * width) {
      const dv = new DataView(raw.buffer, raw.byteOffset, raw.length);
      t.ints = [];
      for (let i = 0; i < raw.length; i += width) t.ints.push(width === 8 ? dv.getBigInt64(i, true) : BigInt(dv.getInt32(i, true)));
    } else if (width && !raw && ints.length === Number(count)) t.ints = ints;
    else if (fwidth && raw && raw.length === Number(count) * fwidth) {
      const dv = new DataView(raw.buffer, raw.byteOffset, raw.length);
      t.floats = [];
      for (let i = 0; i < raw.length; i += fwidth) t.floats.push(fwidth === 8 ? dv.getFloat64(i, true) : dv.getFloat32(i, true));
    } else if (fwidth === 4 && !raw && floats.length === Number(count)) t.floats = floats;
  }
  return t;
}

interface Attribute {
  name: string;
  type: number;
  i?: bigint;
  ints: bigint[];
  t?: Tensor;
  hasGraph: boolean;
  hasSparse: boolean;
}

function readAttribute(buf: Uint8Array): Attribute {
  const a: Attribute = { name: '', type: 0, ints: [], hasGraph: false, hasSparse: false };
  for (const f of fields(buf)) {
    if (f.no === 1) a.name = text(f.bytes);
    else if (f.no === 20) a.type = Number(f.num);
    else if (f.no === 3) a.i = int64(f.num);
    else if (f.no === 8) readInts(f, a.ints);
    else if (f.no === 5) a.t = readTensor(f.bytes);
    else if (f.no === 6 || f.no === 11) a.hasGraph = true;
    else if (f.no === 22 || f.no === 23) a.hasSparse = true;
  }
  // GRAPH, GRAPHS; SPARSE_TENSOR, SPARSE_TENSORS
  if (a.type === 5 || a.type === 10) a.hasGraph = true;
  if (a.type === 11 || a.type === 12) a.hasSparse = true;
  return a;
}

interface Node {
  op: string;
  domain: string;
  inputs: string[];
  outputs: string[];
  attrs: Attribute[];
}

function readNode(buf: Uint8Array): Node {
  const n: Node = { op: '', domain: '', inputs: [], outputs: [], attrs: [] };
  for (const f of fields(buf)) {
    if (f.no === 1) n.inputs.push(text(f.bytes));
    else if (f.no === 2) n.outputs.push(text(f.bytes));
    else if (f.no === 4) n.op = text(f.bytes);
    else if (f.no === 7) n.domain = text(f.bytes);
    else if (f.no === 5) n.attrs.push(readAttribute(f.bytes));
  }
  return n;
}

/** A declared dimension: a number, a symbol (string), or unknown (undefined). */
type Dim = number | string | undefined;

interface ValueInfo {
  name: string;
  /** 0 when not a tensor */
  elemType: number;
  /** undefined: no shape declared */
  shape?: Dim[];
  notTensor: boolean;
}

function readValueInfo(buf: Uint8Array): ValueInfo {
  const v: ValueInfo = { name: '', elemType: 0, notTensor: false };
  for (const f of fields(buf)) {
    if (f.no === 1) v.name = text(f.bytes);
    else if (f.no === 2) {
      for (const tf of fields(f.bytes)) {
        if (tf.no === 1) {
          for (const tt of fields(tf.bytes)) {
            if (tt.no === 1) v.elemType = Number(tt.num);
            else if (tt.no === 2) {
              v.shape = [];
              for (const d of fields(tt.bytes)) {
                if (d.no !== 1) continue;
                let dim: Dim;
                for (const dv of fields(d.bytes)) {
                  if (dv.no === 1) dim = Number(int64(dv.num));
                  else if (dv.no === 2) dim = text(dv.bytes) || undefined;
                }
                v.shape.push(dim);
              }
            }
          }
        } else if (tf.no === 4 || tf.no === 5 || tf.no === 8 || tf.no === 9) v.notTensor = true;
      }
    }
  }
  return v;
}

interface Graph {
  nodes: Node[];
  initializers: Tensor[];
  sparseInitializers: number;
  inputs: ValueInfo[];
  outputs: ValueInfo[];
  valueInfo: ValueInfo[];
}

function readGraph(buf: Uint8Array): Graph {
  const g: Graph = { nodes: [], initializers: [], sparseInitializers: 0, inputs: [], outputs: [], valueInfo: [] };
  for (const f of fields(buf)) {
    if (f.no === 1) {
      if (g.nodes.length >= MAX_NODES) throw invalid(`the graph has more than ${MAX_NODES} nodes`);
      g.nodes.push(readNode(f.bytes));
    } else if (f.no === 5) g.initializers.push(readTensor(f.bytes));
    else if (f.no === 15) g.sparseInitializers++;
    else if (f.no === 11) g.inputs.push(readValueInfo(f.bytes));
    else if (f.no === 12) g.outputs.push(readValueInfo(f.bytes));
    else if (f.no === 13) g.valueInfo.push(readValueInfo(f.bytes));
  }
  return g;
}

// ---- the check ---------------------------------------------------------------------------

const invalid = (message: string) => new ServiceFailure('modelInvalid', message);

export interface OnnxFacts {
  nodes: number;
  opset: number;
  input: { name: string; shape: Dim[] };
  output: { name: string; shape?: Dim[] };
}

const dimText = (shape: Dim[] | undefined) => `[${(shape ?? []).map((d) => d ?? '?').join(', ')}]`;

/** What is known statically about a value: its values (small integer tensors) and whether it is made from constants alone. */
interface Known {
  ints?: bigint[];
  floats?: number[];
  shape?: number[];
  constant: boolean;
}

const product = (xs: readonly (number | bigint)[]) => xs.reduce<number>((a, x) => a * Number(x), 1);

/**
 * Checks the file; throws `modelInvalid` with the reason. `classes` (the class names' count)
 * checks a declared output shape against 4 + C.
 */
export function inspectOnnx(bytes: Uint8Array, classes?: number): OnnxFacts {
  let graph: Graph | undefined;
  let opset = 0;
  try {
    for (const f of fields(bytes)) {
      if (f.no === 7) {
        if (graph) throw invalid('the file has more than one graph');
        graph = readGraph(f.bytes);
      } else if (f.no === 8) {
        let domain = '';
        let version = 0n;
        for (const o of fields(f.bytes)) {
          if (o.no === 1) domain = text(o.bytes);
          else if (o.no === 2) version = int64(o.num);
        }
        if (!STANDARD_DOMAINS.has(domain)) throw invalid(`the model imports the operator set "${domain}"; only the standard ONNX operators are run`);
        opset = Number(version);
      } else if (f.no === 25) throw invalid('the model defines functions of its own; only the standard ONNX operators are run');
    }
  } catch (e) {
    if (e instanceof Truncated) throw invalid('the file is not an ONNX model (its protobuf is cut short or malformed)');
    throw e;
  }
  if (!graph) throw invalid('the file is not an ONNX model (no graph)');
  if (graph.sparseInitializers > 0) throw invalid('the model has sparse initializers (made dense at load, of any size); export them dense');

  const known = new Map<string, Known>();
  for (const t of graph.initializers) {
    if (t.external) throw invalid(`the tensor "${t.name}" keeps its data in another file; upload one self-contained .onnx file`);
    known.set(t.name, { ints: t.ints, floats: t.floats, shape: t.dims.map(Number), constant: true });
  }
  const initNames = new Set(graph.initializers.map((t) => t.name));
  const inputs = graph.inputs.filter((i) => !initNames.has(i.name));
  for (const v of [...graph.inputs, ...graph.valueInfo]) {
    if (initNames.has(v.name)) continue;
    const shape = v.shape && v.shape.every((d) => typeof d === 'number' && d >= 0) ? (v.shape as number[]) : undefined;
    known.set(v.name, { shape, constant: false });
  }

  // the YOLO contract, as far as the file declares it
  if (inputs.length !== 1) throw invalid(`a YOLO detector has one input; this model has ${inputs.length}`);
  const input = inputs[0]!;
  if (input.notTensor || input.elemType !== 1) throw invalid('the model input must be a float32 tensor');
  const ishape = input.shape;
  if (!ishape || ishape.length !== 4 || (typeof ishape[0] === 'number' && ishape[0] !== 1) || (typeof ishape[1] === 'number' && ishape[1] !== 3)) {
    throw invalid(`the model input must be [1, 3, H, W]; it is ${dimText(ishape)}`);
  }
  for (const d of ishape.slice(2)) {
    if (typeof d === 'number' && (d < 1 || d > MAX_INPUT_SIDE)) throw invalid(`the model input ${dimText(ishape)} is not within 1..${MAX_INPUT_SIDE} px a side`);
  }
  const output = graph.outputs[0];
  if (!output) throw invalid('the model has no output');
  if (output.notTensor || (output.elemType !== 0 && output.elemType !== 1)) throw invalid('the model output must be a float32 tensor');
  const oshape = output.shape;
  if (oshape) {
    if (oshape.length !== 3 || (typeof oshape[0] === 'number' && oshape[0] !== 1)) throw invalid(`the model output must be [1, 4+C, N] or [1, N, 4+C]; it is ${dimText(oshape)}`);
    const [, a, b] = oshape;
    if (typeof a === 'number' && typeof b === 'number' && classes !== undefined && classes > 0 && a !== 4 + classes && b !== 4 + classes) {
      throw invalid(`the model output ${dimText(oshape)} does not fit ${classes} classes (expected 4 + ${classes} = ${4 + classes} rows)`);
    }
    if ((typeof a === 'number' && a > MAX_ANCHORS) || (typeof b === 'number' && b > MAX_ANCHORS)) throw invalid(`the model output ${dimText(oshape)} has more than ${MAX_ANCHORS} candidates`);
  }

  for (const node of graph.nodes) {
    if (!STANDARD_DOMAINS.has(node.domain)) throw invalid(`the operator ${node.domain}.${node.op} is not a standard ONNX operator`);
    if (CONTROL_FLOW.has(node.op)) throw invalid(`the model uses control flow (${node.op}); a detector's graph runs straight through`);
    if (REFUSED_OPS.has(node.op)) throw invalid(`the operator ${node.op} is not run by this service`);
    for (const a of node.attrs) {
      if (a.hasGraph) throw invalid(`the operator ${node.op} carries a subgraph; a detector's graph runs straight through`);
      if (a.hasSparse) throw invalid(`the operator ${node.op} carries a sparse tensor (made dense at load, of any size)`);
      if (a.t?.external) throw invalid(`the operator ${node.op} keeps its data in another file`);
    }
    checkMaterialised(node, known);
  }
  return { nodes: graph.nodes.length, opset, input: { name: input.name, shape: ishape }, output: { name: output.name, shape: oshape } };
}

const attr = (n: Node, name: string) => n.attrs.find((a) => a.name === name);

/** The values of small integer tensors through the few operators that compute shapes. */
function propagate(node: Node, known: Map<string, Known>): Known | undefined {
  const ins = node.inputs.map((i) => (i ? known.get(i) : undefined));
  const allConstant = node.inputs.every((i, k) => !i || ins[k]?.constant);
  const first = ins[0];
  switch (node.op) {
    case 'Constant': {
      const v = attr(node, 'value');
      if (v?.t) return { ints: v.t.ints, floats: v.t.floats, shape: v.t.dims.map(Number), constant: true };
      const vi = attr(node, 'value_ints');
      if (vi) return { ints: vi.ints, shape: [vi.ints.length], constant: true };
      const i = attr(node, 'value_int');
      if (i?.i !== undefined) return { ints: [i.i], shape: [], constant: true };
      return { constant: true };
    }
    case 'Identity':
    case 'Cast':
    case 'Reshape':
    case 'Squeeze':
    case 'Unsqueeze':
      return { ints: first?.ints, floats: first?.floats, constant: allConstant };
    case 'Shape': {
      // known values, but made from the picture's tensor: the picture's limit applies to what they size
      if (!first?.shape) return { constant: allConstant };
      const rank = first.shape.length;
      const clamp = (v: bigint | undefined, d: number) => {
        const n = v === undefined ? d : Number(v) < 0 ? rank + Number(v) : Number(v);
        return Math.min(Math.max(n, 0), rank);
      };
      const dims = first.shape.slice(clamp(attr(node, 'start')?.i, 0), clamp(attr(node, 'end')?.i, rank));
      return { ints: dims.map(BigInt), shape: [dims.length], constant: allConstant };
    }
    case 'Concat': {
      if (ins.every((k) => k?.ints)) return { ints: ins.flatMap((k) => k!.ints!), constant: allConstant };
      return { constant: allConstant };
    }
    case 'Gather': {
      const idx = ins[1]?.ints;
      if (first?.ints && idx && idx.length === 1) {
        const at = Number(idx[0]!) < 0 ? first.ints.length + Number(idx[0]!) : Number(idx[0]!);
        const v = first.ints[at];
        return { ints: v === undefined ? undefined : [v], constant: allConstant };
      }
      return { constant: allConstant };
    }
    case 'Mul':
    case 'Add': {
      const b = ins[1]?.ints;
      if (first?.ints && b && (b.length === 1 || b.length === first.ints.length)) {
        const op = node.op === 'Mul' ? (x: bigint, y: bigint) => x * y : (x: bigint, y: bigint) => x + y;
        return { ints: first.ints.map((x, k) => op(x, b.length === 1 ? b[0]! : b[k]!)), constant: allConstant };
      }
      return { constant: allConstant };
    }
    default:
      return { constant: allConstant };
  }
}

/** The fewest elements a node's output has, where the file tells. */
function materialised(node: Node, known: Map<string, Known>): number | undefined {
  const get = (k: number) => (node.inputs[k] ? known.get(node.inputs[k]!) : undefined);
  switch (node.op) {
    case 'ConstantOfShape': {
      const s = get(0)?.ints;
      return s ? product(s) : undefined;
    }
    case 'Expand': {
      // the output is the broadcast of the input and the shape: at least the shape's size
      const s = get(1)?.ints;
      return s ? product(s) : undefined;
    }
    case 'Tile': {
      const r = get(1)?.ints;
      const x = get(0)?.shape;
      return r ? product(r) * (x ? product(x) : 1) : undefined;
    }
    case 'Range': {
      const [s, l, d] = [get(0), get(1), get(2)].map((k) => (k?.ints?.length === 1 ? Number(k.ints[0]!) : k?.floats?.length === 1 ? k.floats[0]! : undefined));
      if (s === undefined || l === undefined || d === undefined || d === 0) return undefined;
      return Math.max(0, Math.ceil((l - s) / d));
    }
    case 'Resize':
    case 'Upsample': {
      const sizes = get(3)?.ints;
      if (sizes) return product(sizes);
      const scales = node.op === 'Upsample' ? get(1)?.floats : get(2)?.floats;
      const x = get(0)?.shape;
      if (scales && x && scales.length === x.length) return x.reduce((a, d, k) => a * Math.floor(d * scales[k]!), 1);
      return undefined;
    }
    case 'OneHot': {
      const depth = get(1)?.ints;
      const x = get(0)?.shape;
      return depth?.length === 1 ? Number(depth[0]!) * (x ? product(x) : 1) : undefined;
    }
    case 'EyeLike': {
      const x = get(0)?.shape;
      return x ? product(x) : undefined;
    }
    default:
      return undefined;
  }
}

function checkMaterialised(node: Node, known: Map<string, Known>) {
  const out = propagate(node, known) ?? { constant: false };
  const size = materialised(node, known);
  if (size !== undefined) {
    const fromConstants = node.inputs.every((i) => !i || known.get(i)?.constant);
    const limit = fromConstants ? MAX_CONSTANT_ELEMENTS : MAX_TENSOR_ELEMENTS;
    if (!(size <= limit)) {
      throw invalid(
        fromConstants
          ? `the operator ${node.op} makes a tensor of ${size.toLocaleString('en')} elements from constants (at most ${limit.toLocaleString('en')}): weights must be stored in the file, not made by the graph`
          : `the operator ${node.op} makes a tensor of ${size.toLocaleString('en')} elements (at most ${limit.toLocaleString('en')})`,
      );
    }
  }
  for (const o of node.outputs) if (o) known.set(o, out);
}
