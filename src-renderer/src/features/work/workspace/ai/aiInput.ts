/**
 * What the workspace hands the AI tools, and how the tools read the frame shown from it. The
 * tools read it through a ref (`Latest`) rather than from their render's props: an answer
 * arrives renders later, and must be checked against the frame shown then, not when it was asked.
 */
import type { AnnotationObject } from '../../../../../../src-shared/model/annotation';
import type { AnnotationEngine } from '../../../../canvas/engine';
import type { ObjectEdit } from '../applyEdit';
import type { TrackedItem } from '../tracks/useTrackedItem';
import type { PaletteEntry } from '../palette';
import type { OpenItem } from '../useWorkSession';

export interface AiToolsInput {
  projectId: number;
  item: OpenItem | null;
  frameIndex: number;
  /** changes with the item and the frame shown: answers asked for another frame are dropped */
  frameKey: string;
  engineRef: React.RefObject<AnnotationEngine | null>;
  selection: readonly string[];
  palette: readonly PaletteEntry[];
  /** the label armed in the palette: an AI tool of its kind takes it as its target */
  active: PaletteEntry | null;
  /** the frame's objects as shown */
  objects: readonly AnnotationObject[];
  recordEdit: (frameId: number, edit: ObjectEdit) => Promise<void>;
  /**
   * On a frame item, edits of several frames as one undoable step of the item's history
   * (tracks/useTrackedItem.ts); absent on image items, whose steps ride the canvas's history.
   */
  runOnFrames?: (edits: { frameId: number; edit: ObjectEdit }[]) => void;
  /** a frame item's tracks: automatic tracking stores its keyframes there */
  tracked?: TrackedItem | null;
  /** shows frame i of the item (the tracking run's view follows it) */
  goTo?: (index: number) => void;
}

/** The workspace's input as of the last render. */
export type Latest = { readonly current: AiToolsInput };

export const engineOf = (latest: Latest) => latest.current.engineRef.current;

export const shownFrameId = (latest: Latest) => latest.current.item?.open.subject.frames[latest.current.frameIndex]?.frameId;

/** The one selected object, when it is a box. */
export function selectedBoxOf(latest: Latest): AnnotationObject | undefined {
  const sel = latest.current.selection;
  const o = sel.length === 1 ? engineOf(latest)?.objects().find((x) => x.id === sel[0]) : undefined;
  return o?.tool === 'box' ? o : undefined;
}
