import type { WorkstationSession } from '../../../../src-shared/ipc';
import { useServerReach } from '../../app/serverReach';
import { isServerUnreachable } from '../work/workspace/unreachable';
import { useInfoQuery } from './authApi';
import { useRememberedSession } from './useRememberedSession';

/** Who is signed in, as far as the workstation's session needs: id, name, mobile. */
export type SignedInUser = WorkstationSession['user'];

/**
 * The signed-in user: the server's answer (GET /user/info), or, when the server cannot be
 * reached (a start with it away), the user this workstation remembers for the page's token
 * (`session.restore`, which also sets the main process's session with it, so the journal sends
 * as them once the server is back). Undefined until one of them answers.
 */
export function useSignedInUser(): SignedInUser | undefined {
  const { data, error } = useInfoQuery();
  const away = useServerReach() === 'away';
  const remembered = useRememberedSession(data === undefined && (away || (error !== undefined && isServerUnreachable(error))));
  return data ?? remembered?.user ?? undefined;
}
