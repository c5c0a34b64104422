import { useEffect, useState } from 'react';
import type { AppInfo } from '../../../src-shared/ipc/app';
import { workstation } from './index';

/**
 * Where a page takes files from and saves them to (docs/browser-host-remote.md):
 * - `machine`: the desktop app, whose page is on the workstation's computer: that computer's
 *   folders (its folder dialog, its downloads folder);
 * - `browser`: a browser on another computer: the browser's own pickers and downloads only
 *   (the workstation machine's disk is not its user's, and the host refuses its paths);
 * - `either`: a browser on the workstation's own computer: the browser's pickers and downloads
 *   first, as in any web application (issue 31), and that computer's folders as the option
 *   for large datasets already on its disk.
 */
export type FileSides = 'machine' | 'browser' | 'either';

/** One way of the two: through the browser, or the workstation machine's folders. */
export type FileSide = 'browser' | 'machine';

export const fileSidesOf = (info: Pick<AppInfo, 'host' | 'client'>): FileSides => (info.host === 'electron' ? 'machine' : info.client === 'remote' ? 'browser' : 'either');

let asked: Promise<FileSides> | null = null;

/** Asked once per page (app.info); a host that does not say where the page runs is on its machine. */
export function fileSides(): Promise<FileSides> {
  asked ??= workstation.invoke('app.info', {}).then(fileSidesOf, (err: unknown) => {
    asked = null; // ask again next time: the host may have been restarting
    throw err;
  });
  return asked;
}

/** The sides once known; null while the answer is on its way (or when the host could not be asked). */
export function useFileSides(): FileSides | null {
  const [sides, setSides] = useState<FileSides | null>(null);
  useEffect(() => {
    let current = true;
    fileSides()
      .then((s) => current && setSides(s))
      .catch((err: unknown) => console.error('app.info failed', err));
    return () => {
      current = false;
    };
  }, []);
  return sides;
}

/**
 * The side one dialog uses: the only one there is, or, where the page has both, the browser
 * until the user picks the machine's folders. Null until the sides are known.
 */
export function useFileSide(): { sides: FileSides | null; side: FileSide | null; setSide: (side: FileSide) => void } {
  const sides = useFileSides();
  const [chosen, setSide] = useState<FileSide>('browser');
  const side = sides === null ? null : sides === 'either' ? chosen : sides;
  return { sides, side, setSide };
}
