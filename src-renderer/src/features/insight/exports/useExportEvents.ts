import { useEffect } from 'react';
import { room } from '../../../../../src-shared/api/realtime';
import { api } from '../../../app/apiSlice';
import { useAppDispatch } from '../../../app/hooks';
import { projectTags } from '../../../app/projectTags';
import { realtimeConnection } from '../shared/realtimeConnection';

/**
 * Keeps the project's export runs and plans live: every `export.changed` of the project's
 * exports room, open only to those who may export (at most
 * one a second per run while it moves) refetches the run list, which carries the percent with
 * media passes and the writer's report that the event alone does not.
 */
export function useExportEvents(projectId: number): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!Number.isInteger(projectId)) return;
    const refresh = () => dispatch(api.util.invalidateTags([projectTags.exports()]));
    return realtimeConnection.join(room('exports', projectId), {
      onMessage: (m) => {
        if (m.type === 'export.changed') refresh();
        if (m.type === 'project.part.changed') dispatch(api.util.invalidateTags([projectTags.exportPlans(projectId)]));
      },
      onGap: () => dispatch(api.util.invalidateTags([projectTags.exports(), projectTags.exportPlans(projectId)])),
    });
  }, [projectId, dispatch]);
}
