import { useEffect, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import type { LogUpload } from '../../../../../src-shared/api/log';
import { api } from '../../../app/apiSlice';
import { useAppDispatch } from '../../../app/hooks';
import { useLazyListLogUploadsQuery, useListLogUploadsQuery, useRequestLogUploadMutation } from '../api/logApi';

/** Whose workstation is asked: a person, and one of their devices or (null) all of them. */
export interface UploadTarget {
  userId: number;
  userName: string;
  deviceId: string | null;
  deviceLabel: string | null;
}

export type UploadNowState =
  | { status: 'idle' }
  | { status: 'waiting'; target: UploadTarget }
  | { status: 'arrived'; target: UploadTarget; upload: LogUpload }
  | { status: 'quiet'; target: UploadTarget };

/** How often the page looks for the asked zip: a ship and its registration take seconds. */
const PROBE_MS = 3000;
/** When the page stops looking and says nothing came (the workstation may be off); the text says "two minutes". */
const QUIET_AFTER_MS = 2 * 60_000;

/**
 * "Upload now" and the wait for its answer. The server announces the request to the person's
 * workstations, but nothing when a zip is registered (registering is `readOnly`, docs/logging.md),
 * so the page asks for the person's (device's) newest zip every few seconds until one newer than
 * the newest before the request arrives, then refreshes the list; after two quiet minutes it
 * says so and stops. The probe is one row of one person: cheap for the server.
 */
export function useUploadNow() {
  const dispatch = useAppDispatch();
  const [request, requesting] = useRequestLogUploadMutation();
  const [peek] = useLazyListLogUploadsQuery();
  const [state, setState] = useState<UploadNowState>({ status: 'idle' });
  const [afterId, setAfterId] = useState(0);
  const waiting = state.status === 'waiting' ? state.target : null;
  const probeArgs = waiting ? { page: 1, pageSize: 1, userId: waiting.userId, ...(waiting.deviceId ? { deviceId: waiting.deviceId } : {}) } : skipToken;
  const probe = useListLogUploadsQuery(probeArgs, { pollingInterval: PROBE_MS, skipPollingIfUnfocused: false, refetchOnMountOrArgChange: true });
  const newest = waiting ? probe.data?.list[0] : undefined;

  useEffect(() => {
    if (!waiting || !newest || newest.id <= afterId) return;
    setState({ status: 'arrived', target: waiting, upload: newest });
    dispatch(api.util.invalidateTags([{ type: 'LogUpload', id: 'LIST' }]));
  }, [waiting, newest, afterId, dispatch]);

  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setState({ status: 'quiet', target: waiting }), QUIET_AFTER_MS);
    return () => clearTimeout(timer);
  }, [waiting]);

  /** Sends the request; a refusal throws (the caller shows it), an accepted one starts the wait. */
  const ask = async (target: UploadTarget) => {
    const scope = { userId: target.userId, ...(target.deviceId ? { deviceId: target.deviceId } : {}) };
    // The newest zip before asking: what arrives after it is the answer.
    const before = await peek({ page: 1, pageSize: 1, ...scope }).unwrap();
    await request(scope).unwrap();
    setAfterId(before.list[0]?.id ?? 0);
    setState({ status: 'waiting', target });
  };

  return { state, ask, asking: requesting.isLoading, dismiss: () => setState({ status: 'idle' }) };
}
