/**
 * Where a team's own SAM (runtime onnx-sam) is kept in the server's model store: two files
 * beside each other, `model/<teamId>/<id>.encoder.onnx` and `model/<teamId>/<id>.decoder.onnx`.
 * The model's `artifact_key` names the encoder; the decoder's key is found from it.
 */
export function samPairKeys(teamId: number, id: string): { encoder: string; decoder: string } {
  return { encoder: `model/${teamId}/${id}.encoder.onnx`, decoder: `model/${teamId}/${id}.decoder.onnx` };
}

/** The decoder's key of a pair whose encoder is stored under `encoderKey`. */
export function samDecoderKey(encoderKey: string): string {
  return encoderKey.replace(/\.encoder\.onnx$/, '.decoder.onnx');
}
