/**
 * The static check of uploaded ONNX files (src-ai/onnxCheck.ts, issue 30): what it refuses and
 * why, on graphs built in the test (tests/support/tinyOnnx.ts), and that honest detectors pass.
 */
import { describe, expect, it } from 'vitest';
import { inspectOnnx, MAX_NODES } from '../../src-ai/onnxCheck';
import { encodeModel, flatInputModel, graphFields, matmulBomb, onnxNode, onnxTensor, pbInt, pbMessage, pbString, yoloModel, yoloSizedModel } from '../support/tinyOnnx';

const BOXES = [{ cx: 10, cy: 10, w: 5, h: 5, cls: 0, score: 0.9 }];
const IMAGES = { name: 'images', dims: [1, 3, 64, 64] };
const OUT = { name: 'output0', dims: [1, 5, 1] };

/** A graph of `nodes` ending in output0 [1, 5, 1] from `last` (a scalar or anything): output0 = Expand(ReduceMean(last), [1,5,1]). */
function around(nodes: Uint8Array[], last: string, extra: Partial<Parameters<typeof encodeModel>[0]> = {}) {
  return encodeModel({
    nodes: [
      ...nodes,
      onnxNode('ReduceMean', [last], ['m_end'], [{ name: 'keepdims', i: 0 }]),
      onnxNode('Constant', [], ['od'], [{ name: 'value', t: onnxTensor('od_v', [3], BigInt64Array.of(1n, 5n, 1n)) }]),
      onnxNode('Expand', ['m_end', 'od'], ['output0']),
    ],
    initializers: [],
    inputs: [IMAGES],
    outputs: [OUT],
    ...extra,
  });
}

const refusal = (bytes: Uint8Array, classes = 1) => {
  try {
    inspectOnnx(bytes, classes);
  } catch (e) {
    return { code: (e as { code?: string }).code, message: (e as Error).message };
  }
  return undefined;
};

