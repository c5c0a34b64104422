/**
 * A frame sequence with tracks for the track formats' tests (MOT 1.1, COCO with track ids), and
 * the import's steps run on it without a database, as runImport runs them: read, match (MOT:
 * sequences to items; COCO: files to frames), tracks built, objects mapped onto the ontology.
 * What a person sees is compared: every frame's objects as the workspace shows them.
 */
import type { ImportFormat } from '../../src-shared/api/projectImport';
import { ANNOTATION_VERSION, type AnnotationObject, type FrameData } from '../../src-shared/model/annotation';
import { TrackIndex } from '../../src-shared/model/tracks';
import type { ExportItem, ExportOntology, ZipEntries } from '../../src-server/exports/formats/types';
import { buildFrame } from '../../src-server/imports/buildFrame';
import { chooseTools } from '../../src-server/imports/chooseTools';
import { frameContent } from '../../src-server/imports/frameContent';
import { FrameMatcher, type ProjectFrame } from '../../src-server/imports/frameMatcher';
import { buildTracks } from '../../src-server/imports/importTracks';
import { matchFiles, type FileMatches } from '../../src-server/imports/matchFiles';
import { readSource } from '../../src-server/imports/readSource';
import { bySequence, placeSequences } from '../../src-server/imports/sequenceMatch';
import { SequenceNames } from '../../src-server/imports/sequenceNames';
import { sortTargets } from '../../src-server/imports/sortTargets';
import { sampleOntology } from './exportSample';

type Shape = Pick<AnnotationObject, 'tool' | 'geometry'>;
const box = (x: number, y: number, width: number, height: number, rotation?: number): Shape => ({ tool: 'box', geometry: { x, y, width, height, ...(rotation !== undefined ? { rotation } : {}) } });
const polygon = (dx: number): Shape => ({ tool: 'polygon', geometry: { points: [{ x: 10 + dx, y: 300 }, { x: 200 + dx, y: 280 }, { x: 220 + dx, y: 400 }, { x: 5 + dx, y: 420 }] } });

const object = (id: string, featureId: number, labelId: string, shape: Shape, extra: Partial<AnnotationObject> = {}): AnnotationObject =>
  ({ id, featureId, labelId, attributes: {}, zIndex: 0, source: 'manual', ...shape, ...extra }) as AnnotationObject;
const key = (id: string, featureId: number, labelId: string, shape: Shape, extra: Partial<AnnotationObject> = {}) => object(id, featureId, labelId, shape, { keyframe: true, ...extra });

/**
 * 12 frames: a car moving between keyframes at 0 and 4, out of view from 6, back at 8 until the
 * end; a pedestrian from 2 whose colour changes at its keyframe at 7; a truck drawn on frame 3
 * only (no keyframe); a road polygon moving from 1 to 5; a truck turning from 10° to 40° over
 * frames 9 to 11.
 */
const stored: Record<number, AnnotationObject[]> = {
  0: [key('car-1', 1, 'car', box(10, 20, 100, 50))],
  1: [key('road-1', 2, 'road', polygon(0))],
  2: [key('ped-1', 1, 'ped', box(300, 200, 20, 40), { attributes: { color: 'red' } })],
  3: [object('truck-0', 1, 'truck', box(1, 2, 30, 30))],
  4: [key('car-1', 1, 'car', box(50, 28, 110, 50))],
  5: [key('road-1', 2, 'road', polygon(40))],
  6: [key('car-1', 1, 'car', box(70, 30, 110, 50), { outside: true })],
  7: [key('ped-1', 1, 'ped', box(320.5, 210.25, 22, 44), { attributes: { color: 'blue' } })],
  8: [key('car-1', 1, 'car', box(200, 100, 90, 45))],
  9: [key('truck-1', 1, 'truck', box(400, 50, 60, 30, 10))],
  11: [key('truck-1', 1, 'truck', box(430, 60, 60, 30, 40))],
};

export const TRACK_FRAMES = 12;

export const trackClip = (name = 'street cam', dataId = 31): ExportItem => ({
  dataId,
  name,
  recordType: 'frame',
  frames: Array.from({ length: TRACK_FRAMES }, (_, index) => ({
    frameId: dataId * 100 + index,
    index,
    fileName: `${name}/${String(index).padStart(6, '0')}.jpg`,
    width: 640,
    height: 480,
    data: { version: ANNOTATION_VERSION, objects: stored[index] ?? [], classifications: [] },
  })),
});

