import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { PackageItemView } from '../../../../../src-shared/ipc';
import { BridgeError, workstation } from '../../../host';
import type { HandoffsWaiting } from '../workspace/claimPast';
import { FrameImages } from '../workspace/frameImages';
import { firstFrameRef } from '../workspace/frameRefs';
import type { ItemSource, LoadedItem, NextItem } from '../workspace/itemSource';
import { ReadyAhead } from '../workspace/readyAhead';
import { PackageFrameFiles } from './packageFrameSource';
import { readPackageNow, stillToOffer, usePackageLeft, type PackageNow } from './usePackageLeft';

/** Nothing is claimed on a package: the next item is read from this computer, and the count is the package's. */
const PACKAGE_WORDING = { taking: 'workPackages.openingNext', left: 'workPackages.left', leftHint: 'workPackages.leftHint' };

const loadedOf = (view: PackageItemView): LoadedItem => ({
  open: { taskSubject: view.card, subject: view.subject, stepType: view.card.stepType },
  annotations: view.annotations,
});

/** An item the workstation no longer keeps in the package (its hand-off was sent meanwhile, or it was given back). */
const gone = (err: unknown) => err instanceof BridgeError && err.code === 'PACKAGE_ITEM_NOT_FOUND';

/**
 * A work package on this workstation as a session's items (docs/offline-day.md, "Workstation:
 * the annotator's side"): in the package's order, read from disk (`packages.item`: card,
 * subject, annotations at the version taken, frames as files), with no call to the team server.
 * An item is skipped when its hand-off waits in the journal (also one left by an earlier run:
 * handed on before a restart) or when it was opened in this session already (handed on, and
 * perhaps refused meanwhile: the notice lists it, the package does not offer it again). Items
 * whose hand-off the server took leave the package on the workstation. The next item is read
 * and its first picture decoded while the annotator works on the open one. What is left is
 * counted here (usePackageLeft), for each item as it is taken.
 */
export function usePackageItems(packageId: number): ItemSource {
  const files = useRef(new PackageFrameFiles()).current;
  const images = useRef(new FrameImages(files.source, files.videoFiles)).current;
  // Video files held open (their decoders, their decoded frames) go with the workspace.
  useEffect(() => () => images.close(), [images]);
  const ready = useRef(new ReadyAhead()).current;
  const opened = useRef(new Set<number>()).current;
  /** the next item read while the open one is worked on, and the read of the package it was chosen from */
  const ahead = useRef<{ item: Promise<NextItem | null>; now: Promise<PackageNow> } | null>(null);
  const { left, opening, upcoming } = usePackageLeft(packageId, opened);

  const read = useCallback(
    async (taskSubjectId: number) => {
      const view = await workstation.invoke('packages.item', { packageId, taskSubjectId });
      files.add(view);
      return view;
    },
    [files, packageId],
  );

  const load = useCallback(async (taskSubjectId: number) => loadedOf(await read(taskSubjectId)), [read]);

  /** The first item of the package still to do, in `now` (the package as just read). */
  const following = useCallback(
    async (now: Promise<PackageNow>): Promise<NextItem | null> => {
      const { ids, waiting } = await now;
      for (const id of ids) {
        if (!stillToOffer(id, opened, waiting)) continue;
        try {
          const view = await read(id);
          return { card: view.card, loaded: loadedOf(view) };
        } catch (err) {
          if (!gone(err)) throw err;
        }
      }
      return null;
    },
    [opened, read],
  );

  const prepare = useCallback(
    (openId: number, handoffs: HandoffsWaiting) => {
      opened.add(openId);
      // One read of the package serves both the count and the choice of the next item.
      const now = readPackageNow(packageId, handoffs);
      opening(openId, handoffs, now);
      ready.set(null);
      const next = following(now).then(async (item) => {
        const first = item?.loaded && firstFrameRef(item.loaded.open.subject);
        // Waited for, so that "ready" includes the picture; one that fails says so when shown.
        if (first) await images.warm(first).catch(() => undefined);
        if (item && ahead.current?.item === next) ready.set(item.card.taskSubjectId, item);
        return item;
      });
      ahead.current = { item: next, now };
      next.catch(() => undefined);
    },
    [following, images, opened, opening, packageId, ready],
  );

  const take = useCallback(
    async (handoffs: HandoffsWaiting): Promise<NextItem | null> => {
      const prepared = ahead.current;
      ahead.current = null;
      const waiting = prepared ? await handoffs.ids() : [];
      const early = prepared ? await prepared.item.catch(() => null) : null;
      // Read again when the one read ahead was opened or handed on since (or reading it failed).
      const usable = prepared && early && stillToOffer(early.card.taskSubjectId, opened, waiting) ? { item: early, now: prepared.now } : null;
      const now = usable?.now ?? readPackageNow(packageId, handoffs);
      const next = usable?.item ?? (await following(now));
      if (next) {
        opened.add(next.card.taskSubjectId);
        // Counted now, from the read it was chosen from: the header shows it with the item's picture.
        upcoming(next.card.taskSubjectId, await now);
      }
      return next;
    },
    [following, opened, packageId, upcoming],
  );

  return useMemo(() => ({ take, load, prepare, ready, images, left, wording: PACKAGE_WORDING }), [take, load, prepare, ready, images, left]);
}
