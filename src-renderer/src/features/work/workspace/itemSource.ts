import type { TaskSubjectAnnotations } from '../../../../../src-shared/api/annotate';
import type { SubjectDetail } from '../../../../../src-shared/api/subject';
import type { StepType, TaskSubjectItem } from '../../../../../src-shared/api/task';
import type { TaskSubjectCard } from '../../../../../src-shared/api/taskSubject';
import type { Watched } from '../../../app/watched';
import type { HandoffsWaiting } from './claimPast';
import type { FrameImages } from './frameImages';
import type { ItemsLeft } from './itemsLeft';
import type { ReadyAhead } from './readyAhead';

/** An item as the workspace opens it: where it stands in the flow, its step's type and its subject with every frame. */
export interface ItemOpen {
  taskSubject: TaskSubjectItem;
  subject: SubjectDetail;
  stepType: StepType;
}

/** An item's subject and its annotations at the version they carry. */
export interface LoadedItem {
  open: ItemOpen;
  annotations: TaskSubjectAnnotations;
}

/** The next item to open: its card (place and version) and, when it was loaded ahead, the rest. */
export interface NextItem {
  card: TaskSubjectCard;
  loaded?: LoadedItem;
}

/**
 * Where a work session's items come from (useWorkSession keeps one set of session rules for
 * both): the step's queue on the team server, claimed one ahead (useServerItems), or a work
 * package stored on this workstation, read from disk in the package's order (usePackageItems).
 */
export interface ItemSource {
  /** The next item, stepping around those whose hand-off waits; null when nothing is left. Rejects as a claim does when the server is away. */
  take(handoffs: HandoffsWaiting): Promise<NextItem | null>;
  /** One named item (the one asked for on entering, or the open one again after a conflict). */
  load(taskSubjectId: number, card?: TaskSubjectCard): Promise<LoadedItem>;
  /** Gets the item after the open one ready (its first picture decoded) while the annotator works. */
  prepare(openId: number, handoffs: HandoffsWaiting): void;
  /** the item got ready ahead, once its picture is loaded */
  ready: ReadyAhead;
  /** the pictures, from where this source keeps them */
  images: FrameImages;
  /** how many items are left with a given item open (itemsLeft.ts), said in `wording.left`; read by the header only */
  left: Watched<ItemsLeft>;
  /** i18n keys of what the workspace says of this source's items: while the next is taken, how many are left (with `count`) and what that count counts */
  wording: { taking: string; left: string; leftHint: string };
}
