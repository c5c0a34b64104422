import { useEffect } from 'react';
import { room } from '../../../../../src-shared/api/realtime';
import { api } from '../../../app/apiSlice';
import { useAppDispatch } from '../../../app/hooks';
import { realtimeConnection } from '../shared/realtimeConnection';

/**
 * Keeps the project's export runs live: every `export.changed` of the project's room (at most
 * one a second per run while it moves) refetches the run list, which carries the percent with
 * media passes and the writer's report that the event alone does not.
 */
export function useExportEvents(projectId: number): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!Number.isInteger(projectId)) return;
    const refresh = () => dispatch(api.util.invalidateTags([{ type: 'Export', id: 'LIST' }]));
    return realtimeConnection.join(room('project', projectId), {
      onMessage: (m) => {
        if (m.type === 'export.changed') refresh();
      },
      onGap: refresh,
    });
  }, [projectId, dispatch]);
}
