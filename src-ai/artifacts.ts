/**
 * ONNX model files: fetched from `model.artifactUrl` once per party (`tenant`), model name and
 * `model.version` (or per URL when no version is sent: signed URLs change, so that fetches
 * again) and kept, the 4 most recently used; a party's model process (engine/teams.ts) gets a
 * copy once per load. Keys carry the party, so two parties' models never share an entry even
 * under the same name and version. A file that cannot be fetched, or is larger than 512 MiB, is
 * `modelInvalid`. A team's SAM (onnx-sam) is two files, its encoder (`artifactUrl`) and its
 * decoder (`decoderUrl`): two entries, handed over as one artifact.
 */
import type { ModelRef } from '../src-shared/ai/protocol';
import type { OnnxArtifact } from './engine/messages';
import { ServiceFailure } from './errors';
import { fetchLimited, untilAborted } from './images';

export const MAX_MODEL_BYTES = 512 * 1024 * 1024;

export class ArtifactStore {
  private readonly cache = new Map<string, Promise<Uint8Array>>();
  fetches = 0;

  constructor(private readonly entries = 4) {}

  async get(model: ModelRef, tenant: string, signal?: AbortSignal): Promise<OnnxArtifact> {
    if (!model.artifactUrl) throw new ServiceFailure('modelInvalid', `an ${model.runtime} model needs artifactUrl`);
    const key = JSON.stringify([tenant, model.version ? `${model.name}@${model.version}` : model.artifactUrl]);
    if (model.runtime === 'onnx-sam') {
      if (!model.decoderUrl) throw new ServiceFailure('modelInvalid', 'an onnx-sam model needs decoderUrl');
      const both = [this.file(JSON.stringify([key, 'encoder']), model.artifactUrl), this.file(JSON.stringify([key, 'decoder']), model.decoderUrl)];
      both.forEach((p) => p.catch(() => undefined));
      const [bytes, decoder] = await Promise.all(both.map((p) => (signal ? untilAborted(p, signal) : p)));
      return { key, bytes: bytes!, decoder, classes: [] };
    }
    const p = this.file(key, model.artifactUrl);
    const bytes = signal ? await untilAborted(p, signal) : await p;
    return { key, bytes, classes: model.classes ?? [] };
  }

  /** One file, from the cache or fetched. */
  private file(key: string, url: string): Promise<Uint8Array> {
    let p = this.cache.get(key);
    if (p) {
      this.cache.delete(key);
      this.cache.set(key, p);
    } else {
      this.fetches++;
      p = fetchLimited(url, MAX_MODEL_BYTES, 'model file', undefined, (m) => new ServiceFailure('modelInvalid', m));
      this.cache.set(key, p);
      p.catch(() => this.cache.delete(key));
      while (this.cache.size > this.entries) this.cache.delete(this.cache.keys().next().value!);
    }
    return p;
  }
}
