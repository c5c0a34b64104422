/**
 * The static check of an uploaded ONNX file, before onnxruntime ever sees it (issue 30): a
 * 1.2 KB file can make its weights inside the graph (ConstantOfShape, Expand, Tile...) and then
 * multiply them for seconds, or ask the runtime to densify a sparse tensor of any size, or point
 * at files on the service's disk (external data). This reads the ModelProto's protobuf itself
 * (src-shared/ai/onnxWire.ts: only what the check needs, weight data never read) and refuses, as
 * `modelInvalid` with the reason:
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
 * - an input or output off the YOLO contract (docs/ai-protocol.md), or off SAM's for a team's
 *   SAM pair (src-shared/ai/samContract.ts), where the file declares it.
 *
 * Pure: runs in the team model process (engine/teamProcess.ts) before the runtime loads the
 * file, and in unit tests.
 */
import { ServiceFailure } from './errors';
import { fields, int64, MAX_GRAPH_NODES, readGraph, text, TooManyNodes, Truncated, type Dim, type Graph, type Node } from '../src-shared/ai/onnxWire';
import { samContract, SamContractBreach, type SamPairFacts } from '../src-shared/ai/samContract';

/** Nodes in the graph (src-shared/ai/onnxWire.ts). */
export const MAX_NODES = MAX_GRAPH_NODES;
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
 * The file as a graph, with the refusals that concern the whole file: more than one graph, an
 * operator set other than the standard one, model-local functions, sparse initializers, tensors
 * whose data lives in other files. Throws `modelInvalid`.
 */
export function readOnnx(bytes: Uint8Array): { graph: Graph; opset: number } {
  let graph: Graph | undefined;
  let opset = 0;
  try {
    for (const f of fields(bytes)) {
      if (f.no === 7) {
        if (graph) throw invalid('the file has more than one graph');
        graph = readGraph(f.bytes, MAX_NODES);
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
    if (e instanceof TooManyNodes) throw invalid(e.message);
    throw e;
  }
  if (!graph) throw invalid('the file is not an ONNX model (no graph)');
  if (graph.sparseInitializers > 0) throw invalid('the model has sparse initializers (made dense at load, of any size); export them dense');
  for (const t of graph.initializers) {
    if (t.external) throw invalid(`the tensor "${t.name}" keeps its data in another file; upload one self-contained .onnx file`);
  }
  return { graph, opset };
}

/**
 * Checks the file against the YOLO contract; throws `modelInvalid` with the reason. `classes`
 * (the class names' count) checks a declared output shape against 4 + C.
 */
export function inspectOnnx(bytes: Uint8Array, classes?: number): OnnxFacts {
  const { graph, opset } = readOnnx(bytes);
  const initNames = new Set(graph.initializers.map((t) => t.name));
  const inputs = graph.inputs.filter((i) => !initNames.has(i.name));

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
  checkGraphCost(graph);
  return { nodes: graph.nodes.length, opset, input: { name: input.name, shape: ishape }, output: { name: output.name, shape: oshape } };
}

/**
 * Checks a team's SAM pair (src-shared/ai/samContract.ts, then each graph's operators and the
 * tensors it makes, as a detector's); throws `modelInvalid` with the reason.
 */
export function inspectSamPair(encoder: Uint8Array, decoder: Uint8Array): SamPairFacts {
  const part = (which: string, bytes: Uint8Array) => {
    try {
      return readOnnx(bytes).graph;
    } catch (e) {
      if (e instanceof ServiceFailure) throw invalid(`the ${which}: ${e.message}`);
      throw e;
    }
  };
  const [enc, dec] = [part('encoder', encoder), part('decoder', decoder)];
  let facts: SamPairFacts;
  try {
    facts = samContract(enc, dec);
  } catch (e) {
    if (e instanceof SamContractBreach) throw invalid(e.message);
    throw e;
  }
  for (const [which, graph] of [['encoder', enc], ['decoder', dec]] as const) {
    try {
      checkGraphCost(graph);
    } catch (e) {
      if (e instanceof ServiceFailure) throw invalid(`the ${which}: ${e.message}`);
      throw e;
    }
  }
  return facts;
}

/** The operators of a graph and the tensors it makes from constants or the picture: throws `modelInvalid` past the limits. */
export function checkGraphCost(graph: Graph): void {
  const known = new Map<string, Known>();
  for (const t of graph.initializers) known.set(t.name, { ints: t.ints, floats: t.floats, shape: t.dims.map(Number), constant: true });
  const initNames = new Set(graph.initializers.map((t) => t.name));
  for (const v of [...graph.inputs, ...graph.valueInfo]) {
    if (initNames.has(v.name)) continue;
    const shape = v.shape && v.shape.every((d) => typeof d === 'number' && d >= 0) ? (v.shape as number[]) : undefined;
    known.set(v.name, { shape, constant: false });
  }
  for (const node of graph.nodes) {
    if (!STANDARD_DOMAINS.has(node.domain)) throw invalid(`the operator ${node.domain}.${node.op} is not a standard ONNX operator`);
    if (CONTROL_FLOW.has(node.op)) throw invalid(`the model uses control flow (${node.op}); an uploaded model's graph runs straight through`);
    if (REFUSED_OPS.has(node.op)) throw invalid(`the operator ${node.op} is not run by this service`);
    for (const a of node.attrs) {
      if (a.hasGraph) throw invalid(`the operator ${node.op} carries a subgraph; an uploaded model's graph runs straight through`);
      if (a.hasSparse) throw invalid(`the operator ${node.op} carries a sparse tensor (made dense at load, of any size)`);
      if (a.t?.external) throw invalid(`the operator ${node.op} keeps its data in another file`);
    }
    checkMaterialised(node, known);
  }
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