/** The import's steps without a database (runImport.ts): each item's frames as they would be stored, by frame index. */
export async function importedFrames(format: ImportFormat, entries: ZipEntries, items: readonly ExportItem[], ontology: ExportOntology = sampleOntology): Promise<Map<number, FrameData[]>> {
  const source = await readSource(format, entries);
  const projectFrames = new Map<number, ProjectFrame[]>(
    items.map((item) => [item.dataId, item.frames.map((f) => ({ frameId: f.frameId, subjectId: item.dataId, index: f.index, fileName: f.fileName, width: f.width, height: f.height }))]),
  );
  let files: FileMatches;
  if (source.frames.some((f) => f.sequence)) {
    const sequences = bySequence(source.frames);
    const names = new SequenceNames([...sequences.values()].map((list) => list[0]!.sequence!.folder));
    for (const item of items) names.see({ subjectId: item.dataId, name: item.name, recordType: item.recordType });
    const matches = names.matchAll();
    files = placeSequences(sequences, (folder) => matches.get(folder)!, projectFrames, (id) => items.find((i) => i.dataId === id)?.firstFrame ?? 0);
  } else {
    const matcher = new FrameMatcher(source.frames.map((f) => f.fileName));
    for (const list of projectFrames.values()) for (const f of list) matcher.see(f);
    files = matchFiles(source.frames, matcher);
  }
  const targets = sortTargets(files.matched.values(), new Map(items.map((i) => [i.dataId, { id: i.dataId, subjectId: i.dataId, state: 'pending', holderId: null }]))).writable;
  chooseTools(targets.flatMap((t) => t.frames.flatMap((m) => m.sources)), ontology.features);
  let n = 0;
  const newId = () => `new${++n}`;
  buildTracks(targets, projectFrames, newId);
  const counters = { skipped: {}, dropped: {} };
  const out = new Map<number, FrameData[]>();
  for (const t of targets) {
    const subjectId = t.frames[0]!.frame.subjectId;
    const frames: FrameData[] = Array.from({ length: projectFrames.get(subjectId)!.length }, () => ({ version: ANNOTATION_VERSION, objects: [], classifications: [] }));
    for (const m of t.frames) {
      const content = frameContent(m.sources, m.frame, { features: ontology.features, aliases: new Map() }, newId, counters);
      frames[m.frame.index] = buildFrame(null, content, 'replace', newId, counters.skipped).data;
    }
    out.set(subjectId, frames);
  }
  return out;
}

/** What a person sees on one frame: an object shown, its track's id (null: a shape of its own frame), in a form the format keeps. */
export interface Seen {
  track: string | null;
  seen: unknown;
}

/** Whole pixels, to put a frame's objects in an order two near-equal lists share. */
const roughly = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'number' ? Math.round(x) : x));

/** Every frame's objects as the workspace shows them, in the form a format keeps (undefined: the format has no place for it). */
export function shownObjects(frames: readonly FrameData[], form: (o: AnnotationObject) => unknown): Seen[][] {
  const index = new TrackIndex(frames);
  return frames.map((_, i) =>
    index
      .at(i)
      .flatMap((s) => {
        const seen = form(s.object);
        return seen === undefined ? [] : [{ track: s.kind === 'shape' ? null : s.object.id, seen }];
      })
      .sort((a, b) => roughly(a.seen).localeCompare(roughly(b.seen))),
  );
}

/**
 * The tracks renamed by order of first appearance, so two imports' fresh ids compare; a track
 * shown on one frame only is what a shape of that frame is (MOT gives a shape a track of its own,
 * which comes back as a track of one frame).
 */
export function renamedTracks(shown: Seen[][]): Seen[][] {
  const frames = new Map<string, number>();
  for (const frame of shown) for (const s of frame) if (s.track !== null) frames.set(s.track, (frames.get(s.track) ?? 0) + 1);
  const names = new Map<string, string>();
  const nameOf = (track: string) => names.get(track) ?? names.set(track, `track ${names.size + 1}`).get(track)!;
  return shown.map((frame) => frame.map((s) => ({ ...s, track: s.track === null || frames.get(s.track) === 1 ? null : nameOf(s.track) })));
}

/** Where two values differ by more than `tolerance` in a number, or at all otherwise (null: nowhere). */
export function differenceAt(a: unknown, b: unknown, tolerance: number, path = ''): string | null {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= tolerance ? null : `${path}: ${a} vs ${b}`;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return `${path}: ${a.length} items vs ${b.length}`;
    for (let i = 0; i < a.length; i++) {
      const d = differenceAt(a[i], b[i], tolerance, `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const k of keys) {
      const d = differenceAt((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], tolerance, `${path}.${k}`);
      if (d) return d;
    }
    return null;
  }
  return a === b ? null : `${path}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`;
}
