import { useEffect, useRef } from 'react';
import { useStore } from 'react-redux';
import { FINISHED_JOB_STATES } from '../../../../src-shared/api/ai';
import { room, type RealtimeMessage } from '../../../../src-shared/api/realtime';
import { useAppDispatch } from '../../app/hooks';
import { useRoomEvents } from '../../app/useRoomEvents';
import { aiApi, patchCachedJobs } from './aiApi';

/** While a job runs, the list (with what it has written so far) is refetched at most this often. */
const RUNNING_REFRESH_MS = 2000;

/**
 * Keeps the AI tab live from the project's room: each `ai.job.changed` moves the job's state
 * and progress bar in the cache at once; the list itself is refetched when a job starts, ends
 * or is unknown, and now and then while it runs (the applied figures are not in the event).
 * `ai.model.changed` (a model added, trained, loaded or made the default) refreshes the models.
 */
export function useAiEvents(projectId: number): void {
  const dispatch = useAppDispatch();
  const store = useStore();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const refreshJobs = () => dispatch(aiApi.util.invalidateTags([{ type: 'AiJob', id: 'LIST' }]));
  const refreshModels = () => dispatch(aiApi.util.invalidateTags(['AiModel', 'AiStats']));
  const refreshSoon = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      refreshJobs();
    }, RUNNING_REFRESH_MS);
  };

  const onEvent = (m: RealtimeMessage) => {
    if (m.type === 'ai.model.changed') {
      refreshModels();
      // A colleague's choice of labels for a model's classes: the open mapping follows.
      const { modelId, change } = m.payload as RealtimeMessage<'ai.model.changed'>['payload'];
      if (change === 'mapping') dispatch(aiApi.util.invalidateTags([{ type: 'AiClassMap', id: modelId }]));
      return;
    }
    if (m.type !== 'ai.job.changed') return;
    const event = m.payload as RealtimeMessage<'ai.job.changed'>['payload'];
    const ended = FINISHED_JOB_STATES.includes(event.state);
    let moved = false;
    const known = patchCachedJobs(dispatch, store.getState, event.jobId, (job) => {
      // An event older than what the list already has (the list was refetched meanwhile) changes nothing.
      if (FINISHED_JOB_STATES.includes(job.state)) return;
      moved = job.state !== event.state;
      job.state = event.state;
      job.done = event.done;
      job.total = event.total;
    });
    if (!known || moved || ended) refreshJobs();
    else refreshSoon();
    // An ended job changes scores, statistics, feedback and (training) the models.
    if (ended) refreshModels();
  };

  useRoomEvents(Number.isInteger(projectId) ? room('project', projectId) : null, onEvent, () => {
    refreshJobs();
    refreshModels();
  });
}
