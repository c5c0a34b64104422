/**
 * A frame's data after the import: in `replace` mode the file's objects instead of the frame's
 * (classifications too when the file holds the frame whole, i.e. lossless); in `append` mode the
 * file's after the frame's. COCO, VOC and YOLO carry classification answers by name: each answer
 * takes the place of the frame's answer to the same feature, in either mode (a feature has one
 * answer per frame), and the frame's other answers stay. Ids stay unique in
 * the frame (an imported id already taken gets a fresh one), imported objects without a drawing
 * order of their own are drawn above what the frame holds, in file order, and the frame keeps
 * within the model's limits (the excess is counted as `frameFull`).
 */
import type { ImportMode } from '../../src-shared/api/projectImport';
import { ANNOTATION_LIMITS, ANNOTATION_VERSION, type AnnotationObject, type FrameClassification, type FrameData } from '../../src-shared/model/annotation';
import { countInto } from './tally';

export interface ImportedFrameContent {
  objects: AnnotationObject[];
  classifications: FrameClassification[];
  /** the file holds the frame whole (lossless): objects keep their drawing order, classifications replace the frame's */
  complete: boolean;
  /** a frame the file does not describe, given a track's outside keyframe: added to in either mode (importTracks.ts) */
  addOnly?: boolean;
}

export interface BuiltFrame {
  data: FrameData;
  /** what the import put in (the rest of `data` was there before) */
  added: { objects: number; classifications: number };
}

/**
 * `renamed`: the track ids this import gave fresh ids, kept across the frames of one task subject,
 * so a track whose id a frame already uses is renamed alike on every frame and stays one track.
 */
export function buildFrame(current: FrameData | null, add: ImportedFrameContent, mode: ImportMode, newId: () => string, skipped: Record<string, number>, renamed: Map<string, string> = new Map()): BuiltFrame {
  const keepObjects = mode === 'append' || add.addOnly ? (current?.objects ?? []) : [];
  const answered = new Set(add.classifications.map((c) => c.featureId));
  const keepClassifications = add.complete
    ? mode === 'append' ? (current?.classifications ?? []) : []
    : (current?.classifications ?? []).filter((c) => !answered.has(c.featureId));
  const ids = new Set([...keepObjects.map((o) => o.id), ...keepClassifications.map((c) => c.id)]);
  const fresh = (id: string, track: boolean) => {
    let out = (track ? renamed.get(id) : undefined) ?? id;
    while (ids.has(out)) out = newId();
    if (track && out !== id) renamed.set(id, out);
    ids.add(out);
    return out;
  };
  let z = Math.max(-1, ...keepObjects.map((o) => o.zIndex));
  const room = Math.max(0, ANNOTATION_LIMITS.objectsPerFrame - keepObjects.length);
  countInto(skipped, 'frameFull', add.objects.length - room);
  const objects = add.objects.slice(0, room).map((o) => ({ ...o, id: fresh(o.id, o.keyframe === true), zIndex: add.complete ? o.zIndex : Math.min(++z, 1_000_000) }));
  const classRoom = Math.max(0, ANNOTATION_LIMITS.classificationsPerFrame - keepClassifications.length);
  countInto(skipped, 'frameFull', add.classifications.length - classRoom);
  const classifications = add.classifications.slice(0, classRoom).map((c) => ({ ...c, id: fresh(c.id, false) }));
  return {
    data: { version: ANNOTATION_VERSION, objects: [...keepObjects, ...objects], classifications: [...keepClassifications, ...classifications] },
    added: { objects: objects.length, classifications: classifications.length },
  };
}
