/**
 * Pre-annotation with masks, on the service's side (the protocol's `outline`): a detector's
 * boxes of the classes the server names are each the segmenter's prompt, in the same call or
 * job, and come back with the segmenter's outline (`points`) and mask beside the box.
 *
 * - **Bounded.** At most `maxPerImage` boxes a picture, best score first; with SAM the picture's
 *   embedding is computed once (or taken from the cache when someone looked at the frame) and
 *   the decoder runs once per box, each box its own task on the built-in models' thread, so a
 *   person's click waits for at most one box. A picture whose masks' text passes
 *   MASK_TEXT_PER_PICTURE keeps outlines only for the rest (a callback has a size limit).
 * - **A box the segmenter fails on** (the thread broke on it, the encoder was busy) comes back as
 *   a box alone; the call or job goes on. The server decides what such a box becomes.
 * - **A team's own SAM** (runtime onnx-sam) outlines as the built-in does: its encoder once a
 *   picture and its decoder once a box, in the party's own process.
 * - Where SAM does not run, GrabCut outlines each box (points only, no mask).
 */
import type { AiBox, ImageRef, OutlineSpec, Prediction } from '../src-shared/ai/protocol';
import { resolveModel } from './catalog';
import type { SharedImage } from './engine/messages';
import { isServiceFailure, ServiceFailure } from './errors';
import type { CallOptions, Runner } from './runner';

/** Characters of mask text one picture's outlines may carry (a callback takes 32 MiB at most: jobs.ts BATCH_TEXT). */
export const MASK_TEXT_PER_PICTURE = 8 * 1024 * 1024;

/** Checks an outline request before anything runs: a segmenter named, for a detector. */
export function checkOutline(spec: OutlineSpec, detector: string | undefined): void {
  const impl = resolveModel(spec.model);
  if (impl !== 'segmenter' && impl !== 'grabcut' && impl !== 'onnx-sam') throw new ServiceFailure('badRequest', `outline.model must be a segmenter this service has (see GET /health), not ${spec.model.kind} "${spec.model.name}"`);
  if (detector !== 'detector' && detector !== 'onnx-yolo') throw new ServiceFailure('badRequest', 'outline goes with a detector: its boxes are the prompts');
}

/** The boxes to outline, by index into `predictions`: those of the named classes at their scores, best first, at most maxPerImage. */
export function boxesToOutline(predictions: readonly Prediction[], spec: OutlineSpec): number[] {
  const fits = (p: Prediction) => {
    if (p.tool !== 'box' || !p.box || !(p.box.width > 0 && p.box.height > 0)) return false;
    const floor = Object.hasOwn(spec.classes, p.className) ? spec.classes[p.className] : undefined;
    return floor !== undefined && p.score >= floor;
  };
  return predictions
    .flatMap((p, i) => (fits(p) ? [i] : []))
    .sort((a, b) => predictions[b]!.score - predictions[a]!.score)
    .slice(0, spec.maxPerImage);
}

/**
 * The predictions with the chosen boxes outlined. `picture`: the image the detector ran on, and
 * whether the call keeps what it computes (interactive calls do; a batch job's items do not).
 */
export async function outlineBoxes(
  runner: Runner,
  spec: OutlineSpec,
  picture: { ref: ImageRef; image: SharedImage; keep: boolean },
  predictions: Prediction[],
  tolerance: number | undefined,
  o: CallOptions,
): Promise<Prediction[]> {
  const chosen = boxesToOutline(predictions, spec);
  if (!chosen.length) return predictions;
  const skip = (e: unknown) => {
    // a cancelled call stops; any other failure of the segmenter leaves the boxes as they are
    if (o.signal?.aborted || !isServiceFailure(e)) throw e;
  };
  let outline: BoxOutliner;
  try {
    outline = await outlinerFor(runner, spec, picture, tolerance, o);
  } catch (e) {
    skip(e);
    return predictions;
  }
  const out = predictions.slice();
  let text = 0;
  for (const i of chosen) {
    const p = out[i]!;
    const box: AiBox = p.box!;
    let answer: Prediction | undefined;
    try {
      [answer] = await outline(box);
    } catch (e) {
      skip(e);
      continue;
    }
    if (!answer?.points || answer.points.length < 3) continue;
    const mask = answer.mask && text + answer.mask.rle.length <= MASK_TEXT_PER_PICTURE ? answer.mask : undefined;
    if (mask) text += mask.rle.length;
    out[i] = { ...p, points: answer.points, ...(mask ? { mask } : {}) };
  }
  return out;
}

/** One box's outline on the picture at hand. */
type BoxOutliner = (box: AiBox) => Promise<Prediction[]>;

/** The segmenter's outliner for a picture: its embedding computed (or found) first where the segmenter is a SAM. */
async function outlinerFor(
  runner: Runner,
  spec: OutlineSpec,
  picture: { ref: ImageRef; image: SharedImage; keep: boolean },
  tolerance: number | undefined,
  o: CallOptions,
): Promise<BoxOutliner> {
  const impl = resolveModel(spec.model);
  const call = { priority: o.priority, tenant: o.tenant ?? '', ...(o.signal ? { signal: o.signal } : {}) };
  if (impl === 'onnx-sam') {
    const { artifact, embedding } = await runner.teamSamPicture(spec.model, picture, o);
    return (box) => runner.teamSamAnswer(artifact, embedding, { box }, tolerance, o);
  }
  if (impl === 'segmenter' && (await runner.sam.state.available())) {
    const embedding = picture.keep ? await runner.sam.embeddings.get(picture.ref, call) : await runner.sam.embeddings.ofDecoded(picture, call);
    return (box) => runner.samBox(embedding, box, tolerance, picture.keep, o);
  }
  return (box) => runner.grabcutBox(picture.image, box, tolerance, o);
}
