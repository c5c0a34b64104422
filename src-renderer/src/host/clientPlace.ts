import { useEffect, useState } from 'react';
import type { ClientPlace } from '../../../src-shared/ipc/app';
import { workstation } from './index';

let asked: Promise<ClientPlace> | null = null;

/**
 * Where this page runs, as the workstation sees it (app.info): on its machine, or in a browser
 * on another computer, where files are picked in the browser and saved to its downloads
 * (docs/browser-host-remote.md). Asked once per page; a host that does not say is local.
 */
export function clientPlace(): Promise<ClientPlace> {
  asked ??= workstation.invoke('app.info', {}).then(
    (info) => info.client ?? 'local',
    (err: unknown) => {
      asked = null; // ask again next time: the host may have been restarting
      throw err;
    },
  );
  return asked;
}

/** The place once known; null while the answer is on its way (or when the host could not be asked). */
export function useClientPlace(): ClientPlace | null {
  const [place, setPlace] = useState<ClientPlace | null>(null);
  useEffect(() => {
    let current = true;
    clientPlace()
      .then((p) => current && setPlace(p))
      .catch((err: unknown) => console.error('app.info failed', err));
    return () => {
      current = false;
    };
  }, []);
  return place;
}
