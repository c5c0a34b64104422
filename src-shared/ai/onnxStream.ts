/**
 * An ONNX file's signature read as it streams by: its graph's inputs, outputs and the names of
 * its initializers, nothing else kept. Nodes and weights are skipped as they pass, so a 500 MB
 * file costs the reader a few kilobytes of memory, not the file (the team server checks a team's
 * SAM pair with it before storing it: samContract.ts). Throws Truncated when the file is cut
 * short or is not protobuf; answers undefined when it has no graph.
 */
import { Truncated, readValueInfo, type Graph, type Tensor, type ValueInfo } from './onnxWire';

/** A value info (an input's or output's name and shape) larger than this is not one. */
const MAX_VALUE_INFO = 64 * 1024;
/** Inputs and outputs read: no model has more. */
const MAX_VALUES = 10_000;

/** Bytes from an async source, read and skipped without keeping what was read. */
class ByteSource {
  private buf: Uint8Array = new Uint8Array(0);
  private at = 0;
  /** bytes consumed so far */
  pos = 0;
  private done = false;
  constructor(private readonly it: AsyncIterator<Uint8Array>) {}

  /** Whether `n` bytes are buffered (reading more as needed); false at the end of the source. */
  private async fill(n: number): Promise<boolean> {
    while (this.buf.length - this.at < n) {
      if (this.done) return false;
      const next = await this.it.next();
      if (next.done) {
        this.done = true;
        return false;
      }
      const rest = this.buf.subarray(this.at);
      if (rest.length === 0) this.buf = next.value;
      else {
        const joined = new Uint8Array(rest.length + next.value.length);
        joined.set(rest);
        joined.set(next.value, rest.length);
        this.buf = joined;
      }
      this.at = 0;
    }
    return true;
  }

  async atEnd(): Promise<boolean> {
    return !(await this.fill(1));
  }

  async varint(): Promise<bigint> {
    let v = 0n;
    for (let shift = 0n; shift < 70n; shift += 7n) {
      if (!(await this.fill(1))) throw new Truncated();
      const b = this.buf[this.at++]!;
      this.pos++;
      v |= BigInt(b & 0x7f) << shift;
      if (b < 0x80) return v;
    }
    throw new Truncated();
  }

  async bytes(n: number): Promise<Uint8Array> {
    if (!(await this.fill(n))) throw new Truncated();
    const out = this.buf.slice(this.at, this.at + n);
    this.at += n;
    this.pos += n;
    return out;
  }

  async skip(n: number): Promise<void> {
    let left = n;
    while (left > 0) {
      if (!(await this.fill(1))) throw new Truncated();
      const take = Math.min(left, this.buf.length - this.at);
      this.at += take;
      this.pos += take;
      left -= take;
    }
  }
}

/** Skips one field's value after its key. */
async function skipValue(src: ByteSource, wire: number): Promise<void> {
  if (wire === 0) await src.varint();
  else if (wire === 1) await src.skip(8);
  else if (wire === 5) await src.skip(4);
  else if (wire === 2) await src.skip(Number(await src.varint()));
  else throw new Truncated();
}

async function key(src: ByteSource): Promise<{ no: number; wire: number }> {
  const k = await src.varint();
  return { no: Number(k >> 3n), wire: Number(k & 7n) };
}

/** An initializer's name, its data skipped. */
async function initializerName(src: ByteSource, end: number): Promise<string> {
  let name = '';
  while (src.pos < end) {
    const { no, wire } = await key(src);
    if (no === 8 && wire === 2) {
      const len = Number(await src.varint());
      if (len > MAX_VALUE_INFO) throw new Truncated();
      name = new TextDecoder().decode(await src.bytes(len));
    } else await skipValue(src, wire);
  }
  if (src.pos !== end) throw new Truncated();
  return name;
}

/** The graph's inputs, outputs and initializer names (nodes: none; initializers: names only). */
async function graphSignature(src: ByteSource, end: number): Promise<Graph> {
  const g: Graph = { nodes: [], initializers: [], sparseInitializers: 0, inputs: [], outputs: [], valueInfo: [] };
  while (src.pos < end) {
    const { no, wire } = await key(src);
    if (wire === 2 && (no === 11 || no === 12 || no === 5)) {
      const len = Number(await src.varint());
      if (no === 5) {
        const name = await initializerName(src, src.pos + len);
        g.initializers.push({ name, dims: [], dataType: 0, external: false } satisfies Tensor);
        continue;
      }
      if (len > MAX_VALUE_INFO) throw new Truncated();
      const list: ValueInfo[] = no === 11 ? g.inputs : g.outputs;
      if (list.length >= MAX_VALUES) throw new Truncated();
      list.push(readValueInfo(await src.bytes(len)));
    } else await skipValue(src, wire);
  }
  if (src.pos !== end) throw new Truncated();
  return g;
}

/** The first graph's signature of a ModelProto streamed by `chunks`; undefined when it has none. */
export async function streamedSignature(chunks: AsyncIterable<Uint8Array>): Promise<Graph | undefined> {
  const it = chunks[Symbol.asyncIterator]();
  const src = new ByteSource(it);
  try {
    while (!(await src.atEnd())) {
      const { no, wire } = await key(src);
      if (no === 7 && wire === 2) {
        const len = Number(await src.varint());
        return await graphSignature(src, src.pos + len);
      }
      await skipValue(src, wire);
    }
    return undefined;
  } finally {
    // the rest is not read: the source is let go (a file stream closed)
    await it.return?.();
  }
}
