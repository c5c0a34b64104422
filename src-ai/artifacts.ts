/**
 * ONNX model files: fetched from `model.artifactUrl` once per party (`tenant`), model name and
 * `model.version` (or per URL when no version is sent: signed URLs change, so that fetches
 * again) and kept, the 4 most recently used; a party's model process (engine/teams.ts) gets a
 * copy once per load. Keys carry the party, so two parties' models never share an entry even
 * under the same name and version. A file that cannot be fetched, or is larger than 512 MiB, is
 * `modelInvalid`.
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
    if (!model.artifactUrl) throw new ServiceFailure('modelInvalid', 'an onnx-yolo model needs artifactUrl');
    const key = JSON.stringify([tenant, model.version ? `${model.name}@${model.version}` : model.artifactUrl]);
    let p = this.cache.get(key);
    if (p) {
      this.cache.delete(key);
      this.cache.set(key, p);
    } else {
      this.fetches++;
      p = fetchLimited(model.artifactUrl, MAX_MODEL_BYTES, 'model file', undefined, (m) => new ServiceFailure('modelInvalid', m));
      this.cache.set(key, p);
      p.catch(() => this.cache.delete(key));
      while (this.cache.size > this.entries) this.cache.delete(this.cache.keys().next().value!);
    }
    const bytes = signal ? await untilAborted(p, signal) : await p;
    return { key, bytes, classes: model.classes ?? [] };
  }
}