describe('the ONNX static check', () => {
  it('passes honest detectors: the tiny test detector in both layouts and a YOLOv8n-sized network', () => {
    expect(inspectOnnx(yoloModel({ inputWidth: 320, inputHeight: 256, classes: 3, boxes: BOXES }), 3)).toMatchObject({ input: { shape: [1, 3, 256, 320] }, output: { shape: [1, 7, 1] } });
    expect(inspectOnnx(yoloModel({ inputWidth: 320, inputHeight: 256, classes: 3, boxes: BOXES, transposed: true }), 3).output.shape).toEqual([1, 1, 7]);
    const big = inspectOnnx(yoloSizedModel(), 80);
    expect(big.output.shape).toEqual([1, 84, 8400]);
    expect(big.nodes).toBeGreaterThan(50);
  });

  it('refuses the probe bomb: a 2048 x 2048 matrix made by ConstantOfShape from a 16-byte shape', () => {
    const bomb = matmulBomb();
    expect(bomb.length).toBeLessThan(2000);
    const r = refusal(bomb);
    expect(r?.code).toBe('modelInvalid');
    expect(r?.message).toMatch(/ConstantOfShape makes a tensor of 4,194,304 elements from constants/);
  });

  it('cannot see a bomb whose size comes from the picture: that one is left to the time limit', () => {
    expect(refusal(matmulBomb({ fill: 'input' }))).toBeUndefined();
  });

  it('refuses Expand, Tile and Range past the limits where their sizes are constants', () => {
    const dims = onnxNode('Constant', [], ['dims'], [{ name: 'value', t: onnxTensor('dims_v', [2], BigInt64Array.of(4096n, 4096n)) }]);
    const one = onnxNode('Constant', [], ['one'], [{ name: 'value', t: onnxTensor('one_v', [1], Float32Array.of(1)) }]);
    expect(refusal(around([dims, one, onnxNode('Expand', ['one', 'dims'], ['big'])], 'big'))?.message).toMatch(/Expand makes a tensor of 16,777,216 elements from constants/);
    expect(refusal(around([dims, one, onnxNode('Tile', ['one', 'dims'], ['big'])], 'big'))?.message).toMatch(/Tile makes/);
    const r = [0n, 10_000_000n, 1n].map((v, i) => onnxNode('Constant', [], [`r${i}`], [{ name: 'value', t: onnxTensor(`r${i}_v`, [], BigInt64Array.of(v)) }]));
    expect(refusal(around([...r, onnxNode('Range', ['r0', 'r1', 'r2'], ['big'])], 'big'))?.message).toMatch(/Range makes a tensor of 10,000,000/);
    // shapes computed through Concat and Unsqueeze are followed too
    const a = onnxNode('Constant', [], ['a'], [{ name: 'value', t: onnxTensor('a_v', [1], BigInt64Array.of(3000n)) }]);
    const cat = onnxNode('Concat', ['a', 'a'], ['ab'], [{ name: 'axis', i: 0 }]);
    expect(refusal(around([a, cat, onnxNode('ConstantOfShape', ['ab'], ['big'])], 'big'))?.message).toMatch(/9,000,000 elements/);
    // the picture's own size through Shape: sized like the picture, allowed
    expect(refusal(around([onnxNode('Shape', ['images'], ['s']), onnxNode('ConstantOfShape', ['s'], ['same'])], 'same'))).toBeUndefined();
  });

  it('refuses control flow, subgraphs, foreign operator sets, functions, random generators and sparse tensors', () => {
    const body = graphFields({ nodes: [onnxNode('Identity', ['images'], ['y'])], initializers: [], inputs: [], outputs: [{ name: 'y', dims: [] }] });
    const cond = onnxNode('Constant', [], ['c'], [{ name: 'value', t: onnxTensor('c_v', [], BigInt64Array.of(1n)) }]);
    expect(refusal(around([cond, onnxNode('If', ['c'], ['y'], [{ name: 'then_branch', g: body }, { name: 'else_branch', g: body }])], 'y'))?.message).toMatch(/control flow \(If\)/);
    expect(refusal(around([onnxNode('Loop', ['', ''], ['y'], [{ name: 'body', g: body }])], 'y'))?.message).toMatch(/control flow \(Loop\)/);
    expect(refusal(around([onnxNode('MatMulInteger16', ['images', 'images'], ['y'], [], 'com.microsoft')], 'y'))?.message).toMatch(/com\.microsoft\.MatMulInteger16 is not a standard ONNX operator/);
    expect(refusal(around([onnxNode('Identity', ['images'], ['y'])], 'y', { imports: [['com.example', 1]] }))?.message).toMatch(/operator set "com.example"/);
    expect(refusal(around([onnxNode('RandomNormal', [], ['y'], [{ name: 'shape', ints: [100000, 100000] }])], 'y'))?.message).toMatch(/RandomNormal is not run/);
    // a Constant with a sparse_value (attribute type SPARSE_TENSOR = 11)
    const sparse = pbMessage(1, pbString(2, 'y'), pbString(4, 'Constant'), pbMessage(5, pbString(1, 'sparse_value'), pbMessage(22, pbInt(3, 100000)), pbInt(20, 11)));
    expect(refusal(around([sparse], 'y'))?.message).toMatch(/sparse tensor/);
    // model-local functions: ModelProto field 25
    const withFunction = new Uint8Array([...around([onnxNode('Identity', ['images'], ['y'])], 'y'), ...pbMessage(25, pbString(1, 'f'))]);
    expect(refusal(withFunction)?.message).toMatch(/functions of its own/);
  });

  it('refuses tensors whose data lives in other files (paths on the service disk)', () => {
    const ext = [...onnxTensor('w', [1], Float32Array.of(1)).slice(0, 3), pbMessage(13, pbString(1, 'location'), pbString(2, '/etc/passwd')), pbInt(14, 1)];
    const bytes = encodeModel({ nodes: [onnxNode('Add', ['images', 'w'], ['y']), onnxNode('ReduceMean', ['y'], ['m'], [{ name: 'keepdims', i: 0 }]), onnxNode('Constant', [], ['od'], [{ name: 'value', t: onnxTensor('od_v', [3], BigInt64Array.of(1n, 5n, 1n)) }]), onnxNode('Expand', ['m', 'od'], ['output0'])], initializers: [ext], inputs: [IMAGES], outputs: [OUT] });
    expect(refusal(bytes)?.message).toMatch(/keeps its data in another file/);
  });

  it('refuses more than MAX_NODES nodes', () => {
    const nodes = Array.from({ length: MAX_NODES + 1 }, (_, i) => onnxNode('Identity', [i === 0 ? 'images' : `x${i - 1}`], [`x${i}`]));
    expect(refusal(around(nodes, `x${MAX_NODES}`))?.message).toMatch(/more than 5000 nodes/);
  });

  it('refuses inputs and outputs off the YOLO contract, before anything runs', () => {
    expect(refusal(flatInputModel())?.message).toMatch(/input must be \[1, 3, H, W\]; it is \[1, 10\]/);
    expect(refusal(yoloModel({ inputWidth: 320, inputHeight: 256, classes: 3, boxes: BOXES, extraRows: 2 }), 3)?.message).toMatch(/does not fit 3 classes \(expected 4 \+ 3 = 7 rows\)/);
    expect(refusal(yoloModel({ inputWidth: 8192, inputHeight: 256, classes: 3, boxes: BOXES }), 3)?.message).toMatch(/not within 1..4096 px/);
    const twoInputs = encodeModel({ nodes: [onnxNode('Add', ['images', 'other'], ['output0'])], initializers: [], inputs: [IMAGES, { name: 'other', dims: [1, 3, 64, 64] }], outputs: [OUT] });
    expect(refusal(twoInputs)?.message).toMatch(/one input; this model has 2/);
    const intInput = encodeModel({ nodes: [onnxNode('Identity', ['images'], ['output0'])], initializers: [], inputs: [{ ...IMAGES, elemType: 7 }], outputs: [OUT] });
    expect(refusal(intInput)?.message).toMatch(/float32/);
  });

  it('refuses a file that is no protobuf, or is cut short', () => {
    expect(refusal(new Uint8Array([0x0a, 0xff, 0xff, 0xff, 0x0f, 1, 2]))?.message).toMatch(/cut short or malformed/);
    expect(refusal(yoloModel({ inputWidth: 32, inputHeight: 32, classes: 1, boxes: BOXES }).subarray(0, 60))?.code).toBe('modelInvalid');
    expect(refusal(new Uint8Array(0))?.message).toMatch(/no graph/);
  });
});
