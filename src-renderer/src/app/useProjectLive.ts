import { useCallback } from 'react';
import { room, type RealtimeMessage } from '../../../src-shared/api/realtime';
import { api } from './apiSlice';
import { useAppDispatch } from './hooks';
import { allProjectTags, projectTags, tagsOfPart, taskTags } from './projectTags';
import { useRoomEvents } from './useRoomEvents';

/**
 * Keeps every list of one project fresh while any of its pages is open: hears the project's
 * room and refreshes what each event says changed, whoever changed it (a colleague, a script,
 * this user's own import in the workstation's main process). Export runs and AI jobs have their
 * own rooms and hooks (insight, ai); a task page also hears its task's room.
 */
export function useProjectLive(projectId: number | null): void {
  const dispatch = useAppDispatch();
  const onEvent = useCallback(
    (m: RealtimeMessage) => {
      if (projectId === null) return;
      const stale = staleTags(projectId, m);
      if (stale.length > 0) dispatch(api.util.invalidateTags(stale));
    },
    [projectId, dispatch],
  );
  const onGap = useCallback(() => {
    if (projectId !== null) dispatch(api.util.invalidateTags(allProjectTags(projectId)));
  }, [projectId, dispatch]);
  useRoomEvents(projectId === null ? null : room('project', projectId), onEvent, onGap);
}

/** The tags an event of a project's room makes stale. */
export function staleTags(projectId: number, m: RealtimeMessage): ReturnType<typeof allProjectTags> {
  switch (m.type) {
    case 'project.part.changed': {
      const { part } = m.payload as RealtimeMessage<'project.part.changed'>['payload'];
      return tagsOfPart(projectId, part);
    }
    case 'task.changed': {
      const { taskId } = m.payload as RealtimeMessage<'task.changed'>['payload'];
      return [projectTags.tasks(), ...taskTags(taskId), projectTags.overview(projectId), projectTags.annotateTotal(projectId)];
    }
    case 'note.changed': {
      const { change } = m.payload as RealtimeMessage<'note.changed'>['payload'];
      return change === 'labels' ? [projectTags.noteLabels(projectId), projectTags.notes()] : [projectTags.notes()];
    }
    case 'project.changed':
      return [projectTags.project(projectId)];
    default:
      return [];
  }
}
