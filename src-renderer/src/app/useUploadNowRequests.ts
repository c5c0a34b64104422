import { room } from '../../../src-shared/api/realtime';
import { workstation } from '../host';
import { useRoomEvents } from './useRoomEvents';
import { answerUploadRequest } from './uploadNowRequests';

/** While signed in, the team's ops can ask this workstation to upload its logs now (POST /core/log/upload/request). */
export function useUploadNowRequests(userId: number | undefined): void {
  useRoomEvents(userId ? room('user', userId) : null, (m) => {
    if (m.type !== 'log.uploadRequested') return;
    void answerUploadRequest((method, args) => workstation.invoke(method, args), m.payload as Parameters<typeof answerUploadRequest>[1]).catch(() => undefined);
  });
}
