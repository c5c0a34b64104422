import { useCallback, useEffect, useState } from 'react';
import type { LostItem } from '../../../../../src-shared/ipc/packages';
import { workstation } from '../../../host';

/**
 * The signed-in user's items lost with the lease, as the workstation keeps them: read once, and
 * again whenever it says the list changed (`packages.lost`: found lost, dismissed). Asking also
 * lets the workstation check the server again, at most once a minute.
 */
export function useLostItems(userId: number | undefined) {
  const [items, setItems] = useState<LostItem[]>([]);
  const [error, setError] = useState<unknown>(null);

  const reload = useCallback(async () => {
    try {
      setItems(await workstation.invoke('packages.lost', {}));
      setError(null);
    } catch (err) {
      setError(err);
    }
  }, []);

  useEffect(() => {
    void reload();
    // Another user's list changing on the same workstation (the browser host serves several) is not ours.
    return workstation.on('packages.lost', (e) => {
      if (userId === undefined || e.userId === userId) void reload();
    });
  }, [reload, userId]);

  return { items, error, reload };
}
